// The course: its lessons in order, one line each. A lesson's folder declares its class;
// adding a lesson is its folder, its header included here and its line in the list
// (docs/architecture.md, "Adding a lesson").

#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01.h"
#include "core/lessons/performance-02/performance02.h"
#include "core/lessons/performance-03/performance03.h"
#include "core/lessons/performance-04/performance04.h"
#include "core/lessons/performance-05/performance05.h"
#include "core/lessons/performance-06/performance06.h"
#include "core/lessons/performance-07/performance07.h"
#include "core/lessons/performance-08/performance08.h"
#include "core/lessons/performance-09/performance09.h"

namespace lessonscope {

namespace {

// A lesson of the course, made on first use and kept for the program's life.
template<typename LessonClass>
const Lesson *made()
{
    static const LessonClass lesson;
    return &lesson;
}

} // namespace

const std::vector<const Lesson *> &courseLessons()
{
    static const std::vector<const Lesson *> lessons{
        made<Performance01>(), made<Performance02>(), made<Performance03>(),
        made<Performance04>(), made<Performance05>(), made<Performance06>(),
        made<Performance07>(), made<Performance08>(), made<Performance09>(),
    };
    return lessons;
}

} // namespace lessonscope
