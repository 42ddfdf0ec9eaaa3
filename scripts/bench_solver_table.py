#!/usr/bin/env python3
"""Joins FORMAT.md result lines of two engines on `workload` and prints a Markdown table
of ours, the peer's and their ratio for each timing (ratio < 1: ours is faster)."""
import sys

KEYS = ["build_solve_us", "suggest_us", "frame_p50_us", "frame_max_us", "heap_kb"]


def main(path):
    rows = {}
    order = []
    for line in open(path):
        fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        if "workload" not in fields:
            continue
        name, engine = fields["workload"], fields["engine"]
        if name not in rows:
            rows[name] = {}
            order.append(name)
        rows[name]["ours" if engine.startswith("swift") else "peer"] = fields
    print("| workload | timing | ours | kiwisolver | ratio | check |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for name in order:
        ours, peer = rows[name].get("ours"), rows[name].get("peer")
        if not ours or not peer:
            continue
        for key in KEYS:
            a, b = float(ours[key]), float(peer[key])
            ratio = "%.3f" % (a / b) if b > 0 else "-"
            print("| %s | %s | %s | %s | %s | %s |" % (name, key, ours[key], peer[key], ratio,
                                                       ours["check"]))


if __name__ == "__main__":
    main(sys.argv[1])
