#pragma once

#include "core/lesson/lesson.h"

#include <string_view>
#include <vector>

namespace lessonscope {

// Every lesson this build of lessonscope can run, in course order.
const std::vector<const Lesson *> &allLessons();

// The lesson with this id, or nullptr.
const Lesson *findLesson(std::string_view id);

} // namespace lessonscope
