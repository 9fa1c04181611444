#pragma once

#include <QWidget>

class LibraryFilter;
class LibraryModel;
class QLabel;
class QTimer;
class QLineEdit;
class QTreeView;

// The library as the user sees it: a filter field (as you type) over a sortable table of every
// artifact opened. Reports the selected entries by id; one selected shows it, two compare.
class LibraryPane : public QWidget
{
    Q_OBJECT

public:
    explicit LibraryPane(LibraryModel *model, QWidget *parent = nullptr);

    QList<int> selectedIds() const;
    void selectIds(const QList<int> &ids);
    // Deselects everything without reporting it: for Close, which removes those rows next and
    // reacts once to that. Qt's selection model updates every selected range for each run of rows
    // removed under it, which for thousands of scattered rows is quadratic; an empty one is not.
    void clearSelectionQuietly();
    LibraryFilter *filter() const { return m_filter; }
    QLineEdit *filterEdit() const { return m_filterEdit; }
    QTreeView *view() const { return m_view; }
    QString countText() const; // "10,013 artifacts", "12 of 10,013 shown", "no artifacts"

    // The columns' widths, visibility and order, and the sort, as the settings keep them.
    static constexpr int kMaxColumnWidth = 10'000;
    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

signals:
    // The user's selection changed. Not emitted for rows deselected because the library removes
    // them (LibraryModel::isRemoving()): closing thousands of scattered rows would report once per
    // run of rows; listeners look at selectedIds() on LibraryModel::removalFinished instead.
    void selectionChanged(const QList<int> &ids);

private:
    void arrangeColumns();
    void updateCount();

    LibraryModel *m_model;
    LibraryFilter *m_filter = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QLabel *m_count = nullptr;
    QTimer *m_countLater = nullptr;
    QTreeView *m_view = nullptr;
    bool m_quiet = false;
};
