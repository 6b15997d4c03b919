#!/usr/bin/env python3
"""Time against input size, log-log, as a hand-written SVG (no third-party packages).

    python3 scripts/plot.py target/bench/scaling.csv docs/performance-plot.svg [--title T]

The CSV is the one scripts/bench.sh writes: series,input,edges,runs,wall_s,peak_kib,clock_s
(one row per median). The times drawn are clock_s, the microsecond clock (wall_s, from
/usr/bin/time, is rounded to 0.01 s), or wall_s if there is no clock_s. One line per
series and input shape, with a dotted line of slope 1 (time proportional to size) for
reference.
"""

import argparse
import csv
import math
from collections import OrderedDict
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 820, 500
LEFT, RIGHT, TOP, BOTTOM = 70, 265, 40, 55
# Times below a millisecond (a rounded 0.00 s) are drawn at this floor.
FLOOR = 0.001

COLORS = {
    "hackenbush judge": "#1f77b4",
    "fast_christmas (C++)": "#222222",
    "hackenbush analyze": "#2ca02c",
    "hackenbush analyze --moves": "#d62728",
}
DASHES = {"tree": "", "cactus": "6,4"}


def read(path):
    lines = OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["series"], row["input"])
            lines.setdefault(key, []).append(
                (int(row["edges"]), max(float(row.get("clock_s") or row["wall_s"]), FLOOR))
            )
    for points in lines.values():
        points.sort()
    return lines


def decades(lo, hi):
    return range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)


def size_label(k):
    return f"10^{k}" if k > 1 else str(10**k)


def time_label(k):
    value = 10.0**k
    return (f"{value:g}" if value >= 0.001 else f"1e{k}") + " s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("svg")
    parser.add_argument("--title", default="hackenbush: wall time against input size")
    args = parser.parse_args()

    lines = read(args.csv)
    if not lines:
        raise SystemExit(f"plot.py: no data in {args.csv}")
    xs = [x for pts in lines.values() for x, _ in pts]
    ys = [y for pts in lines.values() for _, y in pts]
    xd = list(decades(min(xs), max(xs)))
    yd = list(decades(min(ys), max(ys)))
    x0, x1, y0, y1 = xd[0], xd[-1], yd[0], yd[-1]
    if x0 == x1:
        x1 += 1
    if y0 == y1:
        y1 += 1
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (math.log10(x) - x0) / (x1 - x0) * pw

    def py(y):
        return TOP + ph - (math.log10(y) - y0) / (y1 - y0) * ph

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT + pw / 2}" y="22" text-anchor="middle" font-size="14">'
        f"{escape(args.title)}</text>",
    ]
    def axis(lo, hi, line, label):
        """The grid from 10**lo to 10**hi: per decade, its line (strong) and those of 2x
        and 5x (faint, none past the last decade), then its label."""
        for k in range(lo, hi + 1):
            for m in (1,) if k == hi else (1, 2, 5):
                out.append(line(m * 10.0**k, "#bbb" if m == 1 else "#e6e6e6"))
            out.append(label(k))

    axis(
        x0,
        x1,
        lambda x, stroke: f'<line x1="{px(x):.1f}" y1="{TOP}" x2="{px(x):.1f}" '
        f'y2="{TOP + ph}" stroke="{stroke}"/>',
        lambda k: f'<text x="{px(10.0**k):.1f}" y="{TOP + ph + 18}" text-anchor="middle">'
        f"{size_label(k)}</text>",
    )
    axis(
        y0,
        y1,
        lambda y, stroke: f'<line x1="{LEFT}" y1="{py(y):.1f}" x2="{LEFT + pw}" '
        f'y2="{py(y):.1f}" stroke="{stroke}"/>',
        lambda k: f'<text x="{LEFT - 6}" y="{py(10.0**k) + 4:.1f}" text-anchor="end">'
        f"{time_label(k)}</text>",
    )
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="#555"/>'
    )
    out.append(
        f'<text x="{LEFT + pw / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "edges in the input (log scale)</text>"
    )
    out.append(
        f'<text transform="translate(16 {TOP + ph / 2}) rotate(-90)" text-anchor="middle">'
        "median wall time, whole process (log scale)</text>"
    )

    # Slope 1 through the first point of the first series, for reference.
    (fx, fy) = next(iter(lines.values()))[0]
    ref = [(10.0**x0, fy * 10.0**x0 / fx), (10.0**x1, fy * 10.0**x1 / fx)]
    out.append('<g clip-path="url(#plot)">')
    out.append(
        f'<clipPath id="plot"><rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}"/></clipPath>'
    )
    out.append(
        f'<line x1="{px(ref[0][0]):.1f}" y1="{py(ref[0][1]):.1f}" x2="{px(ref[1][0]):.1f}" '
        f'y2="{py(ref[1][1]):.1f}" stroke="#999" stroke-dasharray="1,3" stroke-width="1.5"/>'
    )
    legend = []
    for (series, shape), points in lines.items():
        color = COLORS.get(series, "#9467bd")
        dash = DASHES.get(shape, "2,2")
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        style = f'stroke="{color}" stroke-width="2" fill="none"'
        if dash:
            style += f' stroke-dasharray="{dash}"'
        out.append(f"<polyline points=\"{path}\" {style}/>")
        for x, y in points:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{color}"/>')
        legend.append((f"{series} ({shape})", color, dash))
    out.append("</g>")
    legend.append(("time proportional to size", "#999", "1,3"))

    lx, ly = LEFT + pw + 14, TOP + 10
    for i, (label, color, dash) in enumerate(legend):
        y = ly + i * 20
        style = f'stroke="{color}" stroke-width="2"'
        if dash:
            style += f' stroke-dasharray="{dash}"'
        out.append(f'<line x1="{lx}" y1="{y}" x2="{lx + 24}" y2="{y}" {style}/>')
        out.append(f'<text x="{lx + 30}" y="{y + 4}" font-size="11">{escape(label)}</text>')
    out.append("</svg>")
    with open(args.svg, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
