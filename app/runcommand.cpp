#include "runcommand.h"

#include "core/lesson/artifactbuilder.h"
#include "core/artifact/artifactio.h"
#include "commandline.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonregistry.h"
#include "core/timing/matmulvariants.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/statistics.h"
#include "core/base/units.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>
#include <QRegularExpression>

#include <atomic>
#include <csignal>
#include <stdexcept>
#include <unistd.h>

using namespace lessonscope;

namespace {

// Set by SIGINT: the run stops between calls and keeps what it measured.
std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true, std::memory_order_relaxed);
}

// Progress on stderr: a self-overwriting line on a terminal, a line every few seconds otherwise.
// Throttled so that printing never competes with the timed calls for long.
class StderrProgress final : public RunObserver
{
public:
    explicit StderrProgress(QString lessonId)
        : m_lessonId(std::move(lessonId)), m_terminal(isatty(STDERR_FILENO) == 1)
    {
    }

    void progress(int done, int total) override
    {
        const std::int64_t now = MonotonicClock::nowNs();
        const std::int64_t interval = m_terminal ? 100'000'000 : 2'000'000'000;
        if (done != total && now - m_lastPrintNs < interval)
            return;
        m_lastPrintNs = now;
        const QString line = QStringLiteral("%1: call %2 of %3").arg(m_lessonId).arg(done).arg(total);
        printErr(m_terminal ? QStringLiteral("\r%1\x1b[K").arg(line) : line + QLatin1Char('\n'));
        if (m_terminal && done == total)
            printErr(QStringLiteral("\n"));
    }

    bool isCancelled() const override { return g_interrupted.load(std::memory_order_relaxed); }

private:
    QString m_lessonId;
    bool m_terminal = false;
    std::int64_t m_lastPrintNs = 0;
};

QString readable(double seconds)
{
    return QString::fromStdString(formatDuration(seconds));
}

QString summaryOf(const LessonRun &run, const Artifact &artifact)
{
    const TimingSummary &timing = artifact.timingSummary();
    QString text;
    const auto row = [&text](const QString &name, const QString &value) {
        text += QStringLiteral("  %1 %2\n").arg(name, -16).arg(value);
    };
    text += QStringLiteral("%1  %2 · %3 %4\n")
                .arg(QString::fromStdString(run.lessonId))
                .arg(QString::fromStdString(formatShape(timing.inputShape)),
                     QString::fromStdString(formatShape(timing.weightShape)),
                     QString::fromStdString(timing.dtype));
    if (timing.firstCallSeconds)
        row(QStringLiteral("first call"), readable(*timing.firstCallSeconds));
    if (!timing.warmSamplesSeconds.empty()) {
        const Statistics stats = summarize(timing.warmSamplesSeconds);
        row(QStringLiteral("warm median"),
            QStringLiteral("%1  (%2 samples; min %3, max %4, MAD %5)")
                .arg(readable(stats.median))
                .arg(stats.count)
                .arg(readable(stats.min), readable(stats.max), readable(stats.mad)));
    }
    if (timing.dispatchOnlyWarmMedianSeconds)
        row(QStringLiteral("dispatch only"),
            QStringLiteral("%1  (median; what a timer stopped right after dispatch reads)")
                .arg(readable(*timing.dispatchOnlyWarmMedianSeconds)));
    if (timing.maxAbsError)
        row(QStringLiteral("max_abs_error"), QString::number(*timing.maxAbsError, 'g', 3));
    row(QStringLiteral("ran with"),
        QStringLiteral("%1, %2 wait").arg(QString::fromStdString(run.instructionSet),
                                          QString::fromStdString(run.waitStrategy)));
    return text;
}

// "64x32x16" (x or ×) → m, k, n.
bool parseShape(const QString &text, ParameterValues &values)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)[x×X](\\d+)[x×X](\\d+)$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return false;
    values["m"] = match.captured(1).toLongLong();
    values["k"] = match.captured(2).toLongLong();
    values["n"] = match.captured(3).toLongLong();
    return true;
}

