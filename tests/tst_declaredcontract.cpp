// The declared contract of a lesson (core/lesson/boundfigures.h, core/lesson/declaredpanels.h):
// one table of bound figures gives the writer, the reader and the check against the samples; one
// table of panels gives the panels, their layout and the check that each drawn value is stdout's.
// Tested on a toy table, apart from any lesson, so that each rule can be seen to fail.

#include "core/artifact/checker.h"
#include "core/artifact/problem.h"
#include "core/lesson/boundfigures.h"
#include "core/lesson/declaredpanels.h"
#include "core/lesson/statedparameters.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace lessonscope;

namespace {

struct Toy {
    std::string name;
    SampleColumns samples;
    std::optional<double> median; // printed by some runs only
    std::optional<double> ratio;  // null when there is none
    std::vector<double> perSize;
    std::vector<std::int64_t> sizes;
    std::int64_t count = 0;
    bool cancelled = false;
};

constexpr std::array kToyFields{
    bound::text("name", "a name", &Toy::name),
    bound::samples("samples_seconds", "each sample", &Toy::samples),
    bound::number("median_seconds", "s", "their median", &Toy::median).onSomeRuns(),
    bound::number("ratio", "", "a ratio", &Toy::ratio).orNull(),
    bound::list("per_size_seconds", "s", "one per size", &Toy::perSize),
    bound::list("sizes", "", "the sizes", &Toy::sizes),
    bound::integer("count", "", "a count", &Toy::count),
    bound::boolean("cancelled", "cancelled", &Toy::cancelled),
};

constexpr std::array kToyPanels{
    DeclaredPanel::line("By size", {"size", "seconds"}, "sizes", {{{"per size", {"per_size_seconds"}}}}),
    DeclaredPanel::bar("Both", {nullptr, "seconds"}, {"median", "count"}, {{{"two keys", {"median_seconds", "count"}}}})
        .drawnWith("median_seconds"),
};

Toy measuredToy()
{
    Toy toy;
    toy.name = "toy";
    toy.samples = SampleColumns{{1e-6, 2e-6, 3e-6}, {0, 0, 0}, {0, 0, 1}};
    toy.median = 2e-6;
    toy.perSize = {1e-6, 4e-6};
    toy.sizes = {1, 4};
    toy.count = 3;
    return toy;
}

Problems checked(const Toy &stated, const Toy &expected)
{
    Problems problems;
    Checker checker(problems);
    checkBoundFigures(stated, expected, kToyFields, "the samples", checker);
    return problems;
}

} // namespace

class TestDeclaredContract : public QObject
{
    Q_OBJECT

private slots:
    void aTableWritesInItsOrderAndReadsBack()
    {
        Json out = Json::object();
        writeBoundFigures(out, measuredToy(), kToyFields);
        std::vector<std::string> keys;
        for (auto it = out.begin(); it != out.end(); ++it)
            keys.push_back(it.key());
        // Its declared keys, each sample list followed by its companions, as stdoutfields.h says.
        static constexpr auto fields = fieldsOf(kToyFields);
        QCOMPARE(keys, declaredKeys(fields));
        QVERIFY(stdoutMismatches(out, fields).empty());
        QCOMPARE(out["ratio"], Json(nullptr)); // orNull: stated as none

        Toy read;
        readBoundFigures(out, read, kToyFields);
        QVERIFY(checked(read, measuredToy()).empty());
        QCOMPARE(read.samples.round, (std::vector<std::int64_t>{0, 0, 1}));
    }

    void aFigureOfSomeRunsIsLeftOutNotNulled()
    {
        Toy toy = measuredToy();
        toy.median.reset();
        Json out = Json::object();
        writeBoundFigures(out, toy, kToyFields);
        QVERIFY(!out.contains("median_seconds"));
        QVERIFY(stdoutMismatches(out, fieldsOf(kToyFields)).empty());
    }

    void theCheckNamesEachDepartureWithBothValues()
    {
        Toy stated = measuredToy();
        stated.median = 5e-6;
        stated.perSize[1] = 9e-6;
        const Problems problems = checked(stated, measuredToy());
        QCOMPARE(problems.size(), std::size_t(2));
        QCOMPARE(problems[0].pointer, std::string("/stdout/median_seconds"));
        QVERIFY(problems[0].message.find("(5e-06)") != std::string::npos);
        QVERIFY(problems[0].message.find("(2e-06)") != std::string::npos);
        QVERIFY(problems[1].message.find("per_size_seconds[1]") != std::string::npos);
        // Present against absent is a departure too.
        Toy absent = measuredToy();
        absent.median.reset();
        QCOMPARE(checked(absent, measuredToy()).size(), std::size_t(1));
    }

