#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace lessonscope {

// PoCL's kernel cache (docs/opencl.md): PoCL keeps what it compiles on disk, so that a later process
// skips the compiler. clBuildProgram writes <cache>/<2 letters>/<hash>/program.bc (the program's
// LLVM bitcode); the first enqueue of a kernel compiles it for its work-group size into
// <hash>/<kernel>/<sizes>/<kernel>.so; a process that finds them loads them instead (measured here:
// clBuildProgram 567–628 ms cold, 25 ms cached; the first enqueue + clFinish 236–300 ms cold,
// 0.12 ms cached). So whether a first call paid the compiler depends on files, and a lesson says so.
enum class KernelCacheOutcome {
    NotPocl,  // another driver: its cache, if any, is not read here
    Disabled, // POCL_KERNEL_CACHE=0
    Hit,      // the cache held it: nothing was compiled
    Miss,     // it was compiled, and written into the cache
    Unknown,  // the cache's files do not say (not writable, another process wrote to it meanwhile)
};
const char *kernelCacheOutcomeName(KernelCacheOutcome outcome); // "not PoCL", "disabled", "hit", ...

// Where the cache is and whether it is on, from the environment as PoCL reads it: POCL_CACHE_DIR,
// else $XDG_CACHE_HOME/pocl/kcache, else $HOME/.cache/pocl/kcache; POCL_KERNEL_CACHE=0 turns it off.
struct PoclKernelCache {
    bool enabled = false;
    std::string directory;
    std::string directoryFrom; // "POCL_CACHE_DIR", "XDG_CACHE_HOME" or "HOME"

    static PoclKernelCache fromEnvironment();
};

// The cache's files (relative path → modification time) at one moment. Taken before and after the
// steps of a first use, outside their timers: a folder walk is not what a lesson measures.
class PoclCacheSnapshot
{
public:
    static PoclCacheSnapshot take(const PoclKernelCache &cache);

    // What PoCL did between this snapshot and `after`, taken around clBuildProgram: for the one
    // program it built or found (the folder whose last_accessed it wrote), whether its bitcode was
    // there already. programFolder is that folder (relative to the cache), empty when the files do
    // not single one out.
    KernelCacheOutcome programOutcome(const PoclCacheSnapshot &after) const;
    std::string programFolder(const PoclCacheSnapshot &after) const;
    // Taken around a kernel's first enqueue: whether its binary for the program in programFolder
    // was compiled meanwhile (Miss) or was there (Hit).
    KernelCacheOutcome kernelBinaryOutcome(const PoclCacheSnapshot &after, const std::string &programFolder,
                                           const std::string &kernelName) const;

    std::size_t fileCount() const { return m_files.size(); }
    bool readable() const { return m_readable; }

private:
    std::map<std::string, std::int64_t> m_files; // path relative to the cache → mtime in ns
    bool m_enabled = false;
    bool m_readable = false;
};

} // namespace lessonscope
