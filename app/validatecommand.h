#pragma once

#include <QStringList>

// lessonscope validate: see programHelp() and 'validate --help'.
int validateCommand(const QStringList &arguments);
