#pragma once

#include <string>

namespace lessonscope {

// Now, as RFC 3339 UTC with microseconds: "2026-10-20T10:45:58.968076+00:00".
std::string rfc3339UtcNow();
// True for an RFC 3339 date-time with a time offset ("Z" or "+hh:mm").
bool isRfc3339DateTime(const std::string &text);

} // namespace lessonscope
