#pragma once

#include <QStringList>

// lessonscope render FILE -o OUT.png [--size WxH] [--view all|panels|diagram]: draws the
// explorer's widgets for an artifact into an image, with no display needed.
// runRender() creates the QApplication (offscreen when there is no display) and runs the command;
// renderCommand() expects one to exist.
int runRender(int argc, char *argv[]);
int renderCommand(const QStringList &arguments);
