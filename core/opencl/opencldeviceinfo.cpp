// What a device's strings say, with or without OpenCL in the build.
#include "core/opencl/opencldevices.h"

#include <charconv>

namespace lessonscope {

bool OpenClDeviceInfo::isPocl() const
{
    return platformName == "Portable Computing Language" || platformVersion.find("PoCL") != std::string::npos
        || platformVersion.find("pocl") != std::string::npos;
}

std::pair<int, int> parseOpenClVersion(std::string_view version)
{
    constexpr std::string_view prefix = "OpenCL ";
    if (version.substr(0, prefix.size()) != prefix)
        return {0, 0};
    const char *begin = version.data() + prefix.size();
    const char *end = version.data() + version.size();
    int major = 0;
    int minor = 0;
    auto [afterMajor, majorError] = std::from_chars(begin, end, major);
    if (majorError != std::errc() || afterMajor == end || *afterMajor != '.')
        return {0, 0};
    auto [afterMinor, minorError] = std::from_chars(afterMajor + 1, end, minor);
    if (minorError != std::errc() || afterMinor == afterMajor + 1)
        return {0, 0};
    return {major, minor};
}

} // namespace lessonscope
