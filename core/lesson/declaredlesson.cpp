#include "core/lesson/declaredlesson.h"

namespace lessonscope {

DeclaredLesson::DeclaredLesson(const LessonDeclaration &declaration)
    : ContractLesson(declaration.contract), m_declaration(declaration), m_info(declaration.makeInfo())
{
    m_info.id = declaration.id;
}

std::optional<std::string> DeclaredLesson::workProblem(const ParameterValues &values) const
{
    return m_declaration.workProblem ? m_declaration.workProblem(values) : std::nullopt;
}

LessonRun DeclaredLesson::run(const ParameterValues &values, RunObserver &observer) const
{
    return runOn(RunContext{}, values, observer);
}

LessonRun DeclaredLesson::runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const
{
    return m_declaration.run(context, values, observer);
}

std::string DeclaredLesson::describeParameters(const ParameterValues &values) const
{
    return m_declaration.describe(values);
}

int DeclaredLesson::measureInChild(const QStringList &arguments) const
{
    return m_declaration.measureInChild ? m_declaration.measureInChild(arguments) : Lesson::measureInChild(arguments);
}

} // namespace lessonscope
