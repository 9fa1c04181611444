#!/usr/bin/env python3
"""Writes a pyperf results file (JSON format "1.0") from real timings, for lessonscope's fixtures.

pyperf is not packaged for Debian 12, so this program times sorting with time.perf_counter the way
pyperf's Runner does and writes what pyperf's BenchmarkSuite.dump() writes (pyperf/_bench.py):
a compact JSON object with sorted keys and a final newline; "version": "1.0"; suite metadata
common to every benchmark; per benchmark its metadata (name, loops, unit) and its runs; per run
its metadata (date, duration, load average), its "warmups" as [loops, value per loop] pairs and
its "values" per loop. The first run of each benchmark is a calibration run: warm-ups only, no
values, with "calibrate_loops". Metadata inherit downwards (suite → benchmark → run).

    python3 pyperf_format.py --warmups 1 out.json
"""
import argparse
import datetime
import json
import os
import platform
import random
import socket
import time

MIN_TIME = 0.1  # pyperf's default: a value is at least 100 ms of loops


def timed(func, loops):
    start = time.perf_counter()
    for _ in range(loops):
        func()
    return time.perf_counter() - start


def calibration_run(func):
    """Doubles the loops until one value lasts MIN_TIME, as pyperf's calibration does."""
    warmups = []
    loops = 1
    started = time.perf_counter()
    while True:
        raw = timed(func, loops)
        warmups.append([loops, raw / loops])
        if raw >= MIN_TIME:
            break
        loops *= 2
    metadata = {"calibrate_loops": loops, "date": now(), "duration": time.perf_counter() - started,
                "load_avg_1min": os.getloadavg()[0]}
    return loops, {"metadata": metadata, "warmups": warmups}


def value_run(func, loops, warmups, values):
    started = time.perf_counter()
    run = {}
    if warmups:
        run["warmups"] = [[loops, timed(func, loops) / loops] for _ in range(warmups)]
    run["values"] = [timed(func, loops) / loops for _ in range(values)]
    run["metadata"] = {"date": now(), "duration": time.perf_counter() - started,
                       "load_avg_1min": os.getloadavg()[0]}
    return run


def now():
    return datetime.datetime.now().isoformat(sep=" ")


def benchmark(name, func, processes, warmups, values):
    loops, calibration = calibration_run(func)
    runs = [calibration] + [value_run(func, loops, warmups, values) for _ in range(processes)]
    return {"metadata": {"loops": loops, "name": name}, "runs": runs}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--warmups", type=int, default=1)
    parser.add_argument("--processes", type=int, default=20)  # pyperf's default
    parser.add_argument("--values", type=int, default=3)
    parser.add_argument("output")
    args = parser.parse_args()

    rng = random.Random(42)
    small = [rng.random() for _ in range(1000)]
    large = [rng.random() for _ in range(10000)]
    suite = {
        "benchmarks": [
            benchmark("sort 1000 floats", lambda: sorted(small), args.processes, args.warmups, args.values),
            benchmark("sort 10000 floats", lambda: sorted(large), args.processes, args.warmups, args.values),
        ],
        "metadata": {
            "cpu_count": os.cpu_count(),
            "cpu_model_name": cpu_model(),
            "hostname": socket.gethostname(),
            "perf_version": "2.6.0 (format only: written by pyperf_format.py)",
            "platform": platform.platform(),
            "python_implementation": platform.python_implementation().lower(),
            "python_version": platform.python_version(),
            "timer": "time.perf_counter()",
            "unit": "second",
        },
        "version": "1.0",
    }
    with open(args.output, "w", encoding="utf-8") as out:
        json.dump(suite, out, sort_keys=True, separators=(",", ":"))
        out.write("\n")


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


if __name__ == "__main__":
    main()
