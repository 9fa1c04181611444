// The course: its lessons in order. Adding a lesson is its folder here and one line below
// (docs/architecture.md, "Adding a lesson").

#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01.h"
#include "core/lessons/performance-02/performance02.h"

namespace lessonscope {

const std::vector<const Lesson *> &courseLessons()
{
    // Lessons are stateless values; one instance each, made on first use.
    static const Performance01 performance01;
    static const Performance02 performance02;
    static const std::vector<const Lesson *> lessons{&performance01, &performance02};
    return lessons;
}

} // namespace lessonscope
