#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace lessonscope {

// The product performance-01 times, behind a small interface so that Eigen stays out of every
// other header. Owns inputs and output; the inputs are made and placed when it is constructed.
class MatmulKernel
{
public:
    enum class Dtype { Float32, Float64 };

    // X (m×k) and W (k×n) filled from a deterministic generator seeded with seed:
    // mt19937_64 outputs mapped to [-1, 1) (the same values on every platform).
    MatmulKernel(Dtype dtype, int m, int k, int n, std::uint64_t seed);
    ~MatmulKernel();
    MatmulKernel(const MatmulKernel &) = delete;
    MatmulKernel &operator=(const MatmulKernel &) = delete;

    // out = X · W. The first call allocates the output (a first-use cost, like a framework's).
    void multiply();

    // Largest |out - reference| where the reference is computed in long double from the same
    // inputs. Call after multiply().
    double maxAbsErrorAgainstReference() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
