#pragma once

// What the peer readers share (core/peers/*.cpp only): JSON access that never throws, values
// as text, and families built from the benchmarks' family names and arguments.

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"
#include "core/peers/peerformats.h"
#include "core/peers/resultsfile.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::peerreading {

inline const Json *member(const Json &object, const char *key)
{
    return object.is_object() ? Checker::member(object, key) : nullptr;
}
// A member that is a string, or empty.
std::string stringOf(const Json &object, const char *key);
// A member that is a number, or nothing.
std::optional<double> numberOf(const Json &object, const char *key);
// A value as people read it: strings as they are, numbers in their shortest form, arrays of
// numbers or strings joined with ", ", anything else as compact JSON.
std::string rendered(const Json &value);
// A number as the file means it: whole numbers without a fraction ("2", "2300"), others in their
// shortest form.
std::string numberText(double value);
// Every member of an object as text, in document order.
std::vector<std::pair<std::string, std::string>> renderedMembers(const Json &object);

// The median of each counter's values, one per sample, in the order they were first seen.
struct CounterSamples {
    std::vector<std::pair<std::string, std::vector<double>>> values;
    void add(const std::string &name, double value);
    std::vector<BenchmarkCounter> medians() const; // without units: the reader knows them
};

// Groups the benchmarks that name a family and have an argument (two or more of them) into
// file.families, ordered by argument (the first member's argumentName names it); a benchmark
// alone in its family is not one.
void collectFamilies(ResultsFile &file);

// "1 repetition", "10 repetitions": for messages.
std::string countOf(std::size_t count, const std::string &singular);

// A number written as text ("4.19369e-09", "64"), or nothing when the whole text is not one.
std::optional<double> numberIn(const std::string &text);

// One read of a results file: the file being filled, the problems being found, and what every
// reader ends with.
class Reading
{
public:
    Reading(Harness harness, std::string format);
    ResultsFile &file() { return *m_file; }
    Checker &checker() { return m_checker; }
    // Collects the families first when families; then hands file and problems over.
    PeerRead finish(bool families);

private:
    std::shared_ptr<ResultsFile> m_file;
    Problems m_problems;
    Checker m_checker{m_problems};
};

} // namespace lessonscope::peerreading
