#pragma once

#include "core/lesson/artifactcomparison.h"
#include "core/peers/resultsfile.h"

#include <QJsonObject>
#include <QString>

// `lessonscope compare` of two results files of the same harness (core/peers/resultscomparison.h):
// what differs between the runs, then per benchmark B ÷ A with its 95% interval and verdict and
// compare.py's U test p-values, then what only one side has. Prints it (as JSON with json).
void printResultsComparison(const QString &fileA, const lessonscope::ResultsFile &a, const QString &fileB,
                            const lessonscope::ResultsFile &b, bool json);

// One compared figure or benchmark for a --json report: its name under nameKey, a, b, unit,
// ratio, samplesA, samplesB, verdict, and when it has an interval ratioInterval with its confidence
// (0.95, or 0.99 between runs' rounds; ratio95 too when it is 0.95), intervalTrusted and intervalMethod.
QJsonObject comparedFigureJson(const lessonscope::ComparedFigure &figure, const QString &nameKey);
