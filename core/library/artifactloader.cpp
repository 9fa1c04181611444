#include "core/library/artifactloader.h"

#include "core/artifact/artifactfiles.h"
#include "core/base/orderedparallel.h"
#include "core/base/workerthreads.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <string>

using namespace lessonscope;

namespace {

constexpr auto kReportInterval = std::chrono::milliseconds(100);
constexpr int kFirstBatchSize = 32;
constexpr int kBatchSize = 256;
constexpr std::size_t kWindow = 512; // parsed files waiting for delivery: memory stays bounded

QStringList subdirectoriesOf(const QString &folder, const std::atomic<bool> &cancel)
{
    QStringList directories{QFileInfo(folder).absoluteFilePath()};
    QDirIterator it(folder, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext() && !cancel.load(std::memory_order_relaxed))
        directories << it.next();
    return directories;
}

FileStamp stampOf(const QFileInfo &info) { return FileStamp{info.lastModified(), info.size()}; }

void dropUnchanged(QStringList &files, const FileStamps &known)
{
    if (known.isEmpty())
        return;
    files.removeIf([&known](const QString &path) {
        const auto it = known.constFind(path);
        return it != known.cend() && *it == stampOf(QFileInfo(path));
    });
}

} // namespace

ArtifactLoader::ArtifactLoader(QObject *parent) : QObject(parent), m_workers(new WorkerThreads(this)) { }

ArtifactLoader::~ArtifactLoader()
{
    for (const auto &flag : std::as_const(m_jobs))
        flag->store(true);
    waitForWorkers();
}

void ArtifactLoader::waitForWorkers() { m_workers->joinAll(); }

int ArtifactLoader::deliverPending() { return m_workers->deliverNow(); }

template<typename F>
void ArtifactLoader::post(int job, F &&deliver)
{
    m_workers->post([this, job, deliver = std::forward<F>(deliver)]() {
        if (m_jobs.contains(job)) // dropped when the job was cancelled meanwhile
            deliver();
    });
}

int ArtifactLoader::load(const QStringList &paths, const FileStamps &known)
{
    const int job = ++m_lastJob;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_jobs.insert(job, cancel);

    const std::string name = "ls-load-" + std::to_string(job);
    m_workers->start(name.c_str(), [this, job, cancel, paths, known] {
        QStringList files;
        for (const QString &path : paths) {
            if (cancel->load())
                break;
            const QFileInfo info(path);
            if (!info.isDir()) {
                files << info.absoluteFilePath();
                continue;
            }
            post(job, [this, job] { emit progress(job, 0, -1); });
            const QStringList found = findOpenableFiles(info.absoluteFilePath(), cancel.get());
            const QStringList directories = subdirectoriesOf(info.absoluteFilePath(), *cancel);
            files << found;
            post(job, [this, job, folder = info.absoluteFilePath(), directories] {
                emit folderScanned(job, folder, directories);
            });
        }

        dropUnchanged(files, known);

        // Parsed in parallel, delivered in the files' order. The first batch is small so the
        // first rows show at once; later ones are larger (fewer inserts, fewer layouts) but
        // still go out at least every kReportInterval. Progress rides on the batches.
        QList<LoadedFile> batch;
        auto lastReport = std::chrono::steady_clock::now();
        const int total = static_cast<int>(files.size());
        int batchSize = kFirstBatchSize;
        const int threads = std::max(1, QThread::idealThreadCount());
        struct Cancelled { };
        try {
            forEachInOrder(
                static_cast<std::size_t>(total), threads, kWindow,
                [&files, &cancel](std::size_t i) {
                    const QString &path = files[static_cast<qsizetype>(i)];
                    if (cancel->load(std::memory_order_relaxed))
                        return LoadedFile{path, {}, {}, -1};
                    const FileStamp stamp = stampOf(QFileInfo(path));
                    LoadedFile loaded{path, openFile(path), stamp.modified, stamp.size};
                    // The stdout is parsed here, on a worker, once: copies share it, so the
                    // library's row (the lesson's key figure) reads it without parsing on the
                    // GUI thread.
                    if (loaded.result.artifact)
                        loaded.result.artifact->stdoutJson();
                    return loaded;
                },
                [&](std::size_t index, LoadedFile loaded) {
                    if (cancel->load(std::memory_order_relaxed))
                        throw Cancelled{}; // stops and joins the workers
                    batch.append(std::move(loaded));
                    const int done = static_cast<int>(index) + 1;
                    const auto now = std::chrono::steady_clock::now();
                    if (batch.size() >= batchSize || now - lastReport >= kReportInterval || done == total) {
                        lastReport = now;
                        batchSize = kBatchSize;
                        post(job, [this, job, batch = std::move(batch), done, total] {
                            emit filesLoaded(job, batch);
                            emit progress(job, done, total);
                        });
                        batch = {};
                    }
                });
        } catch (const Cancelled &) { }
        post(job, [this, job] {
            m_jobs.remove(job);
            emit finished(job, false);
        });
    });
    return job;
}

void ArtifactLoader::cancel(int job)
{
    const QList<int> ids = job == 0 ? m_jobs.keys() : QList<int>{job};
    for (int id : ids) {
        const auto flag = m_jobs.take(id);
        if (!flag)
            continue;
        flag->store(true);
        emit finished(id, true);
    }
}
