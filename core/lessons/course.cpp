// The course: its lessons in order, one line each. A lesson's folder defines
// lessonscope::course::<name>(), which returns the lesson; adding a lesson is its folder and its
// line here (docs/architecture.md, "Adding a lesson").

#include "core/lesson/lessonregistry.h"

#define LESSONSCOPE_COURSE(LESSON)                                                                                     \
    LESSON(performance01)                                                                                              \
    LESSON(performance02)                                                                                              \
    LESSON(performance03)                                                                                              \
    LESSON(performance04)                                                                                              \
    LESSON(performance05)                                                                                              \
    LESSON(performance06)                                                                                              \
    LESSON(performance07)                                                                                              \
    LESSON(performance08)                                                                                              \
    LESSON(performance09)

namespace lessonscope {

namespace course {
#define LESSONSCOPE_DECLARE_LESSON(name) const Lesson &name();
LESSONSCOPE_COURSE(LESSONSCOPE_DECLARE_LESSON)
#undef LESSONSCOPE_DECLARE_LESSON
} // namespace course

const std::vector<const Lesson *> &courseLessons()
{
#define LESSONSCOPE_LIST_LESSON(name) &course::name(),
    static const std::vector<const Lesson *> lessons{LESSONSCOPE_COURSE(LESSONSCOPE_LIST_LESSON)};
#undef LESSONSCOPE_LIST_LESSON
    return lessons;
}

} // namespace lessonscope
