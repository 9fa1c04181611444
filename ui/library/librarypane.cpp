#include "ui/library/librarypane.h"

#include "ui/library/libraryfilter.h"
#include "ui/library/librarymodel.h"
#include "core/base/units.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSet>
#include <QStyle>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

LibraryPane::LibraryPane(LibraryModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    m_filter = new LibraryFilter(this);
    m_filter->setSourceModel(model);

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setPlaceholderText(tr("Filter by lesson, backend, status, file…"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setAccessibleName(tr("Filter the library"));
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &LibraryFilter::setFilterText);
    m_count = new QLabel(this);
    m_count->setTextFormat(Qt::PlainText);
    m_count->setForegroundRole(QPalette::PlaceholderText);

    m_view = new QTreeView(this);
    m_view->setModel(m_filter);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LibraryModel::GeneratedColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("Library"));
    m_view->setToolTip(tr("Select one artifact to show it, two of the same lesson to compare them"));
    arrangeColumns();

    auto *top = new QHBoxLayout;
    top->addWidget(m_filterEdit, 1);
    top->addWidget(m_count);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_filter->setKept(selectedIds());
        if (!m_quiet && !m_model->isRemoving())
            emit selectionChanged(selectedIds());
    });
    // Counted once the model is settled (a batch removal sends several signals, the last of them
    // with every count current), at most once per event-loop turn.
    m_countLater = new QTimer(this);
    m_countLater->setSingleShot(true);
    m_countLater->setInterval(0);
    connect(m_countLater, &QTimer::timeout, this, &LibraryPane::updateCount);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_filter, signal, m_countLater, qOverload<>(&QTimer::start));
    connect(m_filter, &QAbstractItemModel::modelReset, m_countLater, qOverload<>(&QTimer::start));
    connect(m_filter, &QAbstractItemModel::layoutChanged, m_countLater, qOverload<>(&QTimer::start));
    connect(m_model, &LibraryModel::removalFinished, m_countLater, qOverload<>(&QTimer::start));
    updateCount();
}

// Each column wide enough for its header and typical contents, in the order a learner reads.
void LibraryPane::arrangeColumns()
{
    QHeaderView *header = m_view->header();
    header->setStretchLastSection(true);
    header->setSectionsMovable(true);
    // Wide enough for each header with its sort arrow, and for typical contents.
    // Title, setup, status and answer get the room to be read whole ("valid · unsaved",
    // "predicted ✓ · run here · compared"); kind and backend are short words.
    const int widths[] = {110, 210, 235, 70, 170, 145, 60, 150, 125, 215, 190, 260};
    static_assert(std::size(widths) == LibraryModel::ColumnCount);
    const int sortArrow = header->style()->pixelMetric(QStyle::PM_HeaderMarkSize) + 16;
    // The texts those columns must show whole, in this font (a lesson's, and a results file's
    // harness and counts); the status has its icon beside it.
    const std::pair<int, QString> samples[] = {
        {LibraryModel::LessonColumn, tr("Google Benchmark")},
        {LibraryModel::TitleColumn, tr("Place the inputs before the timer")},
        {LibraryModel::TitleColumn, tr("13 benchmarks, 10 repetitions each")},
        {LibraryModel::SetupColumn, tr("64×32 · 32×16 float32, 2,000 warm calls")},
        {LibraryModel::StatusColumn, tr("2 warnings · unsaved")},
        {LibraryModel::AnswerColumn, tr("predicted ✓ · run here · compared")},
    };
    const int iconRoom = m_view->style()->pixelMetric(QStyle::PM_SmallIconSize) + 8;
    for (int column = 0; column < LibraryModel::ColumnCount; ++column) {
        const QString title = m_model->headerData(column, Qt::Horizontal).toString();
        int width = std::max(widths[column], header->fontMetrics().horizontalAdvance(title) + sortArrow);
        for (const auto &[sampleColumn, text] : samples) {
            if (sampleColumn == column)
                width = std::max(width,
                                 m_view->fontMetrics().horizontalAdvance(text) + 16
                                     + (column == LibraryModel::StatusColumn ? iconRoom : 0));
        }
        header->resizeSection(column, width);
    }
    // What a learner reads first, first: the lesson, their answer, the setup and its figure; the
    // file's facts (kind, provenance, backend) after them. Dragging a header reorders them.
    const int firstColumns[] = {LibraryModel::LessonColumn,   LibraryModel::TitleColumn,     LibraryModel::AnswerColumn,
                                LibraryModel::SetupColumn,    LibraryModel::KeyFigureColumn, LibraryModel::StatusColumn,
                                LibraryModel::GeneratedColumn};
    for (int visual = 0; visual < static_cast<int>(std::size(firstColumns)); ++visual)
        header->moveSection(header->visualIndex(firstColumns[visual]), visual);
}

