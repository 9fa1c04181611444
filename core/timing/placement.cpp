// The matrix product with its inputs' preparation and placement apart. No Eigen here:
// the product runs in the chosen instruction-set variant (core/timing/kernels/), on plain
// column-major buffers, exactly as MatmulKernel's does.
#include "core/timing/matmulinputs.h"
#include "core/timing/placement.h"
#include "core/timing/productreference.h"

#include "core/timing/kernels/matmulvariant.h"
#include "core/timing/matmulvariants.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

namespace lessonscope {

namespace {

template<typename Scalar>
struct Buffers {
    std::int64_t n = 0;
    std::vector<Scalar> hostX, hostW;          // the host's: written by prepare()
    std::vector<Scalar> placedX, placedW, out; // the device's: allocated and written by the worker
    decltype(productOf<Scalar>(std::declval<LessonscopeMatmulVariant>())) product;

    Buffers(int size, const LessonscopeMatmulVariant &variant)
        : n(size),
          hostX(static_cast<std::size_t>(n * n)),
          hostW(static_cast<std::size_t>(n * n)),
          product(productOf<Scalar>(variant))
    { }

    void allocateOnDevice()
    {
        // Value-initialised: every element written by this (the worker's) thread.
        placedX.assign(hostX.size(), Scalar(0));
        placedW.assign(hostW.size(), Scalar(0));
        out.assign(hostX.size(), Scalar(0));
    }

    void prepare(std::uint64_t seed, std::uint64_t round)
    {
        std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                               static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(round)};
        std::mt19937_64 generator(sequence);
        for (Scalar &value : hostX)
            value = static_cast<Scalar>(nextUniform(generator));
        for (Scalar &value : hostW)
            value = static_cast<Scalar>(nextUniform(generator));
    }

    void place()
    {
        // Into the buffers the worker allocated: a copy, never a swap of pointers, since a real
        // placement moves the bytes into the device's memory.
        if (placedX.size() != hostX.size())
            throw std::logic_error("place() before allocateOnDevice()");
        std::memcpy(placedX.data(), hostX.data(), hostX.size() * sizeof(Scalar));
        std::memcpy(placedW.data(), hostW.data(), hostW.size() * sizeof(Scalar));
    }

    void multiply()
    {
        if (out.size() != hostX.size())
            throw std::logic_error("multiply() before allocateOnDevice()");
        product(placedX.data(), placedW.data(), out.data(), n, n, n);
    }

    double maxAbsError() const
    {
        if (out.size() != hostX.size())
            return std::nan("");
        return maxAbsErrorOfProduct(hostX.data(), hostW.data(), out.data(), n, n, n);
    }

    bool placedMatchesHost() const
    {
        return placedX.size() == hostX.size() && placedW.size() == hostW.size()
            && std::memcmp(placedX.data(), hostX.data(), hostX.size() * sizeof(Scalar)) == 0
            && std::memcmp(placedW.data(), hostW.data(), hostW.size() * sizeof(Scalar)) == 0;
    }
};

} // namespace

struct PlacedProduct::Impl {
    std::variant<Buffers<float>, Buffers<double>> buffers;
    std::string isa;
};

PlacedProduct::PlacedProduct(Dtype dtype, int n, std::string_view isa)
{
    // 46,340² is the last square below 2^31 elements; far beyond what a lesson allows anyway.
    if (n < 1 || n > 46'340)
        throw std::invalid_argument("the matrix size must be between 1 and 46340");
    const LessonscopeMatmulVariant &variant = matmulVariant(isa);
    if (dtype == Dtype::Float32)
        m_impl.reset(new Impl{Buffers<float>(n, variant), variant.name});
    else
        m_impl.reset(new Impl{Buffers<double>(n, variant), variant.name});
}

PlacedProduct::~PlacedProduct() = default;

void PlacedProduct::allocateOnDevice()
{
    std::visit([](auto &b) { b.allocateOnDevice(); }, m_impl->buffers);
}

void PlacedProduct::prepare(std::uint64_t seed, std::uint64_t round)
{
    std::visit([&](auto &b) { b.prepare(seed, round); }, m_impl->buffers);
}

void PlacedProduct::place()
{
    std::visit([](auto &b) { b.place(); }, m_impl->buffers);
}

void PlacedProduct::multiply()
{
    std::visit([](auto &b) { b.multiply(); }, m_impl->buffers);
}

double PlacedProduct::maxAbsErrorAgainstReference() const
{
    return std::visit([](const auto &b) { return b.maxAbsError(); }, m_impl->buffers);
}

bool PlacedProduct::placedMatchesHost() const
{
    return std::visit([](const auto &b) { return b.placedMatchesHost(); }, m_impl->buffers);
}

const void *PlacedProduct::hostInputAddress() const
{
    return std::visit([](const auto &b) -> const void * { return b.hostX.data(); }, m_impl->buffers);
}

const void *PlacedProduct::placedInputAddress() const
{
    return std::visit([](const auto &b) -> const void * { return b.placedX.empty() ? nullptr : b.placedX.data(); },
                      m_impl->buffers);
}

int PlacedProduct::size() const
{
    return std::visit([](const auto &b) { return static_cast<int>(b.n); }, m_impl->buffers);
}

std::string PlacedProduct::isa() const { return m_impl->isa; }

} // namespace lessonscope
