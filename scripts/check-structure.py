#!/usr/bin/env python3
"""The house rules of docs/architecture.md ("Rules the build checks"), checked on the sources.

  - a source file (.cpp, .h) has at most 450 lines;
  - a function has at most 80 lines (from its signature's line to its closing brace);
  - an #include never points up the parts' order: in core, a part includes only the parts its
    row of docs/architecture.md names (DEPENDS below); in ui, a part includes only the parts
    before it in UI_ORDER; core never includes ui or app, ui never includes app;
  - generic code (core outside core/lessons/, ui, app) never names a lesson;
  - every source is formatted as .clang-format says (clang-format 14, Debian 12's: another
    version may place a few constructs otherwise). `clang-format -i FILE` formats one.

Every file tracked by git under core/, ui/, app/, tests/ and bench/ is read. A rule that cannot
hold yet for a file is listed in KNOWN, with the reason, and is reported as known rather than
failing; a known exception that no longer breaks its rule fails too, so the list only shrinks.
Exit status 1 when a rule is broken (or a known exception is stale), 0 otherwise.

    scripts/check-structure.py [--root DIR]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

MAX_FILE_LINES = 450
MAX_FUNCTION_LINES = 80

# core's parts and what each may include besides itself (docs/architecture.md, "core").
DEPENDS = {
    "base": set(),
    "artifact": {"base"},
    "timing": {"base"},
    "opencl": {"base", "timing"},
    "trace": {"base", "artifact", "timing"},
    "lesson": {"base", "artifact", "timing", "trace", "opencl"},
    "lessons": {"base", "artifact", "timing", "trace", "opencl", "lesson"},
    "peers": {"base", "artifact", "timing", "lesson"},
    "library": {"base", "artifact", "timing", "trace", "lesson", "lessons", "peers"},
}
# ui's parts, lowest first: each may include those before it (docs/architecture.md, "ui").
UI_ORDER = ["common", "charts", "timeline", "library", "artifact", "runs", "results", "window"]

LESSON_NAME = re.compile(r"performance-?0\d|Performance0\d")
INCLUDE = re.compile(r'^\s*#\s*include\s+"((core|ui|app)/([a-z0-9_]+)/[^"]*|(core|ui|app)/[^"]*)"')

# Known exceptions: (rule, path) -> why it still breaks the rule. Shrink this list; never grow it
# without a reason a reviewer accepts.
KNOWN = {
    ("file", "tests/tst_course.cpp"): "one walk through the course and its checks",
    ("file", "tests/tst_mainwindow.cpp"): "to split by window part",
    ("file", "tests/tst_matmulvariants.cpp"): "every variant and its valgrind run",
    ("file", "tests/tst_panelchart.cpp"): "to split: labels, axes, interaction",
    ("file", "tests/tst_performance04.cpp"): "to split with the declared lessons",
    ("file", "tests/tst_predictionpanel.cpp"): "to split: answering, zoom, every lesson",
    ("file", "tests/tst_validation.cpp"): "its table of problems is data",
    ("function", "tests/tst_validation.cpp"): "problemIsReported_data is a table of cases",
    ("function", "tests/tst_course.cpp"): "predictRunCompareSaveAndRestart walks the course in order",
}


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "core", "ui", "app", "tests", "bench"],
                         capture_output=True, text=True, check=True).stdout
    return [p for p in out.split() if p.endswith((".cpp", ".h"))]


# Debian 12's formatter first: the .clang-format is tuned to its output.
FORMATTERS = ("clang-format-14", "clang-format")


def unformatted(root, paths):
    """The paths clang-format would change, or None when it is not installed."""
    tool = next((shutil.which(name) for name in FORMATTERS if shutil.which(name)), None)
    if tool is None:
        return None
    out = subprocess.run([tool, "--dry-run", "--style=file", *paths], cwd=root, capture_output=True, text=True)
    return sorted({line.split(":")[0] for line in out.stderr.splitlines() if "[-Wclang-format-violations]" in line})


def long_functions(lines):
    """(first line, length) of each function longer than MAX_FUNCTION_LINES: a signature line that
    ends with ')' (or const/override/noexcept) followed by '{' alone at the same indentation, up
    to the '}' at that indentation."""
    found = []
    i = 0
    while i < len(lines) - 1:
        line, following = lines[i], lines[i + 1]
        head = re.match(r"^( *)\S", line)
        if (head and following.strip() == "{" and len(following) - len(following.lstrip()) == len(head.group(1))
                and re.search(r"\)\s*(const)?\s*(override)?\s*(noexcept)?\s*$", line)
                and not re.match(r"^\s*(if|for|while|switch|else|do|namespace|class|struct|enum)\b", line)):
            indent = head.group(1)
            j = i + 2
            while j < len(lines) and not (lines[j].startswith(indent + "}")
                                          and len(lines[j]) - len(lines[j].lstrip()) == len(indent)):
                j += 1
            if j - i + 1 > MAX_FUNCTION_LINES:
                found.append((i + 1, j - i + 1))
            i = j
        i += 1
    return found


def include_problem(path, target):
    """Why path may not include target, or None."""
    top, part = path.split("/")[0], path.split("/")[1] if path.count("/") >= 2 else ""
    t_top = target.split("/")[0]
    t_part = target.split("/")[1] if target.count("/") >= 2 else ""
    if top == "core":
        if t_top != "core":
            return "core includes nothing of ui or app"
        if part in DEPENDS and t_part != part and t_part not in DEPENDS[part]:
            return f"core/{part} may include {', '.join(sorted(DEPENDS[part])) or 'no other part'}"
    elif top == "ui":
        if t_top == "app":
            return "ui includes nothing of app"
        if t_top == "ui" and part in UI_ORDER and t_part in UI_ORDER and UI_ORDER.index(t_part) > UI_ORDER.index(part):
            return f"ui/{part} comes before ui/{t_part} (" + " → ".join(UI_ORDER) + ")"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = parser.parse_args()
    broken, known_seen = [], set()

    def report(rule, path, message):
        if (rule, path) in KNOWN:
            known_seen.add((rule, path))
        else:
            broken.append(f"{path}: {message}")

    for path in tracked(args.root):
        with open(os.path.join(args.root, path), encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        count = len(lines) - (1 if lines and lines[-1] == "" else 0)
        if count > MAX_FILE_LINES:
            report("file", path, f"{count} lines, more than {MAX_FILE_LINES}")
        for first, length in long_functions(lines):
            report("function", path, f"line {first}: a function of {length} lines, more than {MAX_FUNCTION_LINES}")
        if path.startswith(("core/", "ui/", "app/")):
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if match:
                    why = include_problem(path, match.group(1))
                    if why:
                        broken.append(f"{path}:{number}: includes {match.group(1)}: {why}")
            generic = not path.startswith("core/lessons/")
            if generic and any(LESSON_NAME.search(line) for line in lines):
                first = next(n for n, line in enumerate(lines, 1) if LESSON_NAME.search(line))
                report("lesson-name", path, f"line {first}: generic code names a lesson")

    paths = tracked(args.root)
    changed = unformatted(args.root, paths)
    if changed is None:
        broken.append("clang-format is not installed (scripts/setup.sh installs it): the format is not checked")
    for path in changed or []:
        broken.append(f"{path}: not as .clang-format formats it (clang-format -i {path})")

    stale = sorted(set(KNOWN) - known_seen)
    for rule, path in stale:
        broken.append(f"{path}: listed as a known exception to the {rule} rule, but it holds now: "
                      "take it off KNOWN in scripts/check-structure.py")
    for line in broken:
        print(line)
    print(f"check-structure: {len(broken)} problem{'s' if len(broken) != 1 else ''}, "
          f"{len(known_seen)} known exception{'s' if len(known_seen) != 1 else ''} (KNOWN)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
