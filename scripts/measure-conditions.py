#!/usr/bin/env python3
"""Every lesson, run as a learner would, under the conditions of a shared machine.

Conditions: quiet; beside one and two busy processes (`while :; do :; done`, ended after);
with the whole process held on one CPU (taskset). Each lesson runs RUNS times back to back in
each condition. For each lesson and condition the script prints the headline figure of every
run with its CPU reference (the median of its rounds' readings of a fixed product on the slowest
CPU, docs/performance.md, "The CPU's own speed") and its link (the median of its rounds' readings
of a cache line's round trip between two CPUs, "The link between CPUs"), the median over the runs against the
condition's best, and each run's conditions line;
then, per lesson, each condition's median against the best run of all (quiet and busy). Quiet
and beside busy processes hold when that median is within 1.5x of the best run of all or every
run says "could not measure"; on one CPU, when every run says "measured on one CPU" (a lesson
timed on the host alone, HOST_ONLY: within 1.5x of the best run)
(docs/performance.md, "Measuring truly"). Exit status 1 when one does not hold.

    scripts/measure-conditions.py [--binary build/release/app/lessonscope] [--runs 3]
                                  [--lessons performance-01,performance-04] [--conditions quiet,busy1]
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile

from lessonheadlines import HEADLINES
CONDITIONS = ["quiet", "busy1", "busy2", "onecpu"]
# Lessons timed on the host alone (no stream worker, no device): "measured on one CPU" is not
# theirs to say; on one CPU they hold as beside busy processes, within 1.5x of the best run.
HOST_ONLY = {"performance-08"}


def busy_processes(count):
    return [subprocess.Popen(["bash", "-c", "while :; do :; done"]) for _ in range(count)]


def run_lesson(binary, lesson, condition, path):
    command = [binary, "run", lesson, "-o", path, "--force"]
    if condition == "onecpu":
        command = ["taskset", "-c", "0"] + command
    busy = busy_processes({"busy1": 1, "busy2": 2}.get(condition, 0))
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    finally:
        for process in busy:
            process.send_signal(signal.SIGKILL)
            process.wait()
    conditions = next((line.split("conditions", 1)[1].strip() for line in done.stdout.splitlines()
                       if line.strip().startswith("conditions")), "?")
    return done.returncode, conditions


def headline(binary, lesson, path):
    # compare of a file with itself gives its figures by label, as the explorer reads them.
    out = subprocess.run([binary, "compare", path, path, "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        return None
    for figure in json.loads(out.stdout)["figures"]:
        if figure["label"] == HEADLINES[lesson]:
            return figure["a"]
    return None


def cpu_reference(path, key="referenceProductNs"):
    """The median of the run's rounds' readings of `key`: by default the small product's (the
    slowest CPU's); referenceLinkNs, a cache line's round trip between two CPUs."""
    try:
        with open(path, encoding="utf-8") as f:
            measuring = json.load(f)["environment"]["interference"]["measuring"]
        return statistics.median(measuring[key]) / 1e9
    except (OSError, ValueError, KeyError, TypeError, statistics.StatisticsError):
        return None


def readable(seconds):
    if seconds is None:
        return "—"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds:.3g} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "app", "lessonscope"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lessons", default=",".join(HEADLINES))
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for lesson in args.lessons.split(","):
            medians, said = {}, {}
            for condition in args.conditions.split(","):
                values, lines, refused = [], [], 0
                for run in range(args.runs):
                    path = os.path.join(folder, f"{lesson}-{condition}-{run}.json")
                    code, conditions = run_lesson(args.binary, lesson, condition, path)
                    refused += conditions.startswith("COULD NOT MEASURE")
                    value = headline(args.binary, lesson, path) if os.path.exists(path) else None
                    if value is not None and not conditions.startswith("COULD NOT MEASURE"):
                        values.append(value)
                    reference = cpu_reference(path) if os.path.exists(path) else None
                    link = cpu_reference(path, "referenceLinkNs") if os.path.exists(path) else None
                    lines.append(f"      run {run + 1}: {readable(value):>10}  (CPU reference {readable(reference)},"
                                 f" link {readable(link)})  {conditions[:100]}")
                said[condition] = [line.split(":", 1)[1] for line in lines]
                if values:
                    medians[condition] = (statistics.median(values), min(values))
                if values:
                    ratio = statistics.median(values) / min(values)
                    holds = ratio <= 1.5
                    verdict = f"median {readable(statistics.median(values))}, best {readable(min(values))}: {ratio:.2f}x"
                else:
                    holds = refused == args.runs
                    verdict = "could not measure in every run"
                failed = failed or not holds
                print(f"{lesson} {condition:7} {'holds' if holds else 'DOES NOT HOLD'}: {verdict}")
                print("\n".join(lines))
                sys.stdout.flush()
            failed = summarize(lesson, medians, said, args.runs) or failed
    return 1 if failed else 0


def summarize(lesson, medians, said, runs):
    """One line per lesson: each condition against the best run of all; True when one fails."""
    shared = [c for c in ("quiet", "busy1", "busy2") if c in medians]
    if not shared:
        return False
    best = min(medians[c][1] for c in shared)
    parts, failed = [], False
    for condition in ("quiet", "busy1", "busy2"):
        if condition in medians:
            ratio = medians[condition][0] / best
            failed = failed or ratio > 1.5
            parts.append(f"{condition} {ratio:.2f}x")
        elif condition in said:
            refused = sum("COULD NOT MEASURE" in line for line in said[condition])
            failed = failed or refused != runs
            parts.append(f"{condition} could not measure ({refused} of {runs})")
    if "onecpu" in said and lesson in HOST_ONLY:
        # No device thread to take turns with: one CPU is this lesson's usual condition.
        ratio = medians["onecpu"][0] / best if "onecpu" in medians else float("inf")
        failed = failed or ratio > 1.5
        parts.append(f"onecpu (host only) {ratio:.2f}x")
    elif "onecpu" in said:
        one = sum("measured on one CPU" in line for line in said["onecpu"])
        failed = failed or one != runs
        parts.append(f"onecpu: {one} of {runs} say measured on one CPU")
    print(f"{lesson} against the best run of all ({readable(best)}): {', '.join(parts)}"
          f": {'holds' if not failed else 'DOES NOT HOLD'}")
    return failed


if __name__ == "__main__":
    sys.exit(main())
