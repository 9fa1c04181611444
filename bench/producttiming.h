#pragma once

// The two ways the benchmarks time a product (anything with multiply()): inline, and as one
// synchronized call on a device stream, which is what performance-01 measures.

#include "core/timing/devicestream.h"

#include <benchmark/benchmark.h>

// The product inline, as the warm calls are: its first use (allocations) outside the loop.
template<typename Product>
void timeInline(benchmark::State &state, Product &product)
{
    product.multiply();
    for (auto _ : state) {
        product.multiply();
        benchmark::ClobberMemory();
    }
}

// The product as one synchronized stream call: dispatch, then wait for readiness. The label
// names the wait strategy the stream chose.
template<typename Product>
void timeSynchronized(benchmark::State &state, Product &product, lessonscope::StreamOptions options = {})
{
    lessonscope::DeviceStream stream(options);
    stream.dispatch([&product] { product.multiply(); }).wait();
    for (auto _ : state) {
        lessonscope::CallHandle call = stream.dispatch([&product] { product.multiply(); });
        call.wait();
    }
    state.SetLabel(lessonscope::waitStrategyName(stream.effectiveStrategy()));
}
