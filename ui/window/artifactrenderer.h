#pragma once

#include "ui/library/libraryentry.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

// Draws an artifact with the explorer's own widgets into an image, with no window shown: what
// `lessonscope render` writes. Needs a QApplication (the offscreen platform is enough).
enum class RenderView { All, Panels, Diagram };

// "all", "panels", "diagram" → the view; false for anything else.
bool parseRenderView(const QString &text, RenderView *view);

// call: the timeline's call to draw (its index among the lesson's measured calls, as the call
// selector counts them); -1 draws the call the explorer opens on (the typical one). The caller
// checks the index against the artifact's calls (renderableCallCount).
// answer: the prediction answered as a learner would, before the picture is taken (lessonscope
// render --answer): a candidate's key, or where the timeline asks a length, a multiple of its
// reference ("2.5"); empty leaves it unanswered. The caller checks it (renderableAnswers).
QImage renderArtifact(const LibraryEntry &entry, RenderView view, const QSize &size, int call = -1,
                      const QString &answer = QString());

// How many measured calls the artifact's timeline can draw: 0 when it has none (a schematic
// diagram, another harness's results).
int renderableCallCount(const LibraryEntry &entry);

// What the artifact's prediction can be answered with: its candidates' keys, in time order, or
// none when its timeline asks a length (*asksLength is then true) or it has no diagram.
QStringList renderableAnswers(const LibraryEntry &entry, bool *asksLength);
