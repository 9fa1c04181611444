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

// call: the timeline's call to draw (its index among the lesson's measured calls, as the call
// selector counts them); -1 draws the call the explorer opens on (the typical one). The caller
// checks the index against the artifact's calls (renderableCallCount).
QImage renderArtifact(const LibraryEntry &entry, RenderView view, const QSize &size, int call = -1);

// How many measured calls the artifact's timeline can draw: 0 when it has none (a schematic
// diagram, another harness's results).
int renderableCallCount(const LibraryEntry &entry);