QList<int> LibraryPane::selectedIds() const
{
    // Read from the selection's ranges (the view selects whole rows), not selectedRows(): in Qt
    // 6.4 that checks every row of every range against every range, and a scattered selection of
    // thousands of rows (every other one, say) took seconds.
    std::vector<int> rows;
    for (const QItemSelectionRange &range : m_view->selectionModel()->selection()) {
        for (int row = range.top(); row <= range.bottom(); ++row)
            rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end()); // top to bottom as shown; ranges may overlap
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QList<int> ids;
    ids.reserve(static_cast<qsizetype>(rows.size()));
    for (const int row : rows)
        ids << m_model->idAtRow(m_filter->mapToSource(m_filter->index(row, 0)).row());
    return ids;
}

void LibraryPane::selectIds(const QList<int> &ids)
{
    QItemSelection selection;
    QModelIndex first;
    for (int id : ids) {
        const int row = m_model->rowOf(id);
        if (row < 0)
            continue;
        QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
        if (!index.isValid()) { // hidden by the filter: show everything rather than hide the selection
            m_filterEdit->clear();
            index = m_filter->mapFromSource(m_model->index(row, 0));
        }
        selection.select(index, index);
        if (!first.isValid())
            first = index;
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (first.isValid()) {
        m_view->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        m_view->scrollTo(first);
    }
}

void LibraryPane::clearSelectionQuietly()
{
    const QScopedValueRollback quiet(m_quiet, true);
    m_view->selectionModel()->clearSelection();
}

// The columns as plain numbers, never Qt's own bytes: QHeaderView::restoreState trusts them, and
// a damaged word (a sort column out of range, stored with its right SHA-256) crashed the explorer
// at every start. "columns1 W,W,… H,H,… V,V,… S O": each logical column's width, hidden flag and
// visual position, then the sort column and order.
QByteArray LibraryPane::saveState() const
{
    const QHeaderView *header = m_view->header();
    QStringList widths, hidden, positions;
    for (int c = 0; c < header->count(); ++c) {
        widths << QString::number(header->sectionSize(c));
        hidden << QString::number(header->isSectionHidden(c) ? 1 : 0);
        positions << QString::number(header->visualIndex(c));
    }
    return QStringLiteral("columns1 %1 %2 %3 %4 %5")
        .arg(widths.join(QLatin1Char(',')), hidden.join(QLatin1Char(',')), positions.join(QLatin1Char(',')))
        .arg(header->sortIndicatorSection())
        .arg(int(header->sortIndicatorOrder()))
        .toLatin1();
}

// Restores only what fits the view as it is: as many columns as it has, widths in a sane range,
// positions that are a permutation, a sort column it has. Anything else leaves the defaults.
void LibraryPane::restoreState(const QByteArray &state)
{
    QHeaderView *header = m_view->header();
    const QStringList parts = QString::fromLatin1(state).split(QLatin1Char(' '));
    const int count = header->count();
    if (parts.size() != 6 || parts[0] != QLatin1String("columns1"))
        return;
    const auto numbers = [count](const QString &text, int low, int high) {
        QList<int> values;
        for (const QString &item : text.split(QLatin1Char(','))) {
            bool ok = false;
            const int value = item.toInt(&ok);
            if (!ok || value < low || value > high)
                return QList<int>();
            values << value;
        }
        return values.size() == count ? values : QList<int>();
    };
    const QList<int> widths = numbers(parts[1], 0, kMaxColumnWidth);
    const QList<int> hidden = numbers(parts[2], 0, 1);
    const QList<int> positions = numbers(parts[3], 0, count - 1);
    bool sortOk = false, orderOk = false;
    const int sortColumn = parts[4].toInt(&sortOk);
    const int order = parts[5].toInt(&orderOk);
    if (widths.isEmpty() || hidden.isEmpty() || positions.isEmpty() || !sortOk || !orderOk || sortColumn < -1
        || sortColumn >= count || (order != 0 && order != 1)
        || QSet<int>(positions.begin(), positions.end()).size() != count || !hidden.contains(0))
        return;
    for (int visual = 0; visual < count; ++visual)
        header->moveSection(header->visualIndex(int(positions.indexOf(visual))), visual);
    for (int c = 0; c < count; ++c) {
        header->setSectionHidden(c, hidden[c] == 1);
        if (widths[c] > 0)
            header->resizeSection(c, widths[c]);
    }
    if (sortColumn >= 0)
        m_view->sortByColumn(sortColumn, Qt::SortOrder(order));
}

QString LibraryPane::countText() const { return m_count->text(); }

void LibraryPane::updateCount()
{
    const int shown = m_filter->rowCount();
    const int total = m_model->rowCount();
    // Counts read as every other count of lessonscope's: "10,013", whatever the locale.
    const auto count = [](int n) { return QString::fromStdString(lessonscope::formatCount(n)); };
    if (total == 0)
        m_count->setText(tr("no artifacts"));
    else if (shown == total)
        m_count->setText(total == 1 ? tr("1 artifact") : tr("%1 artifacts").arg(count(total)));
    else
        m_count->setText(tr("%1 of %2 shown").arg(count(shown), count(total)));
}
