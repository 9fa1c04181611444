#include "core/opencl/openclprogram_p.h"
#include "core/opencl/openclsession_p.h"

#include "core/timing/monotonicclock.h"

#include <algorithm>

namespace lessonscope {

using namespace opencl_detail;

namespace {

std::string buildLogOf(const cl::Program &program, const cl::Device &device)
{
    std::string log;
    if (program.getBuildInfo(device, CL_PROGRAM_BUILD_LOG, &log) != CL_SUCCESS)
        return {};
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
        log.pop_back();
    return log;
}

} // namespace

OpenClProgram::OpenClProgram(OpenClSession &session, const std::string &source, const std::string &options)
    : m_impl(std::make_unique<Impl>())
{
    OpenClSession::Impl &s = session.impl();
    OpenClBuild &build = m_impl->build;
    build.options = options;
    const PoclKernelCache cache = PoclKernelCache::fromEnvironment();
    const bool pocl = s.info.isPocl();
    PoclCacheSnapshot before;
    if (pocl)
        before = PoclCacheSnapshot::take(cache);

    cl_int created = CL_SUCCESS;
    const char *text = source.c_str();
    const std::size_t length = source.size();
    build.create.beginNs = MonotonicClock::nowNs();
    cl_program handle = clCreateProgramWithSource(s.context(), 1, &text, &length, &created);
    build.create.endNs = MonotonicClock::nowNs();
    check(created, "clCreateProgramWithSource");
    m_impl->program = cl::Program(handle); // takes the reference

    cl_device_id device = s.device();
    build.build.beginNs = MonotonicClock::nowNs();
    const cl_int built = clBuildProgram(handle, 1, &device, options.c_str(), nullptr, nullptr);
    build.build.endNs = MonotonicClock::nowNs();
    build.log = buildLogOf(m_impl->program, s.device);
    if (built != CL_SUCCESS)
        throw OpenClBuildError(built, build.log);
    if (pocl) {
        const PoclCacheSnapshot after = PoclCacheSnapshot::take(cache);
        build.cache = before.programOutcome(after);
        build.cacheFolder = before.programFolder(after);
    }
    m_impl->kernelNames = translated([&] { return m_impl->program.getInfo<CL_PROGRAM_KERNEL_NAMES>(); });
    while (!m_impl->kernelNames.empty() && m_impl->kernelNames.back() == '\0')
        m_impl->kernelNames.pop_back();
}

OpenClProgram::~OpenClProgram() = default;

const OpenClBuild &OpenClProgram::build() const { return m_impl->build; }

bool OpenClProgram::hasKernel(const std::string &name) const
{
    const std::string &names = m_impl->kernelNames;
    std::size_t start = 0;
    while (start <= names.size()) {
        const std::size_t end = std::min(names.find(';', start), names.size());
        if (names.compare(start, end - start, name) == 0 && end - start == name.size())
            return true;
        start = end + 1;
    }
    return false;
}

} // namespace lessonscope
