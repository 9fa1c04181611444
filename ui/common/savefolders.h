#pragma once

#include <QStandardPaths>
#include <QString>

namespace lessonscope {
class Artifact;
}

// Where the save and export dialogs open, and the names they suggest. A suggestion is only ever
// in a folder that exists: a dialog opened on a folder that is not there (~/Documents on a
// system without one) fails the save, and making the folder unasked would leave one behind.

// The folder last used (settings key lastFolderKey) when it still exists, else the platform's
// folder for the kind of file (Documents, Pictures) when it exists, else home. Creates nothing.
QString existingSaveFolder(const char *lastFolderKey, QStandardPaths::StandardLocation kind);

// The folder Save suggests for an artifact: the last one saved to, else Documents, else home —
// always one that exists. Export dialogs that fall back to it (the trace beside an unsaved run)
// use it too.
QString artifactSaveFolder();
// The settings key Save keeps that folder under.
inline constexpr const char *kArtifactSaveFolderKey = "lastSaveFolder";

// "<lessonId>-20261020-104558", from the lesson id and the generation time (the current time
// when the artifact has none): the name of an artifact that has no file yet, without ".json".
QString artifactBaseName(const lessonscope::Artifact &artifact);

// Where "Export trace" suggests writing: "<artifact basename>.trace.json" beside the artifact's
// file; for an artifact with no file on disk (an unsaved run, a recording compiled into the
// program) "<lessonId>-<generated>.trace.json" (artifactBaseName) in fallbackFolder.
QString suggestedTracePath(const QString &artifactPath, const lessonscope::Artifact &artifact,
                           const QString &fallbackFolder);
