#include "core/opencl/poclcache.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

namespace lessonscope {

namespace {

namespace fs = std::filesystem;

// A cache of more files than this is not walked: the outcome is then Unknown rather than slow.
constexpr std::size_t kMaxFiles = 200'000;

std::string environment(const char *name)
{
    const char *value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

bool endsWith(const std::string &text, const std::string &suffix)
{
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string parentOf(const std::string &path)
{
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

} // namespace

const char *kernelCacheOutcomeName(KernelCacheOutcome outcome)
{
    switch (outcome) {
    case KernelCacheOutcome::NotPocl:
        return "not PoCL";
    case KernelCacheOutcome::Disabled:
        return "disabled";
    case KernelCacheOutcome::Hit:
        return "hit";
    case KernelCacheOutcome::Miss:
        return "miss";
    case KernelCacheOutcome::Unknown:
        break;
    }
    return "unknown";
}

PoclKernelCache PoclKernelCache::fromEnvironment()
{
    PoclKernelCache cache;
    cache.enabled = environment("POCL_KERNEL_CACHE") != "0";
    if (const std::string dir = environment("POCL_CACHE_DIR"); !dir.empty()) {
        cache.directory = dir;
        cache.directoryFrom = "POCL_CACHE_DIR";
    } else if (const std::string xdg = environment("XDG_CACHE_HOME"); !xdg.empty()) {
        cache.directory = xdg + "/pocl/kcache";
        cache.directoryFrom = "XDG_CACHE_HOME";
    } else {
        cache.directory = environment("HOME") + "/.cache/pocl/kcache";
        cache.directoryFrom = "HOME";
    }
    return cache;
}

PoclCacheSnapshot PoclCacheSnapshot::take(const PoclKernelCache &cache)
{
    PoclCacheSnapshot snapshot;
    snapshot.m_enabled = cache.enabled;
    if (!cache.enabled)
        return snapshot;
    std::error_code error;
    const fs::path root(cache.directory);
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
    if (error) {
        // No cache folder yet: PoCL makes it on its first write, so it holds nothing.
        snapshot.m_readable = !fs::exists(root, error);
        return snapshot;
    }
    for (const fs::recursive_directory_iterator end; it != end; it.increment(error)) {
        if (error || snapshot.m_files.size() >= kMaxFiles)
            return snapshot; // not readable: every outcome Unknown
        if (!it->is_regular_file(error))
            continue;
        const fs::file_time_type time = it->last_write_time(error);
        const std::string relative = it->path().lexically_relative(root).generic_string();
        snapshot.m_files[relative] = static_cast<std::int64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count());
    }
    snapshot.m_readable = true;
    return snapshot;
}

std::string PoclCacheSnapshot::programFolder(const PoclCacheSnapshot &after) const
{
    // PoCL writes <hash>/last_accessed whenever it builds or finds a program (and a zero-byte
    // tempfile_* at the top whose name means nothing): the folders whose last_accessed is new or
    // newer are the programs used meanwhile.
    std::set<std::string> folders;
    for (const auto &[path, time] : after.m_files) {
        if (!endsWith(path, "/last_accessed") && !endsWith(path, "/program.bc"))
            continue;
        const auto before = m_files.find(path);
        if (before == m_files.end() || before->second != time)
            folders.insert(parentOf(path));
    }
    return folders.size() == 1 ? *folders.begin() : std::string();
}

KernelCacheOutcome PoclCacheSnapshot::programOutcome(const PoclCacheSnapshot &after) const
{
    if (!m_enabled)
        return KernelCacheOutcome::Disabled;
    if (!m_readable || !after.m_readable)
        return KernelCacheOutcome::Unknown;
    const std::string folder = programFolder(after);
    if (folder.empty() || !after.m_files.count(folder + "/program.bc"))
        return KernelCacheOutcome::Unknown;
    return m_files.count(folder + "/program.bc") ? KernelCacheOutcome::Hit : KernelCacheOutcome::Miss;
}

KernelCacheOutcome PoclCacheSnapshot::kernelBinaryOutcome(const PoclCacheSnapshot &after,
                                                          const std::string &programFolder,
                                                          const std::string &kernelName) const
{
    if (!m_enabled)
        return KernelCacheOutcome::Disabled;
    if (!m_readable || !after.m_readable || programFolder.empty())
        return KernelCacheOutcome::Unknown;
    const std::string prefix = programFolder + "/" + kernelName + "/";
    const std::string binary = "/" + kernelName + ".so";
    bool found = false;
    for (const auto &[path, time] : after.m_files) {
        if (path.compare(0, prefix.size(), prefix) != 0 || !endsWith(path, binary))
            continue;
        if (!m_files.count(path))
            return KernelCacheOutcome::Miss; // compiled meanwhile
        found = true;
    }
    return found ? KernelCacheOutcome::Hit : KernelCacheOutcome::Unknown;
}

} // namespace lessonscope
