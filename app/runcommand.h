#pragma once

#include <QStringList>

// lessonscope run: see programHelp() and 'run --help'.
int runCommand(const QStringList &arguments);
