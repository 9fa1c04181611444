#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope {

// The matrix product the lessons time, behind a small interface so that Eigen stays out of every
// other header. Owns inputs and output; the inputs are made and placed when it is constructed.
// The product itself runs in one of the instruction-set variants of core/timing/kernels/ (avx512, avx2,
// baseline), chosen once at construction (matmulvariants.h); inputs, output and the reference
// are the same whichever it is.
// Cache-line aligned: the device thread reads this object on every call while the host writes
// its own variables beside it (a kernel on the host's stack shared its line with the host's loop
// variables and each call paid ~150 ns of false sharing, docs/performance.md).
class alignas(64) MatmulKernel
{
public:
    enum class Dtype { Float32, Float64 };

    // X (m×k) and W (k×n) filled from a deterministic generator seeded with seed:
    // mt19937_64 outputs mapped to [-1, 1) (the same values on every platform).
    // The variant is defaultMatmulIsa(): --isa, else LESSONSCOPE_ISA, else the widest this CPU
    // runs up to AVX2. Throws std::invalid_argument when dimensions are below 1 or the variant asked for
    // cannot run here.
    MatmulKernel(Dtype dtype, int m, int k, int n, std::uint64_t seed);
    // With the variant named (empty: as above).
    MatmulKernel(Dtype dtype, int m, int k, int n, std::uint64_t seed, std::string_view isa);
    ~MatmulKernel();
    MatmulKernel(const MatmulKernel &) = delete;
    MatmulKernel &operator=(const MatmulKernel &) = delete;

    // out = X · W. The first call allocates the output (a first-use cost, like a framework's).
    void multiply();

    // Largest |out - reference|, the reference in double-double from the same inputs
    // (core/timing/productreference.h). Call after multiply(). NaN when `stopped` answered true
    // before the check was whole.
    double maxAbsErrorAgainstReference(const std::function<bool()> &stopped = {}) const;

    // The variant the product runs in: "avx512", "avx2" or "baseline".
    std::string isa() const;
    // The output in column-major order, as doubles; empty before the first multiply().
    std::vector<double> output() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
