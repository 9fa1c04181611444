#pragma once

#include <QStringList>

// lessonscope export-trace: see programHelp() and 'export-trace --help'.
int exportTraceCommand(const QStringList &arguments);
