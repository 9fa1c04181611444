#pragma once

// Helpers for the tests of other harnesses' results files (tests/data/peers/, README.md there):
// a fixture's path and bytes, a fixture opened as lessonscope opens any file, a changed copy of
// one, and the problems that say something at a place.

#include "core/library/openedfile.h"
#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>

namespace peertesting {

inline QString fixturePath(const QString &name) { return QStringLiteral(LESSONSCOPE_TEST_DATA "/peers/") + name; }

// Every fixture, JSON and CSV, by name.
inline QStringList fixtureNames()
{
    return QDir(QStringLiteral(LESSONSCOPE_TEST_DATA "/peers"))
        .entryList({QStringLiteral("*.json"), QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
}

inline std::string fixtureBytes(const QString &name) { return coretesting::readBytes(fixturePath(name)).toStdString(); }

inline lessonscope::OpenedFile openFixture(const QString &name) { return lessonscope::openFile(fixturePath(name)); }

// A fixture's JSON changed in memory, then opened from its bytes: what a broken file gives.
inline lessonscope::OpenedFile openChanged(const QString &name, const std::function<void(lessonscope::Json &)> &change)
{
    lessonscope::Json document = lessonscope::Json::parse(fixtureBytes(name));
    change(document);
    return lessonscope::openBytes(document.dump(2));
}

// The first problem of this severity at this pointer whose message has these words; nullptr if none.
inline const lessonscope::Problem *findProblem(const lessonscope::Problems &problems, lessonscope::Severity severity,
                                               const std::string &pointer, const std::string &words)
{
    for (const lessonscope::Problem &problem : problems) {
        if (problem.severity == severity && problem.pointer == pointer
            && problem.message.find(words) != std::string::npos)
            return &problem;
    }
    return nullptr;
}

inline QString problemsText(const lessonscope::Problems &problems)
{
    QString text;
    for (const lessonscope::Problem &problem : problems)
        text += QString::fromStdString(lessonscope::formatProblem("", problem)) + QLatin1Char('\n');
    return text;
}

} // namespace peertesting
