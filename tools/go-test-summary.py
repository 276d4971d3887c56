#!/usr/bin/env python3
"""Reads `go test -json` output and prints one line of counts, or with
--failures the output of every failing test and of packages that failed to
build, so a failing run shows what failed without the passing tests' logs."""
import json
import sys


def read(path):
    events = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    events.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    return events


def main():
    failures = "--failures" in sys.argv
    events = read(sys.argv[-1])
    counts = {"pass": 0, "fail": 0, "skip": 0}
    output = {}
    failed = []
    packages = set()
    for e in events:
        key = (e.get("Package"), e.get("Test"))
        packages.add(e.get("Package"))
        if e.get("Action") == "output":
            output.setdefault(key, []).append(e.get("Output", ""))
        elif e.get("Action") in counts:
            if e.get("Test"):
                counts[e["Action"]] += 1
            if e["Action"] == "fail":
                failed.append(key)
    if failures:
        for key in failed:
            print("".join(output.get(key, [])), end="")
        return
    print(f"go: {counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped"
          f" ({len(packages)} packages)")


main()
