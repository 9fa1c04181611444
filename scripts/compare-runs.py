#!/usr/bin/env python3
"""Identical runs compared, and different ones: does `lessonscope compare` tell them apart?

For each lesson: RUNS back-to-back default runs, every pair compared on the lesson's headline
figure (`compare --json`); the share of pairs called different ("slower", "faster", "larger",
"smaller") should be at most 10%. Then two runs that do differ, which compare should call
different: performance-01 in float64 against float32 (--samples 100 each, the product at
128×128 · 128×128), and performance-01 beside two busy processes against a quiet run (the busy
side must be called different, disturbed or measured beside other work, or be refused). Exit status 1 when one of these does not hold.

    scripts/compare-runs.py [--binary build/release/app/lessonscope] [--runs 10]
                            [--lessons performance-01,performance-06] [--keep FOLDER] [--verbose]

--keep leaves the runs in FOLDER; --verbose prints each pair called different with its verdict.
"""

import argparse
import itertools
import json
import os
import signal
import subprocess
import sys
import tempfile

from lessonheadlines import HEADLINES
DIFFERENT = (": B is slower", ": B is faster", ": B is larger", ": B is smaller")


def run(binary, lesson, path, extra=(), busy=0):
    loops = [subprocess.Popen(["bash", "-c", "while :; do :; done"]) for _ in range(busy)]
    try:
        subprocess.run([binary, "run", lesson, "-o", path, "--force", *extra], capture_output=True, text=True)
    finally:
        for loop in loops:
            loop.send_signal(signal.SIGKILL)
            loop.wait()
    return os.path.exists(path)


def compare(binary, a, b, label):
    out = subprocess.run([binary, "compare", a, b, "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        return None, None
    document = json.loads(out.stdout)
    figure = next((f for f in document["figures"] if f["label"] == label), None)
    return figure, document


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "app", "lessonscope"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--lessons", default=",".join(HEADLINES))
    parser.add_argument("--keep", help="keep the runs in this folder")
    parser.add_argument("--verbose", action="store_true", help="print each pair called different")
    args = parser.parse_args()
    failed = False
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or scratch
        for lesson in args.lessons.split(","):
            paths = [os.path.join(folder, f"{lesson}-{i}.json") for i in range(args.runs)]
            made = [p for p in paths if run(args.binary, lesson, p)]
            pairs = different = refused = cpus = 0
            for a, b in itertools.combinations(made, 2):
                figure, _ = compare(args.binary, a, b, HEADLINES[lesson])
                if figure is None or "not compared" in figure["verdict"]:
                    refused += 1
                    continue
                pairs += 1
                called = any(word in figure["verdict"] for word in DIFFERENT)
                different += called
                cpu = "beyond the CPU's own speed" in figure["verdict"]
                cpus += cpu
                if (called or cpu) and args.verbose:
                    print(f"  {os.path.basename(a)} · {os.path.basename(b)}: {figure['verdict']}")
            share = different / pairs if pairs else 0.0
            holds = pairs > 0 and share <= 0.10
            failed = failed or not holds
            print(f"{lesson}: {different} of {pairs} pairs of identical runs called different ({share:.0%})"
                  f"{f', {cpus} within the CPU’s own speed' if cpus else ''}"
                  f"{f', {refused} not compared' if refused else ''}: {'holds' if holds else 'DOES NOT HOLD'}")
            sys.stdout.flush()

        shape = ["--shape", "128x128x128", "--samples", "100"]
        f32, f64 = os.path.join(folder, "f32.json"), os.path.join(folder, "f64.json")
        run(args.binary, "performance-01", f32, shape)
        run(args.binary, "performance-01", f64, [*shape, "--dtype", "float64"])
        figure, _ = compare(args.binary, f32, f64, "warm median")
        called = figure is not None and any(word in figure["verdict"] for word in DIFFERENT)
        failed = failed or not called
        print(f"float64 against float32: {figure['verdict'] if figure else 'not compared'}: "
              f"{'holds' if called else 'DOES NOT HOLD'}")

        quiet, busy = os.path.join(folder, "quiet.json"), os.path.join(folder, "busy.json")
        run(args.binary, "performance-01", quiet)
        run(args.binary, "performance-01", busy, busy=2)
        figure, document = compare(args.binary, quiet, busy, "warm median")
        side = (document or {}).get("disturbedB") or {}
        flagged = bool(side.get("disturbed") or side.get("couldNotMeasure") or side.get("besideOtherWork")) or (
            figure is not None and any(word in figure["verdict"] for word in DIFFERENT))
        failed = failed or not flagged
        print(f"beside two busy processes against quiet: {figure['verdict'] if figure else 'not compared'}; "
              f"B disturbed: {side.get('disturbed')}, beside other work: {side.get('besideOtherWork')}, "
              f"could not measure: {side.get('couldNotMeasure')}: "
              f"{'holds' if flagged else 'DOES NOT HOLD'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
