#pragma once

#include "core/lesson/lesson.h"

#include <string_view>
#include <vector>

namespace lessonscope {

// The course's lessons in order: the one list a new lesson joins (core/lessons/course.cpp).
const std::vector<const Lesson *> &courseLessons();

// Every lesson this build of lessonscope can run: the course, then any registered since.
const std::vector<const Lesson *> &allLessons();

// The lesson with this id, or nullptr.
const Lesson *findLesson(std::string_view id);

// Adds a lesson after the course (a lesson defined outside core, such as a test's); one with the
// id of a known lesson is refused. Call it before any thread reads the lessons; the lesson must
// outlive every use. Returns whether it was added.
bool registerLesson(const Lesson &lesson);

// Registers a lesson at start-up: a static LessonRegistration in the lesson's own file is all
// the registration it needs.
struct LessonRegistration {
    explicit LessonRegistration(const Lesson &lesson) { registerLesson(lesson); }
};

} // namespace lessonscope
