// A first use of the product on OpenCL, part by part, in fresh processes (this test runs itself as
// the measuring child): PoCL's cache empty, then holding the program, then off. The cache's files
// show, with no clock, that the first call compiled the kernel after the explicit build.
#include "core/opencl/openclcommand.h"
#include "core/opencl/openclfirstuse.h"
#include "core/opencl/openclproduct.h"
#include "core/opencl/openclsession.h"
#include "core/timing/statistics.h"

#include <QCoreApplication>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <vector>

using namespace lessonscope;

namespace {

constexpr const char *kChildFlag = "--measure-first-use";

void print(const char *key, std::int64_t value) { std::printf("%s %lld\n", key, static_cast<long long>(value)); }

void printStep(const char *name, const TimedStep &step)
{
    std::printf("step %s %lld %lld\n", name, static_cast<long long>(step.beginNs), static_cast<long long>(step.endNs));
}

// The child: one first use, then warm calls of the same product shape, printed as "key value" lines.
int measureInChild()
{
    try {
        const OpenClFirstUse use = measureOpenClFirstUse(0, MatmulKernel::Dtype::Float32, 64, 32, 16, 0);
        print("begin", use.beginNs);
        print("end", use.endNs);
        print("parts", use.partsNs());
        printStep("platform", use.platform);
        printStep("context", use.context);
        printStep("queue", use.queue);
        printStep("createProgram", use.createProgram);
        printStep("build", use.build);
        printStep("createKernel", use.createKernel);
        printStep("allocate", use.allocate);
        printStep("place", use.place);
        printStep("firstCall", {use.firstCall.enqueueBeginNs, use.firstCall.readyObservedNs});
        print("firstCallEnqueueEnd", use.firstCall.enqueueEndNs);
        print("firstCallSubmitToStart", use.firstCall.device.startNs - use.firstCall.device.submitNs);
        std::printf("programCache %s\nkernelBinaryCache %s\n", kernelCacheOutcomeName(use.programCache),
                    kernelCacheOutcomeName(use.kernelBinaryCache));
        std::printf("maxAbsError %.17g\n", use.maxAbsError);

        OpenClSession session(0);
        OpenClProduct product(session, MatmulKernel::Dtype::Float32, 64, 32, 16, 0);
        product.createKernel();
        product.allocate();
        product.place(true);
        product.enqueue().wait();
        std::vector<double> warm;
        for (int i = 0; i < 31; ++i) {
            OpenClCommand call = product.enqueue();
            call.wait();
            warm.push_back(static_cast<double>(call.record().readyObservedNs - call.record().enqueueBeginNs));
        }
        print("warmMedian", static_cast<std::int64_t>(median(warm)));
        return 0;
    } catch (const std::exception &error) {
        std::printf("error %s\n", error.what());
        return 1;
    }
}

struct FirstUse {
    QMap<QString, QString> values;
    QMap<QString, QPair<qint64, qint64>> steps;
    QString problem; // why there is none

    qint64 number(const char *key) const { return values.value(QLatin1String(key)).toLongLong(); }
};

FirstUse runChild(const QProcessEnvironment &environment)
{
    QProcess child;
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QLatin1String(kChildFlag)});
    child.setProcessEnvironment(environment);
    child.start();
    FirstUse use;
    if (!child.waitForFinished(120'000) || child.exitStatus() != QProcess::NormalExit) {
        use.problem = QStringLiteral("the measuring child did not finish");
        return use;
    }
    for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
        const QList<QByteArray> words = line.split(' ');
        if (words.size() == 4 && words[0] == "step")
            use.steps[QString::fromLatin1(words[1])] = {words[2].toLongLong(), words[3].toLongLong()};
        else if (words.size() >= 2)
            use.values[QString::fromLatin1(words[0])] = QString::fromUtf8(line.mid(words[0].size() + 1));
    }
    if (use.values.contains(QStringLiteral("error")))
        use.problem = use.values.value(QStringLiteral("error"));
    return use;
}

QProcessEnvironment cacheIn(const QString &folder)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("POCL_CACHE_DIR"), folder);
    environment.remove(QStringLiteral("POCL_KERNEL_CACHE"));
    return environment;
}

} // namespace

class TestOpenClFirstUse : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_cache; // PoCL's kernel cache for these children only

    FirstUse measured(const QProcessEnvironment &environment)
    {
        const FirstUse use = runChild(environment);
        if (!use.problem.isEmpty() && !use.values.contains(QStringLiteral("begin")))
            qWarning("%s", qPrintable(use.problem));
        return use;
    }

