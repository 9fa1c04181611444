#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace lessonscope {

// SHA-256 through OpenSSL's EVP interface. Incremental: update() any number of times, then hex().
class Sha256
{
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256 &) = delete;
    Sha256 &operator=(const Sha256 &) = delete;

    void update(std::string_view bytes);
    // The digest as 64 lowercase hex digits. Finishes the hash; call once.
    std::string hex();

private:
    struct Context;
    std::unique_ptr<Context> m_context;
};

// SHA-256 of bytes as 64 lowercase hex digits.
std::string sha256Hex(std::string_view bytes);

} // namespace lessonscope
