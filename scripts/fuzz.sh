#!/usr/bin/env bash
# Runs every cargo-fuzz target for a given time, seeded from the test fixtures and the
# examples, two targets at a time (one per core).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 600 s, every target)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a nightly toolchain (`rustup toolchain
# install nightly`): libFuzzer's instrumentation uses unstable compiler flags. Findings
# land in fuzz/artifacts/TARGET/; turn each into a regression test (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
all=(parse_hb parse_christmas parse_json parse_dot dot_roundtrip dot_graphviz parse_cgsuite analysis partizan)
targets=("${@:-${all[@]}}")

seed() { # seed TARGET EXTENSION...
  local dir="fuzz/corpus/$1"; shift
  mkdir -p "$dir"
  for ext in "$@"; do
    find tests/fixtures examples -name "*.$ext" -size -64k -exec cp {} "$dir/" \; 2>/dev/null || true
  done
}
seed parse_hb hb
seed parse_christmas in txt
seed parse_json json
seed parse_dot dot gv
seed dot_roundtrip dot gv
seed dot_graphviz dot gv
seed parse_cgsuite cgs
mkdir -p fuzz/corpus/analysis fuzz/corpus/partizan

for t in "${targets[@]}"; do cargo +nightly fuzz build -O "$t"; done

run() { # run TARGET: prints one summary line
  local t=$1 log="fuzz/logs/$1.log"
  mkdir -p fuzz/logs
  if cargo +nightly fuzz run -O "$t" -- -max_total_time="$seconds" -max_len=65536 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
    echo "$t: clean, $(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}') runs in ${seconds}s"
  else
    echo "$t: FINDING, see $log and fuzz/artifacts/$t/"
  fi
}

status=0
pids=()
for t in "${targets[@]}"; do
  run "$t" &
  pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
