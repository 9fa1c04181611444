// The product's instruction-set variants (issue 5): every variant this CPU runs gives the product
// within floating-point error of the reference and of the others; the choice follows the CPU,
// LESSONSCOPE_ISA and a run's context (`run --isa`), and refuses what the CPU lacks; the artifact names the
// variant that ran. And each variant is its own code — the one-definition trap, where the linker
// keeps one copy of Eigen's identically named instantiations for all variants, is shown absent
// three ways: each library exports only its entry point and imports no Eigen code, its machine
// code uses no wider registers than its instruction set allows, and under valgrind (a CPU with
// AVX2 but no AVX-512) the avx2 and baseline variants run while the avx512 one is stopped.
#include "core/lesson/artifactbuilder.h"
#include "core/timing/cpulevel.h"
#include "core/lesson/lessonregistry.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/matmulvariants.h"
#include "core/lessons/performance-01/performance01contract.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace lessonscope;

namespace {

using Dtype = MatmulKernel::Dtype;

// The inputs as MatmulKernel makes them (matmulkernel.cpp): mt19937_64, top 53 bits to [-1, 1),
// X then W, each filled row by row; returned column-major, as doubles of the element type's value.
struct Inputs {
    std::vector<double> x; // m×k
    std::vector<double> w; // k×n
};

Inputs inputsOf(Dtype dtype, int m, int k, int n, std::uint64_t seed)
{
    std::mt19937_64 generator(seed);
    const auto next = [&generator, dtype] {
        const double value = static_cast<double>(generator() >> 11) * 0x1.0p-53 * 2.0 - 1.0;
        return dtype == Dtype::Float32 ? static_cast<double>(static_cast<float>(value)) : value;
    };
    Inputs inputs{std::vector<double>(std::size_t(m) * k), std::vector<double>(std::size_t(k) * n)};
    for (int row = 0; row < m; ++row)
        for (int col = 0; col < k; ++col)
            inputs.x[std::size_t(col) * m + row] = next();
    for (int row = 0; row < k; ++row)
        for (int col = 0; col < n; ++col)
            inputs.w[std::size_t(col) * k + row] = next();
    return inputs;
}

// The error bound of a length-k dot product in any summation order, with or without FMA:
// |computed - exact| <= gamma_k * sum |x||w|, gamma_k = k·u / (1 - k·u), u the unit round-off.
double gamma(Dtype dtype, int k)
{
    const double u = dtype == Dtype::Float32 ? std::numeric_limits<float>::epsilon() / 2
                                             : std::numeric_limits<double>::epsilon() / 2;
    return k * u / (1 - k * u);
}

QStringList supportedVariants()
{
    QStringList names;
    for (const MatmulVariantInfo &variant : matmulVariants()) {
        if (variant.supported)
            names.append(QString::fromStdString(variant.name));
    }
    return names;
}

// Sets or clears LESSONSCOPE_ISA for one scope, and restores it.
class IsaScope
{
public:
    explicit IsaScope(const QByteArray &environment)
        : m_saved(qgetenv(kIsaEnvironmentVariable)), m_hadSaved(qEnvironmentVariableIsSet(kIsaEnvironmentVariable))
    {
        if (environment.isNull())
            qunsetenv(kIsaEnvironmentVariable);
        else
            qputenv(kIsaEnvironmentVariable, environment);
    }
    ~IsaScope()
    {
        if (m_hadSaved)
            qputenv(kIsaEnvironmentVariable, m_saved);
        else
            qunsetenv(kIsaEnvironmentVariable);
    }
    IsaScope(const IsaScope &) = delete;
    IsaScope &operator=(const IsaScope &) = delete;

private:
    QByteArray m_saved;
    bool m_hadSaved = false;
};

struct ToolRun {
    bool started = false;
    bool crashed = false;
    int exitCode = -1;
    QString out;
    QString err;
};

ToolRun runTool(const QString &program, const QStringList &arguments, int timeoutMs = 60'000)
{
    QProcess process;
    process.start(program, arguments);
    ToolRun run;
    run.started = process.waitForStarted();
    if (!run.started)
        return run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestMatmulVariants : public QObject
{
    Q_OBJECT

private slots:
    void thisBuildHasTheVariantsBestFirst();
    void productOnEveryVariantAgrees_data();
    void productOnEveryVariantAgrees();
    void defaultIsTheWidestVariantUpToAvx2();
    void environmentAndOptionForceAVariant();
    void unknownOrUnsupportedIsRefused_data();
    void unknownOrUnsupportedIsRefused();
    void artifactNamesTheVariantThatRan();
    void eachVariantExportsOnlyItsEntryAndImportsNoEigen();
    void eachVariantsCodeStaysWithinItsInstructionSet();
    void variantsRunOnACpuWithoutAvx512();
};

void TestMatmulVariants::thisBuildHasTheVariantsBestFirst()
{
    const std::vector<MatmulVariantInfo> variants = matmulVariants();
    QVERIFY(!variants.empty());
#if defined(__x86_64__)
    QCOMPARE(variants.size(), std::size_t(3));
    QCOMPARE(variants[0].name, std::string("avx512"));
    QCOMPARE(variants[1].name, std::string("avx2"));
    QCOMPARE(variants[2].name, std::string("baseline"));
    // Supported exactly as far as the CPU's x86-64 level goes.
    QCOMPARE(variants[0].supported, x86Level() >= 4);
    QCOMPARE(variants[1].supported, x86Level() >= 3);
    QVERIFY(x86Level() >= 1);
#endif
    QVERIFY(variants.back().supported); // the baseline runs everywhere
    for (const MatmulVariantInfo &variant : variants) {
        QVERIFY2(QFileInfo::exists(QString::fromStdString(variant.library)), variant.library.c_str());
        QVERIFY(!variant.requirement.empty());
        QCOMPARE(variant.simd.empty(), !variant.supported);
    }
    // Eigen inside each variant uses that variant's instruction set, whatever core was built with.
#if defined(__x86_64__)
    if (variants[0].supported)
        QCOMPARE(variants[0].simd, std::string("AVX512, AVX512DQ, FMA, AVX2, AVX, SSE4.2, SSE4.1, SSSE3, SSE3, SSE2"));
    if (variants[1].supported)
        QCOMPARE(variants[1].simd, std::string("FMA, AVX2, AVX, SSE4.2, SSE4.1, SSSE3, SSE3, SSE2"));
    QCOMPARE(variants[2].simd, std::string("SSE2"));
#endif
}

void TestMatmulVariants::productOnEveryVariantAgrees_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::addColumn<quint64>("seed");
    struct Shape {
        const char *name;
        int m, k, n;
    };
    const Shape shapes[] = {
        {"1x1x1", 1, 1, 1},
        {"lesson default 64x32x16", 64, 32, 16},
        {"odd, no packet multiple 17x33x65", 17, 33, 65},
        {"deep 3x300x5", 3, 300, 5},
        {"one row 1x64x64", 1, 64, 64},
        {"larger than a block 130x260x70", 130, 260, 70},
    };
    quint64 seed = 0;
    for (const Shape &shape : shapes) {
        QTest::addRow("float32 %s", shape.name) << int(Dtype::Float32) << shape.m << shape.k << shape.n << seed;
        QTest::addRow("float64 %s", shape.name) << int(Dtype::Float64) << shape.m << shape.k << shape.n << seed;
        seed += 7;
    }
}

void TestMatmulVariants::productOnEveryVariantAgrees()
{
    QFETCH(int, dtype);
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, n);
    QFETCH(quint64, seed);
    const auto type = static_cast<Dtype>(dtype);
    const Inputs inputs = inputsOf(type, m, k, n, seed);

    // Per output element: the exact product and sum |x||w|. In quad precision (113 bits): a
    // product of two doubles (106 bits) is exact there, which in long double (64) it is not, so
    // that float64's error is measured against the true sum, as the lessons' reference does.
    using Quad = __float128;
    const auto distance = [](double got, Quad exactValue) {
        const Quad difference = static_cast<Quad>(got) - exactValue;
        return static_cast<double>(difference < 0 ? -difference : difference);
    };
    std::vector<Quad> exact(std::size_t(m) * n);
    std::vector<double> magnitude(std::size_t(m) * n);
    for (int col = 0; col < n; ++col) {
        for (int row = 0; row < m; ++row) {
            Quad sum = 0;
            double absSum = 0;
            for (int p = 0; p < k; ++p) {
                const double xv = inputs.x[std::size_t(p) * m + row];
                const double wv = inputs.w[std::size_t(col) * k + p];
                sum += static_cast<Quad>(xv) * static_cast<Quad>(wv);
                absSum += std::fabs(xv * wv);
            }
            exact[std::size_t(col) * m + row] = sum;
            magnitude[std::size_t(col) * m + row] = absSum;
        }
    }
    const double bound = gamma(type, k) * 1.01;

    const QStringList variants = supportedVariants();
    QVERIFY(!variants.isEmpty());
    std::vector<std::vector<double>> outputs;
    for (const QString &name : variants) {
        MatmulKernel kernel(type, m, k, n, seed, name.toStdString());
        QCOMPARE(QString::fromStdString(kernel.isa()), name);
        QVERIFY(kernel.output().empty()); // no output before the first call
        kernel.multiply();
        const std::vector<double> first = kernel.output();
        QCOMPARE(first.size(), exact.size());
        for (std::size_t i = 0; i < first.size(); ++i) {
            const double error = distance(first[i], exact[i]);
            if (error > bound * magnitude[i] + 1e-300)
                QFAIL(qPrintable(QStringLiteral("%1: element %2 is %3, exact %4: error %5 over the bound %6")
                                     .arg(name)
                                     .arg(i)
                                     .arg(first[i], 0, 'g', 17)
                                     .arg(static_cast<double>(exact[i]), 0, 'g', 17)
                                     .arg(error)
                                     .arg(bound * magnitude[i])));
        }
        // maxAbsErrorAgainstReference() sees the same output against the same reference.
        double worst = 0;
        for (std::size_t i = 0; i < first.size(); ++i)
            worst = std::max(worst, distance(first[i], exact[i]));
        QVERIFY(std::fabs(kernel.maxAbsErrorAgainstReference() - worst) <= 1e-6 * worst + 1e-300);
        // A warm call recomputes exactly the same output.
        kernel.multiply();
        QVERIFY(kernel.output() == first);
        outputs.push_back(first);
    }
    // Variant against variant: each within the bound of the exact product, so within twice it of
    // one another.
    for (std::size_t v = 1; v < outputs.size(); ++v) {
        for (std::size_t i = 0; i < outputs[v].size(); ++i) {
            if (std::fabs(outputs[v][i] - outputs[0][i]) > 2 * bound * magnitude[i] + 1e-300)
                QFAIL(qPrintable(QStringLiteral("%1 and %2 differ at element %3: %4 against %5")
                                     .arg(variants[0], variants[int(v)])
                                     .arg(i)
                                     .arg(outputs[0][i], 0, 'g', 17)
                                     .arg(outputs[v][i], 0, 'g', 17)));
        }
    }
}

// Unasked, a CPU with AVX-512 gets the AVX2 product (its 512-bit unit runs the lessons' calls at two
// speeds); every other CPU the widest variant it runs. Mutant: the best the CPU runs, avx512 at v4.
void TestMatmulVariants::defaultIsTheWidestVariantUpToAvx2()
{
    const IsaScope scope{QByteArray()}; // neither LESSONSCOPE_ISA nor --isa
    const QStringList built = [] {
        QStringList names;
        for (const MatmulVariantInfo &variant : matmulVariants())
            names << QString::fromStdString(variant.name);
        return names;
    }();
    if (built.contains(QStringLiteral("avx512"))) {
        QCOMPARE(QString::fromStdString(unaskedMatmulIsa(4)), QStringLiteral("avx2"));
        QCOMPARE(QString::fromStdString(unaskedMatmulIsa(3)), QStringLiteral("avx2"));
        QCOMPARE(QString::fromStdString(unaskedMatmulIsa(2)), QStringLiteral("baseline"));
        QCOMPARE(QString::fromStdString(unaskedMatmulIsa(1)), QStringLiteral("baseline"));
    }
    const QStringList supported = supportedVariants();
    const QString expected = supported.contains(QStringLiteral("avx2")) ? QStringLiteral("avx2") : supported.front();
    QCOMPARE(QString::fromStdString(defaultMatmulIsa()), expected);
    const MatmulKernel kernel(Dtype::Float32, 4, 4, 4, 0);
    QCOMPARE(QString::fromStdString(kernel.isa()), expected);
    // Asked for, the widest the CPU runs is still there.
    const IsaScope asked(supported.front().toUtf8());
    QCOMPARE(QString::fromStdString(MatmulKernel(Dtype::Float32, 4, 4, 4, 0).isa()), supported.front());
}

void TestMatmulVariants::environmentAndOptionForceAVariant()
{
    const QStringList variants = supportedVariants();
    for (const QString &name : variants) {
        const IsaScope scope(name.toUtf8());
        QCOMPARE(QString::fromStdString(defaultMatmulIsa()), name);
        const MatmulKernel kernel(Dtype::Float64, 4, 4, 4, 0);
        QCOMPARE(QString::fromStdString(kernel.isa()), name);
    }
    // A run's own variant (its RunContext: the run command's --isa) wins over the environment,
    // and a name given to the constructor is that: nothing process-wide is set.
    {
        const IsaScope scope(variants.front().toUtf8());
        QCOMPARE(QString::fromStdString(resolvedMatmulIsa(variants.back().toStdString())), variants.back());
        QCOMPARE(QString::fromStdString(resolvedMatmulIsa({})), variants.front());
        QCOMPARE(QString::fromStdString(MatmulKernel(Dtype::Float32, 2, 2, 2, 0, variants.back().toStdString()).isa()),
                 variants.back());
        QCOMPARE(QString::fromStdString(MatmulKernel(Dtype::Float32, 2, 2, 2, 0).isa()), variants.front());
    }
    // An empty LESSONSCOPE_ISA is the same as none.
    {
        const IsaScope scope{QByteArray("")};
        QCOMPARE(QString::fromStdString(defaultMatmulIsa()), QString::fromStdString(unaskedMatmulIsa(x86Level())));
    }
    // A bad one is refused with a sentence that says where it came from, never replaced.
    {
        const IsaScope scope{QByteArray("sse9")};
        try {
            const MatmulKernel kernel(Dtype::Float32, 2, 2, 2, 0);
            QFAIL("LESSONSCOPE_ISA=sse9 was accepted");
        } catch (const std::invalid_argument &error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.startsWith(QStringLiteral("LESSONSCOPE_ISA=sse9: unknown instruction set 'sse9'")),
                     error.what());
            QVERIFY2(message.contains(QStringLiteral("baseline")), error.what());
        }
    }
}

