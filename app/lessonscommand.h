#pragma once

#include <QStringList>

// lessonscope lessons: see programHelp() and 'lessons --help'.
int lessonsCommand(const QStringList &arguments);
