#pragma once

#include <cstddef>
#include <span>
#include <vector>

// Thinning of large series before they reach a chart (as heaptrack does): the x range is cut into
// `columns` equal buckets (one per pixel column, say) and each bucket keeps its first, minimum,
// maximum and last point, in x order. Spikes survive, the drawn shape is the same at that width,
// and a 100,000-point series becomes a few thousand points at most.
//
// Returns the indices of the points kept, ascending. Edge cases: a series that already fits
// (size <= 4 * columns) is kept whole; non-finite points are dropped; x should be ascending (as in
// line panels) — an unsorted series is bucketed by index instead, with the same guarantees;
// columns < 1 counts as 1; x and y of different lengths use the shorter.
std::vector<std::size_t> thinMinMax(std::span<const double> x, std::span<const double> y, int columns);
