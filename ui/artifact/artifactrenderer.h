#pragma once

#include "ui/library/libraryentry.h"

#include <QImage>
#include <QSize>
#include <QString>

// Draws an artifact with the explorer's own widgets into an image, with no window shown: what
// `lessonscope render` writes. Needs a QApplication (the offscreen platform is enough).
enum class RenderView { All, Panels, Diagram };

// "all", "panels", "diagram" → the view; false for anything else.
bool parseRenderView(const QString &text, RenderView *view);

QImage renderArtifact(const LibraryEntry &entry, RenderView view, const QSize &size);
