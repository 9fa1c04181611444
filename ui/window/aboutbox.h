#pragma once

#include <QString>

class QWidget;

// The About box: what lessonscope is, and the versions of Qt, Eigen, OpenSSL and the build.
QString aboutText();
void showAboutBox(QWidget *parent);
