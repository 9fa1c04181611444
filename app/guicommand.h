#pragma once

// Starts the explorer window (QApplication) with the paths given on the command line.
int runGui(int argc, char *argv[]);
