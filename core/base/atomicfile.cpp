#include "core/base/atomicfile.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lessonscope {

namespace {

QString systemError(int code) { return QString::fromLocal8Bit(std::strerror(code)); }

// The file a save really replaces: symbolic links followed, as QSaveFile does, so that saving
// through a link updates the file it points at and keeps the link.
QString finalTarget(const QString &path)
{
    QFileInfo info(path);
    for (int depth = 0; depth < 40 && info.isSymLink(); ++depth)
        info.setFile(info.symLinkTarget());
    return info.filePath();
}

// Beside the target, so that the rename stays within one file system.
QByteArray temporaryName(const QByteArray &target)
{
    return target + '.' + QByteArray::number(QRandomGenerator::global()->generate(), 36) + ".tmp";
}

// Whether name is one of temporaryName(target)'s: the target's file name, a dot, base-36 digits,
// ".tmp".
bool isTemporaryOf(const QByteArray &name, const QByteArray &targetName)
{
    if (!name.startsWith(targetName + '.') || !name.endsWith(".tmp"))
        return false;
    const QByteArray digits = name.mid(targetName.size() + 1, name.size() - targetName.size() - 1 - 4);
    return !digits.isEmpty() && std::all_of(digits.begin(), digits.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
    });
}

// A save killed between naming its temporary and renaming it (SIGKILL, a power cut; on a file
// system without O_TMPFILE, at any moment of the write) leaves the named temporary behind. Each
// save removes those of its target that no writer holds: a writer holds an exclusive flock on
// its temporary from its first byte to its rename, so one that is still saving is never touched.
void removeAbandonedTemporaries(const QByteArray &target)
{
    const QFileInfo info(QFile::decodeName(target));
    const QByteArray folder = QFile::encodeName(info.absolutePath());
    const QByteArray targetName = QFile::encodeName(info.fileName());
    DIR *dir = ::opendir(folder.constData());
    if (!dir)
        return;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (!isTemporaryOf(name, targetName))
            continue;
        const QByteArray path = folder + '/' + name;
        const int fd = ::open(path.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat status { };
        if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0)
            ::unlink(path.constData());
        ::close(fd);
    }
    ::closedir(dir);
}

bool nameIsTaken(const QByteArray &path)
{
    struct stat status { };
    return ::lstat(path.constData(), &status) == 0;
}

// The content on its way to disk: an unnamed temporary file (O_TMPFILE) in the target's folder, or
// a named one where the file system has no unnamed files. Writes are buffered and every one is
// checked; the first failure is kept (its errno) and ends the write. The destructor removes
// whatever was not committed.
class PendingFile
{
public:
    PendingFile() = default;
    PendingFile(const PendingFile &) = delete;
    PendingFile &operator=(const PendingFile &) = delete;
    ~PendingFile();

    bool open(const QByteArray &target);
    bool write(std::string_view bytes);
    bool commit(const QByteArray &target, ExistingFile existing);

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

private:
    static constexpr std::size_t kBufferBytes = 64 * 1024;

    bool fail(int code) { return fail(systemError(code)); }
    bool fail(const QString &message);
    bool openNamed(const QByteArray &target);
    bool writeAll(std::string_view bytes);
    bool flush();
    bool nameTemporary(const QByteArray &target);
    int linkUnnamed(const QByteArray &name) const;
    bool replace(const QByteArray &target);
    bool publishNew(const QByteArray &target);

    int m_fd = -1;
    QByteArray m_named; // the temporary file's name, while it has one
    std::string m_buffer;
    QString m_error;
};

PendingFile::~PendingFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_named.isEmpty())
        ::unlink(m_named.constData());
}

bool PendingFile::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    return false;
}

bool PendingFile::open(const QByteArray &target)
{
    const QByteArray folder = QFile::encodeName(QFileInfo(QFile::decodeName(target)).absolutePath());
    // An unnamed file has no name to leave behind: a crash or a kill at any moment frees it.
    m_fd = ::open(folder.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (m_fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL))
        return openNamed(target);
    if (m_fd < 0)
        return fail(errno);
    // Held until the rename, under whatever name the file gets (removeAbandonedTemporaries).
    ::flock(m_fd, LOCK_EX);
    // A replaced file keeps its permissions (QSaveFile does the same).
    struct stat existing { };
    if (::stat(target.constData(), &existing) == 0)
        ::fchmod(m_fd, existing.st_mode & 07777);
    return true;
}

bool PendingFile::openNamed(const QByteArray &target)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QByteArray name = temporaryName(target);
        m_fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_fd >= 0) {
            ::flock(m_fd, LOCK_EX); // held until the rename (removeAbandonedTemporaries)
            m_named = name;
            return true;
        }
        if (errno != EEXIST)
            return fail(errno);
    }
    return fail(EEXIST);
}

bool PendingFile::write(std::string_view bytes)
{
    if (failed())
        return false;
    if (m_buffer.size() + bytes.size() <= kBufferBytes) {
        m_buffer.append(bytes);
        return true;
    }
    if (!flush())
        return false;
    if (bytes.size() >= kBufferBytes)
        return writeAll(bytes);
    m_buffer.append(bytes);
    return true;
}

bool PendingFile::flush()
{
    const bool written = writeAll(m_buffer);
    m_buffer.clear();
    return written;
}

