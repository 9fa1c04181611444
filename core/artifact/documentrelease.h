#pragma once

#include "core/base/jsonfwd.h"

#include <memory>

namespace lessonscope {

// A parsed document held so that freeing it costs no more memory than it holds.
//
// nlohmann's destructor avoids deep recursion by moving every element of every array into a
// stack of its own before freeing them: freeing a document with a 10⁷-number array allocated
// another 160–280 MB at the moment the explorer closed two such artifacts (their peak, past the
// reading and the drawing). The deleter here first empties every array and object from the
// leaves up, so that the destructor finds nothing to move.
std::shared_ptr<Json> shareDocument(Json &&document);

// The same emptying, for a document about to be destroyed in place.
void releaseInPlace(Json &document) noexcept;

} // namespace lessonscope
