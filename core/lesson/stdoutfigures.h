#pragma once

// A lesson's typed figures read from an artifact: its reader of the stdout JSON (readFigures), or
// empty figures where the file has none (a stdout that is not JSON). Each lesson's contract
// declares `inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }`.

#include "core/artifact/artifact.h"

#include <memory>

namespace lessonscope {

template<typename Figures>
Figures figuresOf(const Artifact &artifact, Figures (&read)(const Json &))
{
    const std::shared_ptr<const Json> out = artifact.stdoutJson();
    return out ? read(*out) : Figures{};
}

} // namespace lessonscope
