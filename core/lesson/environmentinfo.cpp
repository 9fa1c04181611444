#include "core/lesson/environmentinfo.h"

#include "core/artifact/lenientjson.h"
#include "core/base/utf8.h"
#include "core/timing/matmulvariants.h"

#include <Eigen/Core>
#include <QRegularExpression>
#include <nlohmann/json.hpp>
#include <openssl/crypto.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <fstream>

namespace lessonscope {

std::string cpuModel()
{
    // /proc/cpuinfo is Linux's; elsewhere the model is simply not known.
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                const auto begin = line.find_first_not_of(" \t", colon + 1);
                return begin == std::string::npos ? std::string() : line.substr(begin);
            }
        }
    }
    return "unknown";
}

std::string eigenVersion()
{
    return std::to_string(EIGEN_WORLD_VERSION) + '.' + std::to_string(EIGEN_MAJOR_VERSION) + '.'
        + std::to_string(EIGEN_MINOR_VERSION);
}

std::string eigenInstructionSets()
{
    // The product runs in an instruction-set variant of its own (core/timing/kernels/), not with the
    // flags this file was compiled with: name the one a run would use, and what Eigen uses in it.
    try {
        const std::string isa = defaultMatmulIsa();
        for (const MatmulVariantInfo &variant : matmulVariants()) {
            if (variant.name == isa)
                return isa + " kernel: " + variant.simd;
        }
        return isa;
    } catch (const std::exception &error) {
        return error.what();
    }
}

std::string compilerVersion()
{
#if defined(__clang__)
    return "Clang " __clang_version__;
#elif defined(__GNUC__)
    return "GCC " + std::to_string(__GNUC__) + '.' + std::to_string(__GNUC_MINOR__) + '.'
        + std::to_string(__GNUC_PATCHLEVEL__);
#else
    return "unknown compiler";
#endif
}

std::string lessonscopeVersion() { return LESSONSCOPE_VERSION; }

std::string openSslVersion() { return OpenSSL_version(OPENSSL_VERSION); }

std::string nlohmannJsonVersion()
{
    return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + '.' + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + '.'
        + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

std::string deviceDescription(const Json &environment)
{
    const Json *device = lenient::member(environment, "device");
    if (!device || !device->is_object())
        return "the stream";
    const std::string id = printableText(lenient::stringMember(*device, "id").substr(0, 40));
    const std::string name = printableText(lenient::stringMember(*device, "name").substr(0, 200));
    const std::string platform = printableText(lenient::stringMember(*device, "platform").substr(0, 200));
    const std::string driver = printableText(lenient::stringMember(*device, "driverVersion").substr(0, 100));
    std::string text = id.empty() ? std::string("a device") : id;
    if (!name.empty())
        text += " " + name;
    if (!platform.empty() || !driver.empty())
        text += " (" + platform + (platform.empty() || driver.empty() ? "" : ", ")
            + (driver.empty() ? "" : "driver " + driver) + ")";
    return text;
}

} // namespace lessonscope
