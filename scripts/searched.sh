#!/usr/bin/env bash
# The partizan search on the graphs with cycles of benches/searched (issue 29): each input
# valued by one or two release binaries in turn, so that a slow spell of the machine falls
# on both alike, and a Markdown table of the median CPU time (user + system), the median
# wall time and the largest peak memory of each, with the value or the refusal.
#
#   scripts/searched.sh                     this checkout's release build, 3 runs each
#   scripts/searched.sh --before PATH       PATH (say, a build of an earlier commit) and
#                                           this checkout's build, in turn
#   scripts/searched.sh --runs N            N runs per input and binary
#   scripts/searched.sh --moves             analyze --moves (every cut valued) instead
#   scripts/searched.sh --flags "..."       more flags for analyze (--max-positions N)
#   scripts/searched.sh FILE...             these inputs instead of benches/searched/*
#
# CPU time is the guide on a shared machine: wall time grows with the load, CPU time much
# less. Every run is kept in target/searched/raw.csv.

set -euo pipefail

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

RUNS=3
BEFORE=""
MOVES=""
FLAGS=""
FILES=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --runs) RUNS=$2; shift ;;
    --before) BEFORE=$2; shift ;;
    --moves) MOVES="--moves" ;;
    --flags) FLAGS=$2; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "searched.sh: unknown flag $1" >&2; usage >&2; exit 2 ;;
    *) FILES+=("$1") ;;
    esac
    shift
done

cd "$(dirname "$0")/.."
cargo build --release --locked --quiet -p hackenbush-cli
AFTER=target/release/hackenbush
if [[ ${#FILES[@]} -eq 0 ]]; then
    FILES=(benches/searched/*.hb benches/searched/*.cgs)
fi
BINARIES=("$AFTER")
NAMES=("after")
if [[ -n $BEFORE ]]; then
    BINARIES=("$BEFORE" "$AFTER")
    NAMES=("before" "after")
fi

OUT=target/searched
mkdir -p "$OUT"
RAW=$OUT/raw.csv
echo "binary,input,run,cpu_s,wall_s,peak_kb,status,result" > "$RAW"

# One run: CPU seconds, wall seconds, peak KB, exit status, and the value or the refusal.
run() {
    local binary=$1 input=$2 log
    log=$(mktemp)
    # shellcheck disable=SC2086
    /usr/bin/time -f "%U %S %e %M" -o "$log.time" "$binary" analyze $MOVES $FLAGS "$input" \
        > "$log.out" 2> "$log.err" && status=0 || status=$?
    read -r user system wall peak < <(tail -n 1 "$log.time")
    local result
    result=$(grep -m1 -oE '^  value [^ ]+' "$log.out" | sed 's/^  value //' || true)
    if [[ -z $result ]]; then
        result=$(grep -m1 -oE 'positions than|too large|more than [0-9]+ levels' "$log.err" \
            | sed 's/positions than/refused (positions)/; s/too large/refused (work)/' || true)
    fi
    echo "$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') $wall $peak $status ${result:-?}"
    rm -f "$log" "$log.time" "$log.out" "$log.err"
}

for input in "${FILES[@]}"; do
    for ((k = 1; k <= RUNS; k++)); do
        for i in "${!BINARIES[@]}"; do
            read -r cpu wall peak status result <<< "$(run "${BINARIES[$i]}" "$input")"
            # A value may hold commas ({0|0,v*}): the last field is quoted.
            echo "${NAMES[$i]},$(basename "$input"),$k,$cpu,$wall,$peak,$status,\"$result\"" >> "$RAW"
        done
    done
done

# The table: per input, per binary, the median CPU and wall times and the largest peak.
python3 - "$RAW" "${NAMES[@]}" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
names = sys.argv[2:]
inputs = list(dict.fromkeys(r["input"] for r in rows))
print("| input | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
for i in inputs:
    cells = []
    for n in names:
        runs = [r for r in rows if r["input"] == i and r["binary"] == n]
        cpu = statistics.median(float(r["cpu_s"]) for r in runs)
        wall = statistics.median(float(r["wall_s"]) for r in runs)
        peak = max(int(r["peak_kb"]) for r in runs) / 1024
        # A value's bars would end the table's cell.
        results = sorted(set(r["result"].replace("|", "\\|") for r in runs))
        cells.append(f"{', '.join(results)} in {cpu:.2f} s CPU ({wall:.2f} s), {peak:.0f} MB")
    print(f"| `{i}` | " + " | ".join(cells) + " |")
EOF
