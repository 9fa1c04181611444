#pragma once

#include <QStringList>

// "lessonscope measure-child LESSON ARGS…": hidden from --help. A lesson whose run() needs fresh
// processes (core/lesson/childprocess.h) starts lessonscope this way; the named lesson measures
// in this process (Lesson::measureInChild) and prints its JSON on stdout.
int measureChildCommand(const QStringList &arguments);