void TestMatmulVariants::unknownOrUnsupportedIsRefused_data()
{
    QTest::addColumn<QString>("request");
    QTest::addColumn<int>("cpuLevel");
    QTest::addColumn<QString>("problem"); // empty: accepted

#if defined(__x86_64__)
    QTest::newRow("avx512 on an AVX-512 CPU") << "avx512" << 4 << "";
    QTest::newRow("avx512 on an AVX2 CPU") << "avx512" << 3
                                           << "this CPU cannot run avx512, which needs x86-64-v4 (AVX-512 F, BW, CD, "
                                              "DQ and VL); it can run avx2 and baseline";
    QTest::newRow("avx2 on an SSE4.2 CPU") << "avx2" << 2
                                           << "this CPU cannot run avx2, which needs x86-64-v3 (AVX, AVX2, FMA, BMI1, "
                                              "BMI2, F16C, LZCNT and MOVBE); it can run baseline";
    QTest::newRow("avx2 on an AVX2 CPU") << "avx2" << 3 << "";
    QTest::newRow("baseline on the oldest x86-64") << "baseline" << 1 << "";
    QTest::newRow("unknown") << "sse9" << 4
                             << "unknown instruction set 'sse9'; this build has avx512, avx2 and baseline";
    QTest::newRow("names are lower case")
        << "AVX2" << 4 << "unknown instruction set 'AVX2'; this build has avx512, avx2 and baseline";
    QTest::newRow("empty") << "" << 4 << "unknown instruction set ''; this build has avx512, avx2 and baseline";
#else
    QTest::newRow("baseline") << "baseline" << 0 << "";
    QTest::newRow("unknown") << "avx2" << 0 << "unknown instruction set 'avx2'; this build has baseline";
#endif
}

