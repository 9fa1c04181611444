#pragma once

#include "core/timing/matmulkernel.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace lessonscope {

// A square product X (n×n) · W (n×n) whose inputs go through the three steps a framework's
// benchmark must keep apart (the lesson on placing inputs):
//   preparation  prepare(): the host makes the inputs from a seed, in host memory;
//   placement    place():   the inputs are copied into memory the device owns and has touched;
//   the call     multiply(): the product on the placed buffers, through the chosen instruction-set
//                            variant's function pointer (as MatmulKernel's product).
// allocateOnDevice(), place() and multiply() are meant to run on the DeviceStream's worker, so
// the placed buffers are the device's memory in lessonscope's model of a device: the worker
// allocates them and first-touches them, the host never writes them.
class PlacedProduct
{
public:
    using Dtype = MatmulKernel::Dtype;

    // The variant is named by isa (empty: defaultMatmulIsa()). Throws std::invalid_argument for
    // n below 1 or a variant that cannot run here. Allocates the host buffers (not the device's).
    PlacedProduct(Dtype dtype, int n, std::string_view isa = {});
    ~PlacedProduct();
    PlacedProduct(const PlacedProduct &) = delete;
    PlacedProduct &operator=(const PlacedProduct &) = delete;

    // On the worker, once, before anything is timed: the device's inputs and output, zeroed
    // (written, so that their pages are the worker's and resident).
    void allocateOnDevice();

    // Preparation, on the host: the host buffers filled from mt19937_64 seeded with
    // seed_seq{seed, n, round}, mapped to [-1, 1) as MatmulKernel maps its values. Each round
    // gets other values, so that a product computed on a previous round's placement is wrong.
    void prepare(std::uint64_t seed, std::uint64_t round);
    // Placement, on the worker: the host buffers copied into the device's.
    void place();
    // The call, on the worker: device output = device X · device W.
    void multiply();

    // Largest |device output − reference|, the reference computed in long double from the host
    // buffers (what was prepared, not what was placed). Call after multiply().
    double maxAbsErrorAgainstReference() const;
    // The device's inputs hold the host's values, bit for bit, in other memory.
    bool placedMatchesHost() const;
    const void *hostInputAddress() const;
    const void *placedInputAddress() const; // nullptr before allocateOnDevice()

    int size() const;
    std::string isa() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
