#include "core/lesson/lessonregistry.h"

#include <algorithm>

namespace lessonscope {

namespace {

std::vector<const Lesson *> &lessons()
{
    static std::vector<const Lesson *> list = courseLessons();
    return list;
}

} // namespace

const std::vector<const Lesson *> &allLessons() { return lessons(); }

const Lesson *findLesson(std::string_view id)
{
    const auto &list = lessons();
    const auto it
        = std::find_if(list.begin(), list.end(), [id](const Lesson *lesson) { return lesson->info().id == id; });
    return it == list.end() ? nullptr : *it;
}

bool registerLesson(const Lesson &lesson)
{
    if (findLesson(lesson.info().id))
        return false;
    lessons().push_back(&lesson);
    return true;
}

} // namespace lessonscope
