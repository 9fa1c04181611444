#include "mainwindow.h"

#include <QLabel>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("lessonscope"));
    setCentralWidget(new QLabel(tr("lessonscope"), this));
    resize(1100, 720);
}