void TestMatmulVariants::unknownOrUnsupportedIsRefused()
{
    QFETCH(QString, request);
    QFETCH(int, cpuLevel);
    QFETCH(QString, problem);
    QCOMPARE(QString::fromStdString(matmulIsaProblem(request.toStdString(), cpuLevel)), problem);

    // On this machine's CPU: a refused request never makes a kernel (an empty name given to the
    // constructor is not a request: it means the default).
    if (request.isEmpty())
        return;
    const std::string here = matmulIsaProblem(request.toStdString());
    if (here.empty()) {
        QCOMPARE(QString::fromStdString(MatmulKernel(Dtype::Float32, 2, 2, 2, 0, request.toStdString()).isa()),
                 request);
    } else {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 MatmulKernel(Dtype::Float32, 2, 2, 2, 0, request.toStdString()));
    }
}

void TestMatmulVariants::artifactNamesTheVariantThatRan()
{
    const Lesson *lesson = findLesson(performance01::kId);
    QVERIFY(lesson);
    for (const QString &name : supportedVariants()) {
        const IsaScope scope(name.toUtf8());
        ParameterValues values{{"samples", std::int64_t(2)}};
        QVERIFY(!lesson->resolveParameters(values));
        RunObserver observer;
        const LessonRun run = lesson->run(values, observer);
        QCOMPARE(QString::fromStdString(run.instructionSet), name);
        QVERIFY(run.output->at("max_abs_error").get<double>() < 1e-5);
        const Artifact artifact = buildArtifact(*lesson, run, "2026-10-20T10:45:58.968076+00:00");
        QCOMPARE(QString::fromStdString(artifact.json().at("environment").at("isa").get<std::string>()), name);
    }
    // The run's own context (`run --isa`) wins over the environment, for that run alone.
    const QStringList variants = supportedVariants();
    const IsaScope scope(variants.front().toUtf8());
    ParameterValues values{{"samples", std::int64_t(2)}};
    QVERIFY(!lesson->resolveParameters(values));
    RunObserver observer;
    const LessonRun asked = lesson->runOn(RunContext{kStreamDevice, variants.back().toStdString()}, values, observer);
    QCOMPARE(QString::fromStdString(asked.instructionSet), variants.back());
    QCOMPARE(QString::fromStdString(lesson->run(values, observer).instructionSet), variants.front());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lesson->runOn(RunContext{kStreamDevice, "sse9"}, values, observer));
}

