#include "core/timing/matmulinputs.h"
#include "core/timing/stagedmatmul.h"
#include "core/timing/productreference.h"

#include "matmulvariant.h"
#include "core/timing/matmulvariants.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <variant>
#include <vector>

namespace lessonscope {

namespace {

template<typename Scalar>
std::vector<Scalar> filled(int rows, int cols, std::mt19937_64 &generator)
{
    std::vector<Scalar> matrix(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    fillColumnMajor(matrix.data(), rows, cols, generator);
    return matrix;
}

template<typename Scalar>
struct Buffers {
    std::vector<Scalar> x, w, out;
};

} // namespace

struct StagedMatmul::Impl {
    int m = 0, k = 0, n = 0;
    std::variant<Buffers<float>, Buffers<double>> buffers;
    const LessonscopeMatmulVariant *variant = nullptr;
};

StagedMatmul::StagedMatmul(Dtype dtype, int m, int k, int n, std::uint64_t seed) : m_impl(std::make_unique<Impl>())
{
    if (m < 1 || k < 1 || n < 1)
        throw std::invalid_argument("matrix dimensions must be at least 1");
    m_impl->m = m;
    m_impl->k = k;
    m_impl->n = n;
    std::mt19937_64 generator(seed);
    if (dtype == Dtype::Float32) {
        auto x = filled<float>(m, k, generator);
        m_impl->buffers = Buffers<float>{std::move(x), filled<float>(k, n, generator), {}};
    } else {
        auto x = filled<double>(m, k, generator);
        m_impl->buffers = Buffers<double>{std::move(x), filled<double>(k, n, generator), {}};
    }
}

StagedMatmul::~StagedMatmul() = default;

void StagedMatmul::selectVariant(std::string_view isa) { m_impl->variant = &matmulVariant(isa); }

void StagedMatmul::allocateOutput()
{
    const std::size_t size = static_cast<std::size_t>(m_impl->m) * static_cast<std::size_t>(m_impl->n);
    // Value-initialised: every element is written, so every page of it is faulted in here.
    std::visit([size](auto &b) { b.out.assign(size, {}); }, m_impl->buffers);
}

void StagedMatmul::multiply()
{
    const LessonscopeMatmulVariant *variant = m_impl->variant;
    const Impl &impl = *m_impl;
    std::visit(
        [variant, &impl](auto &b) {
            if (!variant || b.out.empty())
                throw std::logic_error("StagedMatmul::multiply before selectVariant and allocateOutput");
            using Scalar = typename std::decay_t<decltype(b.x)>::value_type;
            if constexpr (std::is_same_v<Scalar, float>)
                variant->multiplyFloat(b.x.data(), b.w.data(), b.out.data(), impl.m, impl.k, impl.n);
            else
                variant->multiplyDouble(b.x.data(), b.w.data(), b.out.data(), impl.m, impl.k, impl.n);
        },
        m_impl->buffers);
}

double StagedMatmul::maxAbsErrorAgainstReference() const
{
    const Impl &impl = *m_impl;
    return std::visit(
        [&impl](const auto &b) {
            if (b.out.empty())
                return std::nan("");
            return maxAbsErrorOfProduct(b.x.data(), b.w.data(), b.out.data(), impl.m, impl.k, impl.n);
        },
        m_impl->buffers);
}

std::string StagedMatmul::isa() const { return m_impl->variant ? m_impl->variant->name : std::string(); }

} // namespace lessonscope
