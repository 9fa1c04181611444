#pragma once

// The main window's docks as the settings keep them: plain numbers, each checked against the
// window before use. QMainWindow::restoreState trusts its bytes, and a layout whose 32-bit words
// were damaged, stored with its right SHA-256, crashed the explorer at every start (issue 19).

#include <QByteArray>

class QMainWindow;

// "docks1 NAME:AREA:VISIBLE:SIZE;…" for every dock widget with an object name: its dock area
// (Qt::DockWidgetArea), whether it is shown, and its width (left, right) or height (top, bottom).
QByteArray saveDockLayout(const QMainWindow &window);

// Restores what names a dock the window has, in an area it allows, with a size in range; anything
// else is left as it is. False when the text is not such a layout at all.
bool restoreDockLayout(QMainWindow &window, const QByteArray &layout);
