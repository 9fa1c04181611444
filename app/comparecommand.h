#pragma once

#include <QStringList>

// lessonscope compare: see programHelp() and 'compare --help'.
int compareCommand(const QStringList &arguments);
