#pragma once

#include "core/timing/matmulkernel.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace lessonscope {

// The same product as MatmulKernel (the same inputs from the same seed, the same instruction-set
// variants), with its one-time costs as separate steps so that a first call can be timed part by
// part: the inputs are made at construction; selectVariant() chooses the variant (the CPU's
// features are read on a process's first choice); allocateOutput() allocates and first-touches the
// output; multiply() is then the bare product. MatmulKernel does the last three in one.
class StagedMatmul
{
public:
    using Dtype = MatmulKernel::Dtype;

    // Throws std::invalid_argument when a dimension is below 1.
    StagedMatmul(Dtype dtype, int m, int k, int n, std::uint64_t seed);
    ~StagedMatmul();
    StagedMatmul(const StagedMatmul &) = delete;
    StagedMatmul &operator=(const StagedMatmul &) = delete;

    // Chooses the variant named isa (empty: defaultMatmulIsa()). Throws std::invalid_argument
    // when it cannot run here.
    void selectVariant(std::string_view isa);
    // Allocates the output and writes every element once, so its pages are mapped.
    void allocateOutput();
    // out = X · W; after selectVariant() and allocateOutput() (throws std::logic_error before).
    void multiply();

    // Largest |out - reference|, the reference in long double; NaN before the first multiply().
    double maxAbsErrorAgainstReference() const;
    // The chosen variant: "avx512", "avx2", "baseline"; empty before selectVariant().
    std::string isa() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
