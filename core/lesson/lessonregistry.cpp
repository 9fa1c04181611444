#include "core/lesson/lessonregistry.h"

#include "core/lessons/performance-01/performance01.h"

#include <algorithm>

namespace lessonscope {

const std::vector<const Lesson *> &allLessons()
{
    // Lessons are stateless values; one instance each, made on first use.
    static const Performance01 performance01;
    static const std::vector<const Lesson *> lessons{&performance01};
    return lessons;
}

const Lesson *findLesson(std::string_view id)
{
    const auto &lessons = allLessons();
    const auto it = std::find_if(lessons.begin(), lessons.end(),
                                 [id](const Lesson *lesson) { return lesson->info().id == id; });
    return it == lessons.end() ? nullptr : *it;
}

} // namespace lessonscope
