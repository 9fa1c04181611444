#pragma once

#include <QStringList>

// lessonscope show: see programHelp() and 'show --help'.
int showCommand(const QStringList &arguments);
