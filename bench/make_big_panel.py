#!/usr/bin/env python3
"""Writes an artifact whose line panel has N samples (default 1,000,000), for the big-panel figures
of docs/performance.md: the seed artifact with its "Warm calls" panel replaced by N samples of a
noisy sine with a few spikes, written compactly (the core reader refuses files over 64 MiB).

Usage: bench/make_big_panel.py OUT.json [N]
"""
import json
import math
import os
import random
import sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: bench/make_big_panel.py OUT.json [N]")
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) == 3 else 1_000_000
    seed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "seed-performance-01.json")
    with open(seed, encoding="utf-8") as f:
        artifact = json.load(f)
    rng = random.Random(1)
    y = [round(1e-5 * (2 + math.sin(i / 5000.0)) + rng.random() * 2e-6, 9) for i in range(n)]
    for i in range(0, n, max(1, n // 7)):
        y[i] = 2e-4  # spikes that thinning must keep
    for panel in artifact["data"]["panels"]:
        if panel.get("kind") == "line":
            panel["x"] = list(range(1, n + 1))
            panel["series"] = [{"label": "synchronized call", "y": y}]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(artifact, f, separators=(",", ":"))
    print(f"{out}: {n} samples, {os.path.getsize(out) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
