#include "core/base/rfc3339.h"

#include <QRegularExpression>

#include <chrono>
#include <cstdio>
#include <ctime>

namespace lessonscope {

std::string rfc3339UtcNow()
{
    const auto now = std::chrono::system_clock::now();
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(micros / 1'000'000);
    const long fraction = static_cast<long>(micros % 1'000'000);

    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%06ld+00:00", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, fraction);
    return buffer;
}

bool isRfc3339DateTime(const std::string &text)
{
    // RFC 3339 section 5.6 date-time: full-date "T" partial-time time-offset.
    static const QRegularExpression pattern(QStringLiteral(
        R"(^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$)"));
    return text.size() < 64 && pattern.match(QString::fromStdString(text)).hasMatch();
}

} // namespace lessonscope
