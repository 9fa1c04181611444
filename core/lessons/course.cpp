// The course: its lessons in order, one line each. A lesson's folder declares it (kLesson);
// adding a lesson is its folder, its header included here and its line in the list
// (docs/architecture.md, "Adding a lesson").

#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-08/performance08contract.h"
#include "core/lessons/performance-09/performance09contract.h"

namespace lessonscope {

namespace {

// A lesson of the course, made from its declaration on first use and kept for the program's life.
template<const LessonDeclaration &declaration>
const Lesson *made()
{
    static const DeclaredLesson lesson(declaration);
    return &lesson;
}

} // namespace

const std::vector<const Lesson *> &courseLessons()
{
    static const std::vector<const Lesson *> lessons{
        made<performance01::kLesson>(), made<performance02::kLesson>(), made<performance03::kLesson>(),
        made<performance04::kLesson>(), made<performance05::kLesson>(), made<performance06::kLesson>(),
        made<performance07::kLesson>(), made<performance08::kLesson>(), made<performance09::kLesson>(),
    };
    return lessons;
}

} // namespace lessonscope
