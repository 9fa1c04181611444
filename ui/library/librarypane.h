#pragma once

#include <QWidget>

class LibraryFilter;
class LibraryModel;
class QLabel;
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
    LibraryFilter *filter() const { return m_filter; }
    QLineEdit *filterEdit() const { return m_filterEdit; }
    QTreeView *view() const { return m_view; }

    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

signals:
    void selectionChanged(const QList<int> &ids);

private:
    void updateCount();

    LibraryModel *m_model;
    LibraryFilter *m_filter = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QLabel *m_count = nullptr;
    QTreeView *m_view = nullptr;
};