private slots:
    void initTestCase()
    {
        if (listOpenClDevices().devices.empty())
            QSKIP(
                qPrintable(QStringLiteral("no OpenCL device: ") + QString::fromStdString(listOpenClDevices().problem)));
        if (!listOpenClDevices().devices.front().isPocl())
            QSKIP("the first OpenCL device is not PoCL: its kernel cache is not read here");
        QVERIFY(m_cache.isValid());
    }

    // Every part measured, in the order paid, none overlapping the next; the whole spans from
    // before the platform lookup to the first call's readiness. Mutant: a first call timed from
    // after clBuildProgram (the whole then holds less than its parts).
    void theFirstUseIsTimedPartByPart()
    {
        const FirstUse use = measured(cacheIn(m_cache.path() + QStringLiteral("/parts")));
        QVERIFY2(use.problem.isEmpty(), qPrintable(use.problem));
        const char *order[] = {"platform",     "context",  "queue", "createProgram", "build",
                               "createKernel", "allocate", "place", "firstCall"};
        qint64 previousEnd = use.number("begin");
        for (const char *name : order) {
            const QPair<qint64, qint64> step = use.steps.value(QLatin1String(name));
            QVERIFY2(step.first > 0 && step.first <= step.second, name);
            QVERIFY2(previousEnd <= step.first, name);
            previousEnd = step.second;
        }
        QCOMPARE(previousEnd, use.number("end"));
        QVERIFY(use.number("parts") <= use.number("end") - use.number("begin"));
        QVERIFY(use.number("firstCallEnqueueEnd") <= use.steps.value(QStringLiteral("firstCall")).second);
        QVERIFY(use.values.value(QStringLiteral("maxAbsError")).toDouble() < 1e-5);
    }

    // In an empty cache clBuildProgram compiles the program, and the first call compiles the
    // kernel for its work-group size after it: the explicit build does not make the first call
    // warm. Run again with the same cache, both are found.
    void aColdCacheIsMissedThenHit()
    {
        const QProcessEnvironment environment = cacheIn(m_cache.path() + QStringLiteral("/coldthenwarm"));
        const FirstUse cold = measured(environment);
        QVERIFY2(cold.problem.isEmpty(), qPrintable(cold.problem));
        QCOMPARE(cold.values.value(QStringLiteral("programCache")), QStringLiteral("miss"));
        QCOMPARE(cold.values.value(QStringLiteral("kernelBinaryCache")), QStringLiteral("miss"));
        const QPair<qint64, qint64> firstCall = cold.steps.value(QStringLiteral("firstCall"));
        QVERIFY2(firstCall.second - firstCall.first > cold.number("warmMedian"),
                 qPrintable(QStringLiteral("first %1 ns, warm median %2 ns")
                                .arg(firstCall.second - firstCall.first)
                                .arg(cold.number("warmMedian"))));

        const FirstUse cached = measured(environment);
        QVERIFY2(cached.problem.isEmpty(), qPrintable(cached.problem));
        QCOMPARE(cached.values.value(QStringLiteral("programCache")), QStringLiteral("hit"));
        QCOMPARE(cached.values.value(QStringLiteral("kernelBinaryCache")), QStringLiteral("hit"));
        qInfo("clBuildProgram %.1f ms cold, %.1f ms cached; first enqueue + wait %.1f ms cold, %.3f ms cached",
              (cold.steps.value(QStringLiteral("build")).second - cold.steps.value(QStringLiteral("build")).first)
                  / 1e6,
              (cached.steps.value(QStringLiteral("build")).second - cached.steps.value(QStringLiteral("build")).first)
                  / 1e6,
              (firstCall.second - firstCall.first) / 1e6,
              (cached.steps.value(QStringLiteral("firstCall")).second
               - cached.steps.value(QStringLiteral("firstCall")).first)
                  / 1e6);
    }

    void aDisabledCacheIsSaid()
    {
        QProcessEnvironment environment = cacheIn(m_cache.path() + QStringLiteral("/off"));
        environment.insert(QStringLiteral("POCL_KERNEL_CACHE"), QStringLiteral("0"));
        const FirstUse off = measured(environment);
        QVERIFY2(off.problem.isEmpty(), qPrintable(off.problem));
        QCOMPARE(off.values.value(QStringLiteral("programCache")), QStringLiteral("disabled"));
        QCOMPARE(off.values.value(QStringLiteral("kernelBinaryCache")), QStringLiteral("disabled"));
    }
};

int main(int argc, char *argv[])
{
    if (argc == 2 && std::strcmp(argv[1], kChildFlag) == 0)
        return measureInChild();
    QCoreApplication app(argc, argv);
    TestOpenClFirstUse test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_openclfirstuse.moc"