// The one-definition trap, first look: a variant that exported an Eigen instantiation could have
// it taken by another (the dynamic linker binds a symbol to its first definition), and one that
// imported one would run another's. Each exports its entry point alone and imports only the C and
// C++ runtimes.
void TestMatmulVariants::eachVariantExportsOnlyItsEntryAndImportsNoEigen()
{
    const QString nm = QStandardPaths::findExecutable(QStringLiteral("nm"));
    if (nm.isEmpty())
        QSKIP("nm (binutils) is not installed");
    for (const MatmulVariantInfo &variant : matmulVariants()) {
        const QString library = QString::fromStdString(variant.library);
        const ToolRun defined = runTool(nm, {QStringLiteral("-D"), QStringLiteral("--defined-only"), library});
        QCOMPARE(defined.exitCode, 0);
        QStringList symbols;
        for (const QString &line : defined.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            symbols.append(line.section(QLatin1Char(' '), -1));
        QCOMPARE(
            symbols,
            QStringList{QStringLiteral("lessonscope_matmul_variant_%1").arg(QString::fromStdString(variant.name))});

        const ToolRun undefined
            = runTool(nm, {QStringLiteral("-D"), QStringLiteral("--undefined-only"), QStringLiteral("-C"), library});
        QCOMPARE(undefined.exitCode, 0);
        QVERIFY2(!undefined.out.contains(QStringLiteral("Eigen")), qPrintable(undefined.out));
        QVERIFY2(!undefined.out.contains(QStringLiteral("lessonscope")), qPrintable(undefined.out));

        // No constructor either: every variant's library is loaded on every CPU, so none of its
        // code may run before the CPU check (a static initialiser would be _GLOBAL__sub_I_...).
        // Not in a sanitizer build, whose instrumentation adds one to register the globals (such
        // a build is for this machine only).
#if !defined(__SANITIZE_ADDRESS__)
        const ToolRun all = runTool(nm, {library});
        if (all.exitCode == 0) // a stripped (installed) library has no symbol table to look in
            QVERIFY2(!all.out.contains(QStringLiteral("_GLOBAL__sub_I")), qPrintable(library));
#endif
    }
}

// Second look: the machine code of each variant uses no register wider than its instruction set
// has — no zmm (AVX-512) in avx2, no ymm or zmm in the baseline — and the avx512 variant does use
// zmm, so that the check is seen to be able to fail.
void TestMatmulVariants::eachVariantsCodeStaysWithinItsInstructionSet()
{
    const QString objdump = QStandardPaths::findExecutable(QStringLiteral("objdump"));
    if (objdump.isEmpty())
        QSKIP("objdump (binutils) is not installed");
    int checked = 0;
    for (const MatmulVariantInfo &variant : matmulVariants()) {
        const ToolRun disassembly = runTool(
            objdump,
            {QStringLiteral("-d"), QStringLiteral("--no-show-raw-insn"), QString::fromStdString(variant.library)});
        QCOMPARE(disassembly.exitCode, 0);
        const qsizetype zmm = disassembly.out.count(QStringLiteral("%zmm"));
        const qsizetype ymm = disassembly.out.count(QStringLiteral("%ymm"));
        qInfo("%s: %lld zmm operands, %lld ymm", variant.name.c_str(), static_cast<long long>(zmm),
              static_cast<long long>(ymm));
        if (variant.name == "avx512") {
            QVERIFY(zmm > 100);
            ++checked;
        } else if (variant.name == "avx2") {
            QCOMPARE(zmm, qsizetype(0));
            QVERIFY(ymm > 100);
            ++checked;
        } else if (variant.name == "baseline") {
#if defined(__x86_64__)
            QCOMPARE(zmm, qsizetype(0));
            QCOMPARE(ymm, qsizetype(0));
            ++checked;
#endif
        }
    }
#if defined(__x86_64__)
    QCOMPARE(checked, 3);
#endif
}

// Third look, at run time: valgrind's virtual CPU has AVX2 but no AVX-512 and stops a program at
// its first AVX-512 instruction. There the avx2 and baseline variants must run to the end while
// the avx512 one (called directly, past the CPU check) is stopped; and a portable lessonscope must
// choose avx2 there and name it in the artifact.
void TestMatmulVariants::variantsRunOnACpuWithoutAvx512()
{
#if !defined(__x86_64__)
    QSKIP("x86-64 only");
#elif defined(__SANITIZE_ADDRESS__)
    QSKIP("valgrind cannot run a program built with AddressSanitizer");
#else
    const QString valgrind = QStandardPaths::findExecutable(QStringLiteral("valgrind"));
    if (valgrind.isEmpty())
        QSKIP("valgrind is not installed (apt-get install valgrind); the other two checks still ran");
    const QStringList options{QStringLiteral("--quiet"), QStringLiteral("--error-exitcode=99")};
    const QString probe = QStringLiteral(LESSONSCOPE_MATMUL_PROBE);

    for (const QString &name : {QStringLiteral("avx2"), QStringLiteral("baseline")}) {
        const ToolRun run = runTool(valgrind, options + QStringList{probe, name});
        QVERIFY2(run.started, "valgrind did not start");
        QVERIFY2(!run.crashed && run.exitCode == 0, qPrintable(name + QLatin1String(": ") + run.err));
        QVERIFY2(run.out.startsWith(name + QLatin1Char(' ')), qPrintable(run.out));
    }
    // The positive control: the same check stops AVX-512 code.
    const ToolRun avx512 = runTool(valgrind, options + QStringList{probe, QStringLiteral("avx512")});
    QVERIFY2(avx512.crashed || avx512.exitCode != 0, qPrintable(avx512.out));
    QVERIFY2(avx512.err.contains(QStringLiteral("SIGILL")), qPrintable(avx512.err));

#if defined(LESSONSCOPE_NATIVE_BUILD)
    qInfo("core is built with -march=native here, so lessonscope itself may use AVX-512 outside the "
          "product: the run of the whole program under valgrind is left to the portable build");
#else
    // The whole program, as packaged: it chooses avx2 on this CPU and says so.
    const IsaScope scope{QByteArray()};
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString output = dir.filePath(QStringLiteral("run.json"));
    const ToolRun run = runTool(valgrind,
                                options
                                    + QStringList{QStringLiteral(LESSONSCOPE_BINARY), QStringLiteral("run"),
                                                  QStringLiteral("performance-01"), QStringLiteral("--samples"),
                                                  QStringLiteral("3"), QStringLiteral("-o"), output},
                                180'000);
    QVERIFY2(!run.crashed && run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QRegularExpression(QStringLiteral("ran with +avx2, "))), qPrintable(run.out));
    QFile file(output);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const nlohmann::json artifact = nlohmann::json::parse(file.readAll().toStdString());
    QCOMPARE(artifact.at("environment").at("isa").get<std::string>(), std::string("avx2"));
#endif
#endif
}

QTEST_GUILESS_MAIN(TestMatmulVariants)
#include "tst_matmulvariants.moc"
