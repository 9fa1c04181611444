"""The figure each lesson's prediction is about, by its label in `lessonscope compare --json`:
the scripts that run the course as a learner would (measure-conditions.py, compare-runs.py)
read each run by it."""

HEADLINES = {
    "performance-01": "warm median",
    "performance-02": "first call",
    "performance-03": "call + sync",
    "performance-04": "float32 warm median",
    "performance-05": "warm median",
    "performance-06": "one call alone",
    "performance-07": "median of the runs",
    "performance-08": "one clock read",
    "performance-09": "device: start to end",
}
