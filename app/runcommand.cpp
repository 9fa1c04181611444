#include "runcommand.h"

#include "core/lesson/disturbance.h"
#include "core/lesson/environmentinfo.h"

#include "core/lesson/artifactbuilder.h"
#include "commandline.h"
#include "core/base/rfc3339.h"
#include "core/base/units.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/timing/matmulvariants.h"
#include "core/timing/monotonicclock.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <stdexcept>
#include <unistd.h>

using namespace lessonscope;

namespace {

// Set by SIGINT (Ctrl+C) and SIGTERM (kill, a session's end): the run stops between calls, its
// measuring child is stopped, and what was measured is kept. The signal, for the message.
std::atomic<int> g_interrupted{0};

extern "C" void onInterrupt(int signal) { g_interrupted.store(signal, std::memory_order_relaxed); }

// The two signals' handlers for the length of a run, then the defaults again.
class InterruptHandlers
{
public:
    InterruptHandlers()
    {
        std::signal(SIGINT, onInterrupt);
        std::signal(SIGTERM, onInterrupt);
    }
    ~InterruptHandlers()
    {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
    }
};

QString interruptedBy()
{
    return g_interrupted.load() == SIGTERM ? QStringLiteral("terminated (SIGTERM)") : QStringLiteral("interrupted");
}

// Progress on stderr: a self-overwriting line on a terminal, a line every few seconds otherwise.
// Throttled so that printing never competes with the timed calls for long.
class StderrProgress final : public RunObserver
{
public:
    explicit StderrProgress(QString lessonId) : m_lessonId(std::move(lessonId)), m_terminal(isatty(STDERR_FILENO) == 1)
    { }

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

