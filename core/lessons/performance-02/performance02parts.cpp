// performance-02's first-call parts, on the stream and on an OpenCL device, and the kernel
// cache's state: how stdout and a measuring process write them, and how they are read back.

#include "core/lessons/performance-02/performance02contract.h"

#include "core/artifact/lenientjson.h"

#include <nlohmann/json.hpp>

namespace lessonscope::performance02 {

const std::vector<PartSpec> &partSpecs(std::string_view layout)
{
    static const PartSpec streamStart{
        part::kStreamStart, "stream", "stream start",
        "Constructing the stream: its worker thread (the device) starts on another CPU and the host waits until it "
        "runs. A CPU that was idle must wake first, which on a quiet virtual machine can cost more than the rest of "
        "the start. Once per process; timed by earlier builds only."};
    static const std::vector<PartSpec> stream = {
        {part::kKernelSelect, "variant", "variant choice",
         "Reading the CPU's features and choosing the product's instruction-set variant. Once per process."},
        {part::kFirstTouch, "touch", "first touch",
         "Allocating the output and touching its pages for the first time. Once per process."},
        {part::kWork, "work", "work", "The first call itself, from its dispatch to its observed readiness."},
    };
    static const std::vector<PartSpec> streamWithStart = [] {
        std::vector<PartSpec> parts{streamStart};
        parts.insert(parts.end(), stream.begin(), stream.end());
        return parts;
    }();
    static const std::vector<PartSpec> device = {
        {part::kDriverLoad, "driver", "driver load",
         "Finding the platforms and the device: the ICD loader reads its vendors files and loads every driver. "
         "Once per process."},
        {part::kContext, "context", "context", "clCreateContext and the profiling command queue. Once per process."},
        {part::kProgramBuild, "build", "program build",
         "clCreateProgramWithSource and clBuildProgram: the compiler, unless the driver's kernel cache held the "
         "program. Once per context."},
        {part::kKernelCreate, "kernel", "kernel", "clCreateKernel: the product's kernel object. Once per program."},
        {part::kPlace, "place", "buffers",
         "clCreateBuffer of the inputs and the output, and a blocking write of the inputs. Once per problem."},
        {part::kWork, "work", "work",
         "The first call itself, enqueue to observed readiness: on PoCL the kernel is compiled for its "
         "work-group size here, unless the cache held its binary."},
    };
    return layout == kDeviceBackend ? device : layout == kStreamWithStart ? streamWithStart : stream;
}

const std::vector<std::string> &partNames(std::string_view layout)
{
    const auto namesOf = [](const std::vector<PartSpec> &specs) {
        std::vector<std::string> names;
        for (const PartSpec &spec : specs)
            names.push_back(spec.name);
        return names;
    };
    static const std::vector<std::string> stream = namesOf(partSpecs({}));
    static const std::vector<std::string> device = namesOf(partSpecs(kDeviceBackend));
    static const std::vector<std::string> streamWithStart = namesOf(partSpecs(kStreamWithStart));
    return layout == kDeviceBackend ? device : layout == kStreamWithStart ? streamWithStart : stream;
}

std::string partsLayoutOf(const Json &output)
{
    const std::string backend = lenient::stringOf(lenient::member(output, key::kBackend));
    const Json *parts = lenient::member(output, key::kFirstCallParts);
    if (backend != kDeviceBackend && parts && lenient::member(*parts, part::kStreamStart))
        return kStreamWithStart;
    return backend;
}

std::map<std::string, double> partsOf(const Json *object, std::string_view backend)
{
    std::map<std::string, double> parts;
    if (!object || !object->is_object())
        return parts;
    for (const std::string &name : partNames(backend)) {
        if (const Json *value = lenient::member(*object, name.c_str()); value && value->is_number())
            parts[name] = value->get<double>();
    }
    return parts;
}

Json partsJson(const std::map<std::string, double> &parts, std::string_view backend)
{
    Json object = Json::object();
    for (const std::string &name : partNames(backend))
        object[name] = parts.count(name) ? Json(parts.at(name)) : Json(nullptr);
    return object;
}

// The parts as the panel names them, in partNames() order: short enough for their bars.
Json partDisplayLabels(std::string_view backend)
{
    Json labels = Json::array();
    for (const PartSpec &spec : partSpecs(backend))
        labels.push_back(spec.label);
    return labels;
}

// A kernel cache state as the child prints it and stdout keeps it.
Json kernelCacheJson(const KernelCacheState &state)
{
    return Json{{"program", state.program}, {"kernelBinary", state.kernelBinary}};
}

std::optional<KernelCacheState> kernelCacheOf(const Json &object)
{
    if (!object.is_object())
        return std::nullopt;
    KernelCacheState state{lenient::stringMember(object, "program"), lenient::stringMember(object, "kernelBinary")};
    if (state.program.empty() || state.kernelBinary.empty())
        return std::nullopt;
    return state;
}

} // namespace lessonscope::performance02
