#!/usr/bin/env python3
"""The medians of the last `cargo bench` run, as Markdown tables, one per group.

    python3 scripts/criterion-table.py [target/criterion]

Reads criterion's saved estimates (`*/new/estimates.json`, `*/new/benchmark.json`) for
the groups of benches/ (analysis/..., moves/..., parse/...): the median time of each
benchmark and, where the benchmark declares a throughput, the rate at that median.
"""

import json
import sys
from collections import OrderedDict
from pathlib import Path

GROUPS = ("analysis/", "moves/", "parse/")


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def rate(throughput, ns):
    if not throughput:
        return ""
    (kind, amount), = throughput.items()
    per_second = amount / (ns / 1e9)
    if kind == "Bytes":
        return f"{per_second / 1e6:.0f} MB/s"
    return f"{per_second / 1e6:.1f} M edges/s"


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
    groups = OrderedDict()
    for bench in sorted(root.glob("**/new/benchmark.json")):
        info = json.loads(bench.read_text())
        if not info["group_id"].startswith(GROUPS):
            continue
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        ns = estimates["median"]["point_estimate"]
        name = info["function_id"] or ""
        if info.get("value_str"):
            name = f"{name}/{info['value_str']}" if name else info["value_str"]
        groups.setdefault(info["group_id"], []).append(
            (name, duration(ns), rate(info.get("throughput"), ns))
        )
    if not groups:
        raise SystemExit(f"criterion-table.py: no results under {root}; run cargo bench")
    for group, rows in groups.items():
        print(f"\n{group}\n")
        print("| benchmark | median | throughput |")
        print("|---|---|---|")
        for name, time, speed in rows:
            print(f"| {name} | {time} | {speed} |")


if __name__ == "__main__":
    main()
