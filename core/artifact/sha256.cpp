#include "core/artifact/sha256.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace lessonscope {

// Owns the EVP context so that OpenSSL stays out of sha256.h.
struct Sha256::Context {
    EVP_MD_CTX *ctx = nullptr;
    std::string hex; // set once hex() has finished the digest

    ~Context() { EVP_MD_CTX_free(ctx); }
};

Sha256::Sha256() : m_context(std::make_unique<Context>())
{
    m_context->ctx = EVP_MD_CTX_new();
    // These only fail when OpenSSL cannot allocate or its default provider is missing: nothing a
    // caller could recover from, so it is an exception rather than a status to check.
    if (!m_context->ctx || EVP_DigestInit_ex(m_context->ctx, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("OpenSSL could not start a SHA-256 digest");
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes)
{
    if (!m_context->hex.empty())
        throw std::logic_error("Sha256::update() after hex()");
    if (EVP_DigestUpdate(m_context->ctx, bytes.data(), bytes.size()) != 1)
        throw std::runtime_error("OpenSSL could not update a SHA-256 digest");
}

std::string Sha256::hex()
{
    if (!m_context->hex.empty())
        return m_context->hex; // finished already: the same answer again
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(m_context->ctx, digest, &length) != 1)
        throw std::runtime_error("OpenSSL could not finish a SHA-256 digest");
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    text.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        text += kDigits[digest[i] >> 4];
        text += kDigits[digest[i] & 0x0f];
    }
    m_context->hex = text;
    return text;
}

std::string sha256Hex(std::string_view bytes)
{
    Sha256 hash;
    hash.update(bytes);
    return hash.hex();
}

} // namespace lessonscope
