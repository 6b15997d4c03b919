#!/usr/bin/env bash
# Peak memory and time of `hackenbush analyze` on inputs of about 10 MB in every format,
# each as one huge graph and as very many tiny ones, held against the bound of the
# hostile-input issue: peak resident memory at most 64 bytes per input byte plus 32 MiB.
# A tenth of each input (about 1 MB) is measured too, for the growth: time and memory
# grow linearly when the 10 MB figures are about 10 times the 1 MB ones.
#
#   scripts/memory.sh            every input (about 2 minutes with the release build)
#   scripts/memory.sh FORMAT...  only these formats (hb christmas json dot cgsuite)
#   scripts/memory.sh --command "explain" [FORMAT...]
#                                another command in place of `analyze` ("analyze --moves",
#                                "explain", "dot"): these build each graph's full model
#                                (its blocks, for the moves and the pictures) while they
#                                report it, so the bound holds for many graphs, and for one
#                                huge graph only where the input spends enough bytes an edge
#   RUNS=1 scripts/memory.sh     one run per input instead of three
#
# Inputs are written under target/memory/ by `hackenbush gen` (one huge graph: a path)
# and by this script (tiny graphs: one edge each, in one position). Each command runs
# under `/usr/bin/time -f "%e %M"`, three times; the table gives the median time and the
# largest peak. The exit status is 1 if a bound is missed.

set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
COMMAND=analyze
if [[ ${1:-} == --command ]]; then
    COMMAND=$2
    shift 2
fi
read -r -a COMMAND_WORDS <<<"$COMMAND"
RUNS=${RUNS:-3}
FORMATS=("$@")
[[ ${#FORMATS[@]} -gt 0 ]] || FORMATS=(hb christmas json dot cgsuite)

OUT=target/memory
mkdir -p "$OUT"
cargo build --release --quiet
BIN=$OUT/hackenbush
cp target/release/hackenbush "$BIN"

# One huge graph: a path of E edges from the ground, E chosen per format for about 10 MB
# (and a tenth of it).
path_edges() {
    case $1 in
    hb) echo 1200000 ;;
    christmas) echo 730000 ;;
    json) echo 560000 ;;
    dot) echo 140000 ;;
    cgsuite) echo 10000000 ;;
    esac
}

# Many tiny graphs in one position: N one-edge graphs, about 10 MB (and a tenth of it).
tiny() {
    local format=$1 n=$2 file=$3
    python3 - "$format" "$n" "$file" <<'EOF'
import sys
fmt, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w") as f:
    if fmt == "hb":
        f.write("".join("graph:\nground: 0\n0-1\n" for _ in range(n)))
    elif fmt == "christmas":
        f.write(f"{n}\n" + "2 1\n1 2\n" * n)
    elif fmt == "json":
        f.write('{"graphs": [' + ",".join(['{"ground": [0], "edges": [[0, 1]]}'] * n) + "]}\n")
    elif fmt == "dot":
        f.write("graph position {\n")
        for i in range(n):
            f.write(f"  subgraph cluster_{i} {{ g{i} [ground=true]; g{i} -- a{i} }}\n")
        f.write("}\n")
    elif fmt == "cgsuite":
        f.write("+".join(["e"] * n) + "\n")
EOF
}

tiny_count() {
    case $1 in
    hb) echo 500000 ;;
    christmas) echo 1250000 ;;
    json) echo 290000 ;;
    dot) echo 200000 ;;
    cgsuite) echo 5000000 ;;
    esac
}

ext() {
    case $1 in
    hb) echo hb ;; christmas) echo in ;; json) echo json ;; dot) echo dot ;; cgsuite) echo cgs ;;
    esac
}

# Prints "seconds peak_KiB": median time and largest peak of the runs.
measure() {
    local times=() peak=0 line
    for _ in $(seq "$RUNS"); do
        line=$({ /usr/bin/time -f "%e %M" "$BIN" "${COMMAND_WORDS[@]}" "$1" >/dev/null; } 2>&1 | tail -n 1)
        times+=("${line% *}")
        ((${line#* } > peak)) && peak=${line#* }
    done
    printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p")" "$peak"
}

echo "hackenbush $COMMAND: peak memory against 64 bytes per input byte + 32 MiB"
echo "machine: $(nproc) cores, $(uname -sr); $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)"
echo
printf '| %-9s | %-14s | %9s | %8s | %10s | %10s | %5s | %s |\n' \
    format shape "input" time "peak" bound "holds" "10 MB / 1 MB (time, memory)"
printf '|%s|\n' "-----------|----------------|-----------|----------|------------|------------|-------|------------------------------"
failed=0
for format in "${FORMATS[@]}"; do
    e=$(ext "$format")
    for shape in "one huge graph" "tiny graphs"; do
        declare -A got=()
        for scale in 10 1; do
            file=$OUT/${shape// /-}-$scale.$e
            if [[ $shape == "one huge graph" ]]; then
                "$BIN" gen path --edges $(($(path_edges "$format") * scale / 10)) \
                    --format "$format" -o "$file"
            else
                tiny "$format" $(($(tiny_count "$format") * scale / 10)) "$file"
            fi
            read -r seconds peak <<<"$(measure "$file")"
            got[$scale]="$seconds $peak $(stat -c %s "$file")"
        done
        read -r s10 p10 b10 <<<"${got[10]}"
        read -r s1 p1 _ <<<"${got[1]}"
        bound=$(((64 * b10 + 32 * 1024 * 1024) / 1024))
        holds=yes
        if ((p10 > bound)); then holds=NO; failed=1; fi
        growth=$(awk -v a="$s10" -v b="$s1" -v c="$p10" -v d="$p1" \
            'BEGIN { printf "%.1fx, %.1fx", (b > 0 ? a / b : 0), c / d }')
        printf '| %-9s | %-14s | %6.1f MB | %6.2f s | %6d MiB | %6d MiB | %-5s | %s |\n' \
            "$format" "$shape" "$(awk -v b="$b10" 'BEGIN { print b / 1e6 }')" "$s10" \
            $((p10 / 1024)) $((bound / 1024)) "$holds" "$growth"
    done
done
exit $failed