bool PendingFile::writeAll(std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t written = ::write(m_fd, bytes.data(), bytes.size());
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0)
            return fail(errno);
        if (written == 0)
            return fail(ENOSPC); // a write that takes nothing and names no reason: no room
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

bool PendingFile::commit(const QByteArray &target, ExistingFile existing)
{
    if (failed() || !flush())
        return false;
    // A failed sync means the data may not reach the disk: the old file is worth more.
    if (::fdatasync(m_fd) != 0)
        return fail(errno);
    if (existing == ExistingFile::Keep)
        return publishNew(target);
    // Checked again at the last moment: what was a regular file (or nothing) when the save began
    // may have been swapped for a device or a FIFO since, and must not be replaced either.
    if (const QString problem = destinationProblem(QFile::decodeName(target)); !problem.isEmpty())
        return fail(problem);
    return replace(target);
}

// Gives the unnamed file a name through /proc (linkat with AT_EMPTY_PATH would need
// CAP_DAC_READ_SEARCH). Fails with EEXIST when the name is taken: a link never replaces anything.
// Returns 0 or the errno.
int PendingFile::linkUnnamed(const QByteArray &name) const
{
    const std::string self = "/proc/self/fd/" + std::to_string(m_fd);
    return ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.constData(), AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
}

bool PendingFile::nameTemporary(const QByteArray &target)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QByteArray name = temporaryName(target);
        const int code = linkUnnamed(name);
        if (code == 0) {
            m_named = name;
            return true;
        }
        if (code != EEXIST)
            return fail(code);
    }
    return fail(EEXIST);
}

bool PendingFile::replace(const QByteArray &target)
{
    if (m_named.isEmpty() && !nameTemporary(target))
        return false;
    if (::rename(m_named.constData(), target.constData()) != 0)
        return fail(errno); // the destructor removes the temporary name
    m_named.clear();
    return true;
}

// Links the complete file in under the target's name, which fails if the name was taken meanwhile
// (by another lessonscope writing the same file, say): the other file is kept.
bool PendingFile::publishNew(const QByteArray &target)
{
    int code = 0;
    if (m_named.isEmpty())
        code = linkUnnamed(target);
    else if (::link(m_named.constData(), target.constData()) != 0)
        code = errno; // the temporary name goes with the destructor either way
    if (code == EEXIST)
        return fail(existingFileMessage());
    return code == 0 || fail(code);
}

} // namespace

QString existingFileMessage()
{
    return QStringLiteral("a file of that name exists (it may have appeared while this one was being written) "
                          "and was left as it is");
}

QString destinationProblem(const QString &path)
{
    struct stat status { };
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return errno == ENOENT ? QString() : systemError(errno);
    if (S_ISDIR(status.st_mode))
        return QStringLiteral("it is a folder");
    if (!S_ISREG(status.st_mode))
        return QStringLiteral("it is not a regular file (a device, pipe or socket); lessonscope writes only "
                              "regular files and never replaces anything else");
    return {};
}

QString writableDestinationProblem(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("no file name was given");
    if (QString problem = destinationProblem(path); !problem.isEmpty())
        return problem;
    const QString folder = QFileInfo(finalTarget(path)).absolutePath();
    struct stat status { };
    if (::stat(QFile::encodeName(folder).constData(), &status) != 0)
        return errno == ENOENT ? QStringLiteral("the folder %1 does not exist").arg(folder) : systemError(errno);
    if (!S_ISDIR(status.st_mode))
        return QStringLiteral("%1 is not a folder").arg(folder);
    // A real try, exactly as the save will make it: its pending file in the folder (unnamed, or
    // named where the file system has no unnamed files), removed when the probe goes. It answers
    // what access() cannot: a read-only file system, a quota, an ACL, a folder like /proc that
    // grants write access and creates nothing.
    PendingFile probe;
    return probe.open(QFile::encodeName(finalTarget(path))) ? QString() : probe.error();
}

bool writeFileAtomically(const QString &path, const FileWriter &writer, QString *error, ExistingFile existing)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const QString target = existing == ExistingFile::Keep ? path : finalTarget(path);
    if (const QString problem = destinationProblem(target); !problem.isEmpty())
        return fail(problem);
    const QByteArray encoded = QFile::encodeName(target);
    if (existing == ExistingFile::Keep && nameIsTaken(encoded))
        return fail(existingFileMessage());
    removeAbandonedTemporaries(encoded);

    PendingFile file;
    if (!file.open(encoded))
        return fail(file.error());
    try {
        if (!writer([&file](std::string_view bytes) { return file.write(bytes); }))
            return fail(file.failed() ? file.error() : QStringLiteral("its content could not be produced"));
    } catch (const std::bad_alloc &) {
        return fail(QStringLiteral("there is not enough memory to produce its content"));
    } catch (const std::exception &exception) {
        return fail(QString::fromUtf8(exception.what()));
    }
    if (!file.commit(encoded, existing))
        return fail(file.error());
    if (error)
        error->clear();
    return true;
}

bool writeFileAtomically(const QString &path, std::string_view bytes, QString *error, ExistingFile existing)
{
    return writeFileAtomically(
        path, [bytes](const ByteSink &sink) { return sink(bytes); }, error, existing);
}

} // namespace lessonscope
