#include "artifactloader.h"

#include "artifactfiles.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QThread>

#include <chrono>

using namespace lessonscope;

namespace {

constexpr auto kReportInterval = std::chrono::milliseconds(100);
constexpr int kBatchSize = 64;

QStringList subdirectoriesOf(const QString &folder, const std::atomic<bool> &cancel)
{
    QStringList directories{QFileInfo(folder).absoluteFilePath()};
    QDirIterator it(folder, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext() && !cancel.load(std::memory_order_relaxed))
        directories << it.next();
    return directories;
}

} // namespace

ArtifactLoader::ArtifactLoader(QObject *parent)
    : QObject(parent)
{
}

ArtifactLoader::~ArtifactLoader()
{
    for (const auto &flag : std::as_const(m_jobs))
        flag->store(true);
    for (const QPointer<QThread> &thread : std::as_const(m_threads)) {
        if (thread) {
            thread->wait();
            delete thread;
        }
    }
}

template<typename F>
void ArtifactLoader::post(int job, F &&deliver)
{
    QMetaObject::invokeMethod(
        this,
        [this, job, deliver = std::forward<F>(deliver)]() {
            if (m_jobs.contains(job)) // dropped when the job was cancelled meanwhile
                deliver();
        },
        Qt::QueuedConnection);
}

int ArtifactLoader::load(const QStringList &paths)
{
    const int job = ++m_lastJob;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_jobs.insert(job, cancel);

    QThread *thread = QThread::create([this, job, cancel, paths] {
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
            const QStringList found = findArtifactFiles(info.absoluteFilePath(), cancel.get());
            const QStringList directories = subdirectoriesOf(info.absoluteFilePath(), *cancel);
            files << found;
            post(job, [this, job, folder = info.absoluteFilePath(), directories] {
                emit folderScanned(job, folder, directories);
            });
        }

        QList<LoadedFile> batch;
        auto lastReport = std::chrono::steady_clock::now();
        const int total = static_cast<int>(files.size());
        for (int i = 0; i < total && !cancel->load(); ++i) {
            LoadedFile loaded{files[i], readArtifactFile(files[i]), QFileInfo(files[i]).lastModified()};
            batch.append(std::move(loaded));
            const auto now = std::chrono::steady_clock::now();
            if (batch.size() >= kBatchSize || now - lastReport >= kReportInterval || i + 1 == total) {
                lastReport = now;
                post(job, [this, job, batch, done = i + 1, total] {
                    emit filesLoaded(job, batch);
                    emit progress(job, done, total);
                });
                batch.clear();
            }
        }
        post(job, [this, job] {
            m_jobs.remove(job);
            emit finished(job, false);
        });
    });
    thread->setObjectName(QStringLiteral("lessonscope load %1").arg(job));
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_threads.removeAll(nullptr);
    m_threads.append(thread);
    thread->start(QThread::LowPriority);
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