    bool isCancelled() const override { return g_interrupted.load(std::memory_order_relaxed) != 0; }

private:
    QString m_lessonId;
    bool m_terminal = false;
    std::int64_t m_lastPrintNs = 0;
};

QString summaryOf(const LessonRun &run, const Artifact &artifact, const Disturbance &disturbance)
{
    const LessonSummary summary = summarizeArtifact(artifact);
    QString text
        = QStringLiteral("%1  %2\n").arg(QString::fromStdString(run.lessonId), QString::fromStdString(summary.setup));
    for (const Figure &figure : summary.figures) {
        if (const QString value = QString::fromStdString(readableFigure(figure, disturbance)); !value.isEmpty())
            text += QStringLiteral("  %1 %2\n").arg(QString::fromStdString(figure.label), -16).arg(value);
    }
    text += QStringLiteral("  %1 %2\n")
                .arg(QStringLiteral("conditions"), -16)
                .arg(indentedLines(conditionsText(disturbance), 19));
    // On the stream, the product's variant; on a real device, the device (its driver compiled the kernel).
    const std::string ranOn = run.deviceEnvironment
        ? deviceDescription(Json::object({{"device", *run.deviceEnvironment}}))
        : run.instructionSet;
    // A lesson of the host alone (its own clock) names the host and waits for nothing.
    QString ranWith = printable(QString::fromStdString(ranOn.empty() ? run.device : ranOn));
    if (run.waitStrategy != kNoWaitStrategy)
        ranWith += QStringLiteral(", %1 wait").arg(QString::fromStdString(run.waitStrategy));
    text += QStringLiteral("  %1 %2\n").arg(QStringLiteral("ran with"), -16).arg(ranWith);
    // On the stream every call crosses between the host's CPU and the worker's, and where the CPUs
    // are virtual the host machine's placement of them sets that link's cost (docs/performance.md,
    // "The link between CPUs"): said, so that a learner whose call reads slow can see why.
    if (const std::vector<double> &link = run.measuring.referenceLinkNs;
        !run.deviceEnvironment && run.waitStrategy != kNoWaitStrategy && !link.empty()) {
        const auto [fastest, slowest] = std::minmax_element(link.begin(), link.end());
        const auto ns = [](double value) { return QString::fromStdString(formatDuration(value / 1e9)); };
        text
            += QStringLiteral("  %1 a cache line's round trip between two CPUs: %2\n")
                   .arg(QStringLiteral("link"), -16)
                   .arg(*fastest == *slowest ? ns(*fastest)
                                             : QStringLiteral("%1–%2 over the rounds").arg(ns(*fastest), ns(*slowest)));
    }
    return text;
}

QString defaultOutputName(const std::string &lessonId)
{
    return QStringLiteral("%1-%2.json")
        .arg(QString::fromStdString(lessonId),
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

// The options a lesson declares: its shorthands (--shape) and one per parameter (--samples).
class LessonOptions
{
public:
    explicit LessonOptions(const Lesson *lesson) : m_lesson(lesson)
    {
        if (!lesson)
            return;
        for (const ParameterShorthand &shorthand : lesson->info().shorthands)
            m_shorthands.append(QCommandLineOption(QString::fromStdString(shorthand.name),
                                                   QString::fromStdString(shorthand.description),
                                                   QString::fromStdString(shorthand.valueName)));
        for (const ParameterSpec &spec : lesson->info().parameters)
            m_parameters.append(QCommandLineOption(QString::fromStdString(spec.name),
                                                   QString::fromStdString(spec.description),
                                                   QString::fromStdString(spec.name).toUpper()));
    }

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions(m_shorthands);
        parser.addOptions(m_parameters);
    }

    // The values given, shorthands first so that a parameter named on its own wins. Returns
    // false after printing what is wrong.
    bool read(const QCommandLineParser &parser, ParameterValues &values) const
    {
        const LessonInfo &info = m_lesson->info();
        for (std::size_t i = 0; i < info.shorthands.size(); ++i) {
            const ParameterShorthand &shorthand = info.shorthands[i];
            const QCommandLineOption &option = m_shorthands[static_cast<qsizetype>(i)];
            if (parser.isSet(option) && !shorthand.apply(parser.value(option).toStdString(), values)) {
                printErr(QStringLiteral("lessonscope run: --%1 '%2' is not %3; %4\n")
                             .arg(QString::fromStdString(shorthand.name), printable(parser.value(option)),
                                  QString::fromStdString(shorthand.valueName),
                                  QString::fromStdString(shorthand.description)));
                return false;
            }
        }
        for (std::size_t i = 0; i < info.parameters.size(); ++i) {
            const ParameterSpec &spec = info.parameters[i];
            const QCommandLineOption &option = m_parameters[static_cast<qsizetype>(i)];
            if (parser.isSet(option) && !readParameter(spec, parser.value(option), values))
                return false;
        }
        return true;
    }

private:
    static bool readParameter(const ParameterSpec &spec, const QString &text, ParameterValues &values)
    {
        if (spec.type != ParameterSpec::Type::Integer) {
            values[spec.name] = text.toStdString();
            return true;
        }
        const std::optional<std::int64_t> number = parseParameterInteger(text.toStdString());
        if (!number) {
            printErr(QStringLiteral("lessonscope run: --%1 '%2' is not an integer: write its digits alone, "
                                    "such as %3 (no plus sign, spaces or line breaks; at most 18 digits).\n")
                         .arg(QString::fromStdString(spec.name), printable(text))
                         .arg(spec.defaultInteger));
            return false;
        }
        values[spec.name] = *number;
        return true;
    }

    const Lesson *m_lesson;
    QList<QCommandLineOption> m_shorthands;
    QList<QCommandLineOption> m_parameters;
};

QCommandLineOption isaOption()
{
    QStringList names;
    for (const MatmulVariantInfo &variant : matmulVariants())
        names.append(QString::fromStdString(variant.name));
    return QCommandLineOption(
        QStringLiteral("isa"),
        QStringLiteral("Run the product with this instruction-set variant, for the lessons "
                       "that time it: %1 (default: $%2, else the widest this CPU runs up to avx2).")
            .arg(names.join(QStringLiteral(", ")), QLatin1String(kIsaEnvironmentVariable)),
        QStringLiteral("NAME"));
}

// The product's variant is settled before anything runs: a forced one this CPU lacks is refused,
// never replaced by another (the artifact would name the wrong one).
bool chooseVariant(const QCommandLineParser &parser, const QCommandLineOption &isa, std::string &variant)
{
    if (parser.isSet(isa)) {
        const std::string name = parser.value(isa).toStdString();
        if (const std::string problem = matmulIsaProblem(name); !problem.empty()) {
            printErr(QStringLiteral("lessonscope run: --isa %1: %2.\n")
                         .arg(printable(parser.value(isa)), printable(QString::fromStdString(problem))));
            return false;
        }
        variant = name; // the run's context carries it (RunContext): nothing process-wide
        return true;
    }
    try {
        defaultMatmulIsa();
        return true;
    } catch (const std::invalid_argument &error) {
        printErr(QStringLiteral("lessonscope run: %1.\n").arg(QString::fromUtf8(error.what())));
        return false;
    }
}

// The device is settled before anything runs, as the variant is: a name that is neither the
// stream nor "opencl:N", or a real device for a lesson that runs on the stream alone, is refused.
// Whether opencl:N exists is the lesson's to find out when it opens it (its error then says why).
bool chooseDevice(const Lesson &lesson, const QCommandLineParser &parser, const QCommandLineOption &deviceOption,
                  std::string &device)
{
    device = parser.isSet(deviceOption) ? parser.value(deviceOption).toStdString() : std::string(kStreamDevice);
    if (device == kStreamDevice)
        return true;
    if (!openClDeviceIndex(device)) {
        printErr(QStringLiteral("lessonscope run: --device %1: a lesson runs on \"stream\" or on \"opencl:N\" "
                                "('lessonscope devices' lists them).\n")
                     .arg(printable(parser.value(deviceOption))));
        return false;
    }
    if (!lesson.runsOnDevices()) {
        printErr(QStringLiteral("lessonscope run: --device %1: %2 runs on the stream only.\n")
                     .arg(printable(parser.value(deviceOption)), QString::fromStdString(lesson.info().id)));
        return false;
    }
    return true;
}

// The artifact a run made, checked as `validate` would check it: a run whose artifact fails
// lessonscope's own checks (a measuring child that printed what no run can have, say) is kept
// but does not succeed. Prints its problems; true when there is no error and no warning.
bool passesItsOwnChecks(const Artifact &artifact, const QString &path)
{
    const Problems problems = validateArtifact(artifact.json());
    if (countOf(problems, Severity::Error) == 0 && countOf(problems, Severity::Warning) == 0)
        return true;
    for (const Problem &problem : problems)
        printErr(QString::fromStdString(formatProblem(path.toStdString(), problem)) + QLatin1Char('\n'));
    printErr(QStringLiteral("lessonscope run: the artifact fails lessonscope's own checks (above); it was kept "
                            "as measured, but its numbers are not sound\n"));
    return false;
}

// Runs with progress on stderr (Ctrl+C stops between calls, keeping what was measured), then
// writes the artifact and says what it measured.
int runAndWrite(const Lesson &lesson, const ParameterValues &values, const RunContext &context, const QString &path,
                ExistingFile existing, bool recorded)
{
    StderrProgress progress(QString::fromStdString(lesson.info().id));
    LessonRun run;
    {
        const InterruptHandlers handlers;
        try {
            run = runLesson(lesson, values, progress, context);
        } catch (const std::exception &error) { // e.g. a lesson's measuring process failed
            printErr(QStringLiteral("lessonscope run: %1\n").arg(printable(QString::fromStdString(error.what()))));
            return 1;
        }
    }
    if (run.calls.empty()) { // stopped before its first measurement ended
        printErr(QStringLiteral("%1: nothing was measured, no artifact written\n").arg(interruptedBy()));
        return 1;
    }

    const Artifact artifact
        = buildArtifact(lesson, run, rfc3339UtcNow(), recorded ? Provenance::Recorded : Provenance::Measured);
    QString error;
    // Without --force the final step refuses any file of that name, also one that appeared during
    // the run (another run writing the same name, say): the check before the run cannot see it.
    if (!writeArtifactFile(artifact, path, &error, existing)) {
        printErr(QStringLiteral("lessonscope run: could not write %1: %2%3\n")
                     .arg(printable(path), printable(error),
                          error.endsWith(existingFileMessage())
                              ? QStringLiteral("; choose another -o FILE or add --force")
                              : QString()));
        return 1;
    }
    const Disturbance disturbance = disturbanceOf(artifact.json());
    printOut(summaryOf(run, artifact, disturbance));
    if (run.cancelled)
        printErr(QStringLiteral("%1: kept the %2 measured before the stop\n")
                     .arg(interruptedBy(),
                          run.calls.size() == 1 ? QStringLiteral("one call")
                                                : QStringLiteral("%1 calls")
                                                      .arg(QString::fromStdString(
                                                          formatCount(static_cast<std::int64_t>(run.calls.size()))))));
    printOut(QStringLiteral("wrote %1\n").arg(printable(path)));
    const bool sound = passesItsOwnChecks(artifact, path);
    if (disturbance.refused) {
        printErr(
            QStringLiteral("lessonscope run: could not measure; the artifact keeps every sample and its evidence\n"));
        return 1;
    }
    return run.cancelled || !sound ? 1 : 0;
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
                     : QStringLiteral("lessonscope run: no lesson '%1'; 'lessonscope lessons' lists them.\n")
                           .arg(printable(lessonName)));
        return 2;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Run a lesson on this machine and write its artifact."));
    parser.addPositionalArgument(QStringLiteral("lesson"),
                                 QStringLiteral("The lesson to run ('lessonscope lessons' lists them)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the artifact to FILE (default: LESSON-TIME.json)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite FILE if it exists."));
    const QCommandLineOption isa = isaOption();
    const QCommandLineOption recorded(QStringLiteral("recorded"),
                                      QStringLiteral("Mark the artifact as a recording to bundle with lessonscope "
                                                     "(provenance \"%1\"); make it on a quiet machine.")
                                          .arg(QLatin1String(kRecordedProvenance)));
    const QCommandLineOption deviceOption(
        QStringLiteral("device"),
        QStringLiteral("Run the lesson's work on this device: stream (the default: the "
                       "model's worker thread) or opencl:N, for the lessons that run "
                       "there ('lessonscope devices' lists them)."),
        QStringLiteral("ID"));
    parser.addOptions({output, force, isa, deviceOption, recorded});
    const LessonOptions lessonOptions(lesson);
    lessonOptions.addTo(parser);
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("run"), arguments); exitCode >= 0)
        return exitCode;

    if (const int exitCode = refuseLeftOverArguments(QStringLiteral("run"), parser.positionalArguments().mid(1),
                                                     QStringLiteral("run takes one lesson at a time"));
        exitCode >= 0)
        return exitCode;

    ParameterValues values;
    if (!lessonOptions.read(parser, values))
        return 2;
    if (const auto error = lesson->resolveRunParameters(values)) {
        printErr(QStringLiteral("lessonscope run: %1\n").arg(printable(QString::fromStdString(*error))));
        return 2;
    }
    RunContext context;
    if (!chooseVariant(parser, isa, context.isa) || !chooseDevice(*lesson, parser, deviceOption, context.device))
        return 2;

    const QString path = parser.isSet(output) ? parser.value(output) : defaultOutputName(lesson->info().id);
    // Before anything is measured: a run of minutes must not end at a file it cannot write.
    if (!acceptOutputPath(QStringLiteral("run"), path))
        return 1;
    if (QFileInfo(path).isSymLink() || QFileInfo::exists(path)) {
        if (!parser.isSet(force)) {
            printErr(QStringLiteral("lessonscope run: %1 exists; choose another -o FILE or add --force.\n")
                         .arg(printable(path)));
            return 1;
        }
    }
    return runAndWrite(*lesson, values, context, path, parser.isSet(force) ? ExistingFile::Replace : ExistingFile::Keep,
                       parser.isSet(recorded));
}
