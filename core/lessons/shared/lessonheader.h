#pragma once

// What a lesson's contract header is written with: its declaration (declaredlesson.h), its
// figures bound to their stdout keys and read back from an artifact (boundfigures.h,
// samplefields.h), and the keys and fields the matrix lessons share (productkeys.h,
// productfields.h). One include, so that each lesson's header names only what is its own.

#include "core/artifact/artifact.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/boundfigures.h"
#include "core/lesson/declaredlesson.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutfigures.h"
#include "core/lessons/shared/productfields.h"
#include "core/lessons/shared/productkeys.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>
