// Eigen here holds the operands and computes the reference only; the product runs in the
// instruction-set variant chosen at construction (core/timing/kernels/matmulvariant.cpp), so what this
// file is compiled with (-march=native or the portable baseline) never decides its speed.
#include "core/timing/kernels/eigencore.h" // first: see there

#include "core/timing/matmulinputs.h"

#include "core/timing/matmulkernel.h"
#include "core/timing/productreference.h"

#include "matmulvariant.h"
#include "core/timing/matmulvariants.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>

namespace lessonscope {

namespace {

// Column-major throughout, Eigen's native order: its GEMM packs and blocks for it, and measured
// on the reference machine (64×32 · 32×16 float32, AVX-512) it is the fastest layout — 0.59 µs
// against 0.76–0.87 µs when X or the output is row-major, and 1.3 µs for the coefficient-based
// lazyProduct, whose per-coefficient dot products vectorise badly at this shape.
template<typename Scalar>
using MatrixOf = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

// Filled in row-major order (row by row), whatever the storage order, so that changing the
// storage never changes the values.
template<typename Scalar>
void fillUniform(MatrixOf<Scalar> &matrix, std::mt19937_64 &generator)
{
    for (Eigen::Index row = 0; row < matrix.rows(); ++row) {
        for (Eigen::Index col = 0; col < matrix.cols(); ++col)
            matrix(row, col) = static_cast<Scalar>(nextUniform(generator));
    }
}

template<typename Scalar>
struct Product {
    MatrixOf<Scalar> x;
    MatrixOf<Scalar> w;
    MatrixOf<Scalar> out; // empty until the first multiply()
    // The chosen variant's, fixed at construction: a call costs one indirect call more than
    // Eigen inline.
    decltype(productOf<Scalar>(std::declval<LessonscopeMatmulVariant>())) product;

    Product(int m, int k, int n, std::uint64_t seed, const LessonscopeMatmulVariant &variant)
        : x(m, k), w(k, n), product(productOf<Scalar>(variant))
    {
        std::mt19937_64 generator(seed);
        fillUniform(x, generator);
        fillUniform(w, generator);
    }

    void multiply()
    {
        // The first use pays for the output, as a framework's first call does.
        if (out.size() == 0)
            out.resize(x.rows(), w.cols());
        // The variant computes out.noalias() = x * w on these column-major buffers, in place.
        product(x.data(), w.data(), out.data(), x.rows(), x.cols(), w.cols());
    }

    double maxAbsError(const std::function<bool()> &stopped) const
    {
        if (out.size() == 0)
            return std::nan("");
        return maxAbsErrorOfProduct(x.data(), w.data(), out.data(), x.rows(), x.cols(), w.cols(), stopped);
    }
};

} // namespace

// On its own cache lines too, for the same reason as the class: the device reads it every call.
struct alignas(64) MatmulKernel::Impl {
    std::variant<Product<float>, Product<double>> product;
    std::string isa;
};

MatmulKernel::MatmulKernel(Dtype dtype, int m, int k, int n, std::uint64_t seed)
    : MatmulKernel(dtype, m, k, n, seed, {})
{ }

MatmulKernel::MatmulKernel(Dtype dtype, int m, int k, int n, std::uint64_t seed, std::string_view isa)
{
    if (m < 1 || k < 1 || n < 1)
        throw std::invalid_argument("matrix dimensions must be at least 1");
    const LessonscopeMatmulVariant &variant = matmulVariant(isa);
    if (dtype == Dtype::Float32)
        m_impl.reset(new Impl{Product<float>(m, k, n, seed, variant), variant.name});
    else
        m_impl.reset(new Impl{Product<double>(m, k, n, seed, variant), variant.name});
}

MatmulKernel::~MatmulKernel() = default;

void MatmulKernel::multiply()
{
    std::visit([](auto &product) { product.multiply(); }, m_impl->product);
}

double MatmulKernel::maxAbsErrorAgainstReference(const std::function<bool()> &stopped) const
{
    return std::visit([&stopped](const auto &product) { return product.maxAbsError(stopped); }, m_impl->product);
}

std::string MatmulKernel::isa() const { return m_impl->isa; }

std::vector<double> MatmulKernel::output() const
{
    return std::visit(
        [](const auto &product) {
            return std::vector<double>(product.out.data(), product.out.data() + product.out.size());
        },
        m_impl->product);
}

} // namespace lessonscope