QString defaultOutputName(const std::string &lessonId)
{
    return QStringLiteral("%1-%2.json")
        .arg(QString::fromStdString(lessonId),
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

} // namespace

int runCommand(const QStringList &arguments)
{
    // The lesson decides which options exist, so find it before building the parser.
    const QString lessonName = arguments.value(0).startsWith(QLatin1Char('-')) ? QString() : arguments.value(0);
    const Lesson *lesson = findLesson(lessonName.toStdString());
    if (!lesson && !arguments.contains(QStringLiteral("--help")) && !arguments.contains(QStringLiteral("-h"))) {
        printErr(lessonName.isEmpty()
                     ? QStringLiteral("lessonscope run: name a lesson; 'lessonscope lessons' lists them.\n")
                     : QStringLiteral("lessonscope run: no lesson '%1'; 'lessonscope lessons' lists them.\n").arg(lessonName));
        return 2;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Run a lesson on this machine and write its artifact."));
    parser.addPositionalArgument(QStringLiteral("lesson"), QStringLiteral("The lesson to run, e.g. performance-01."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the artifact to FILE (default: LESSON-TIME.json)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite FILE if it exists."));
    const QCommandLineOption shape(QStringLiteral("shape"), QStringLiteral("X (M×K) · W (K×N), e.g. 64x32x16."),
                                   QStringLiteral("MxKxN"));
    QStringList isaNames;
    for (const MatmulVariantInfo &variant : matmulVariants())
        isaNames.append(QString::fromStdString(variant.name));
    const QCommandLineOption isa(QStringLiteral("isa"),
                                 QStringLiteral("Run the product with this instruction-set variant: %1 "
                                                "(default: $%2, else the best this CPU runs).")
                                     .arg(isaNames.join(QStringLiteral(", ")),
                                          QLatin1String(kIsaEnvironmentVariable)),
                                 QStringLiteral("NAME"));
    parser.addOptions({output, force, isa});
    QList<QCommandLineOption> parameterOptions;
    if (lesson) {
        if (lesson->info().parameters.size() >= 3)
            parser.addOption(shape);
        for (const ParameterSpec &spec : lesson->info().parameters) {
            parameterOptions.append(QCommandLineOption(QString::fromStdString(spec.name),
                                                       QString::fromStdString(spec.description),
                                                       QString::fromStdString(spec.name).toUpper()));
            parser.addOption(parameterOptions.back());
        }
    }
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("run"), arguments); exitCode >= 0)
        return exitCode;

    ParameterValues values;
    if (parser.isSet(shape) && !parseShape(parser.value(shape), values)) {
        printErr(QStringLiteral("lessonscope run: --shape '%1' is not MxKxN, e.g. 64x32x16.\n").arg(parser.value(shape)));
        return 2;
    }
    for (std::size_t i = 0; i < lesson->info().parameters.size(); ++i) {
        const ParameterSpec &spec = lesson->info().parameters[i];
        const QCommandLineOption &option = parameterOptions[static_cast<qsizetype>(i)];
        if (!parser.isSet(option))
            continue;
        const QString text = parser.value(option);
        if (spec.type == ParameterSpec::Type::Integer) {
            bool ok = false;
            const qlonglong number = text.toLongLong(&ok);
            if (!ok) {
                printErr(QStringLiteral("lessonscope run: --%1 '%2' is not an integer.\n")
                             .arg(QString::fromStdString(spec.name), text));
                return 2;
            }
            values[spec.name] = static_cast<std::int64_t>(number);
        } else {
            values[spec.name] = text.toStdString();
        }
    }
    if (const auto error = lesson->resolveParameters(values)) {
        printErr(QStringLiteral("lessonscope run: %1\n").arg(QString::fromStdString(*error)));
        return 2;
    }

    // The variant is checked before anything runs: a forced one this CPU lacks is refused, never
    // replaced by another (the artifact would name the wrong one).
    if (parser.isSet(isa)) {
        const std::string name = parser.value(isa).toStdString();
        if (const std::string problem = matmulIsaProblem(name); !problem.empty()) {
            printErr(QStringLiteral("lessonscope run: --isa %1: %2.\n")
                         .arg(parser.value(isa), QString::fromStdString(problem)));
            return 2;
        }
        setMatmulIsa(name);
    } else {
        try {
            defaultMatmulIsa();
        } catch (const std::invalid_argument &error) {
            printErr(QStringLiteral("lessonscope run: %1.\n").arg(QString::fromUtf8(error.what())));
            return 2;
        }
    }

    const QString path = parser.isSet(output) ? parser.value(output) : defaultOutputName(lesson->info().id);
    if (QFileInfo::exists(path) && !parser.isSet(force)) {
        printErr(QStringLiteral("lessonscope run: %1 exists; choose another -o FILE or add --force.\n").arg(path));
        return 1;
    }

    std::signal(SIGINT, onInterrupt);
    StderrProgress progress(QString::fromStdString(lesson->info().id));
    const LessonRun run = lesson->run(values, progress);
    std::signal(SIGINT, SIG_DFL);

    const Artifact artifact = buildArtifact(*lesson, run, rfc3339UtcNow());
    QString error;
    if (!writeArtifactFile(artifact, path, &error)) {
        printErr(QStringLiteral("lessonscope run: could not write %1: %2\n").arg(path, error));
        return 1;
    }
    printOut(summaryOf(run, artifact));
    if (run.cancelled)
        printErr(QStringLiteral("interrupted: kept the %1 warm calls measured before the stop\n").arg(run.warmCalls.size()));
    printOut(QStringLiteral("wrote %1\n").arg(path));
    return run.cancelled ? 1 : 0;
}
