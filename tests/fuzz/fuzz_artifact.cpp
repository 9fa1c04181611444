// libFuzzer target over everything core does with the bytes of an artifact someone sent: parse and
// validate, every typed view, the timeline model, the canonical form and hash, the save round trip.
// The checks live in fuzzchecks.h, shared with tests/tst_fuzzregressions.cpp, which replays every
// saved input. A broken property aborts, so libFuzzer saves the input as a crash.
// Build and run: scripts/fuzz.sh SECONDS (docs/security.md, "Fuzzing").
#include "fuzzchecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto broken
        = lessonscope::fuzz::checkArtifactBytes(std::string_view(reinterpret_cast<const char *>(data), size));
    if (!broken.empty()) {
        for (const std::string &property : broken)
            std::fprintf(stderr, "fuzz_artifact: property broken: %s\n", property.c_str());
        std::abort();
    }
    return 0;
}