    void declaredPanelsDrawStdoutAndTheirLayoutHasNoValues()
    {
        Json out = Json::object();
        writeBoundFigures(out, measuredToy(), kToyFields);
        const Json panels = declaredPanels(kToyPanels, out);
        QCOMPARE(panels.size(), std::size_t(2));
        QCOMPARE(panels[0]["x"], out["sizes"]);
        QCOMPARE(panels[0]["series"][0]["y"], out["per_size_seconds"]);
        QCOMPARE(panels[1]["labels"], Json::array({"median", "count"}));
        QCOMPARE(panels[1]["series"][0]["y"], Json::array({2e-6, 3}));

        const Json layout = declaredLayout(kToyPanels);
        QVERIFY(!layout[0].contains("x"));
        QCOMPARE(layout[0]["series"], Json::array({"per size"}));
        QCOMPARE(layout[1]["series"], Json::array({"two keys"}));

        // A panel drawn with a figure some runs leave out is left out with it.
        Toy noMedian = measuredToy();
        noMedian.median.reset();
        Json without = Json::object();
        writeBoundFigures(without, noMedian, kToyFields);
        QCOMPARE(declaredPanels(kToyPanels, without).size(), std::size_t(1));
    }

    void thePanelCheckFindsAValueThatIsNotStdouts()
    {
        Json out = Json::object();
        writeBoundFigures(out, measuredToy(), kToyFields);
        Json document = {{"data", {{"panels", declaredPanels(kToyPanels, out)}}}};
        const auto problemsOf = [&out](const Json &doc) {
            Problems problems;
            Checker checker(problems);
            checkDeclaredPanels(doc, out, kToyPanels, checker);
            return problems;
        };
        QVERIFY(problemsOf(document).empty());
        document["data"]["panels"][1]["series"][0]["y"][1] = 4;
        const Problems problems = problemsOf(document);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].pointer, std::string("/data/panels/1/series/0/y/1"));
        QVERIFY(problems[0].message.find("stdout's count is 3") != std::string::npos);
    }

    // The parameters come back from the fields that state them: a list's elements each, a
    // parameter two fields state only where they agree, a field of some runs only where printed.
    void aDeclarationReadsBackTheParametersItStates()
    {
        const StdoutField declared[] = {
            field::list("input_shape", "", "[m, k]").stating("m", "k"),
            field::list("weight_shape", "", "[k, n]").stating("k", "n"),
            field::text("dtype", "a type").stating("dtype"),
            field::integer("runs", "", "runs asked for").stating("runs"),
            field::integer("depth", "", "on some runs").stating("depth").onSomeRuns(),
            field::number("median_seconds", "s", "states nothing"),
        };
        const Json out = Json::parse(R"({"input_shape": [64, 32], "weight_shape": [32, 16], "dtype": "float32",
                                         "runs": 10, "median_seconds": 1e-6})");
        const std::optional<ParameterValues> stated = statedParameters(out, declared);
        QVERIFY(stated);
        const ParameterValues expected{{"m", std::int64_t{64}},
                                       {"k", std::int64_t{32}},
                                       {"n", std::int64_t{16}},
                                       {"dtype", std::string("float32")},
                                       {"runs", std::int64_t{10}}};
        QVERIFY(*stated == expected);

        Json disagreeing = out;
        disagreeing["weight_shape"] = Json::array({31, 16});
        QVERIFY(!statedParameters(disagreeing, declared));
        Json missing = out;
        missing.erase("runs");
        QVERIFY(!statedParameters(missing, declared));
        Json mistyped = out;
        mistyped["dtype"] = 32;
        QVERIFY(!statedParameters(mistyped, declared));
        Json tooLong = out;
        tooLong["input_shape"] = Json::array({64, 32, 1});
        QVERIFY(!statedParameters(tooLong, declared));
        Json withDepth = out;
        withDepth["depth"] = 64;
        QVERIFY(std::get<std::int64_t>(statedParameters(withDepth, declared)->at("depth")) == 64);
    }
};

QTEST_APPLESS_MAIN(TestDeclaredContract)
#include "tst_declaredcontract.moc"
