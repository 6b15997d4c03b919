#!/usr/bin/env bash
# Builds the page into web/dist/: index.html, its script and style, the Web Worker and
# the library compiled to wasm32-unknown-unknown twice: analysis.wasm for speed (analyze
# and layout, loaded with the page) and hackenbush.wasm for size (everything, loaded on
# the first explain, convert or play). Downloads nothing but crates.
set -euo pipefail
cd "$(dirname "$0")"

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --locked --release --target wasm32-unknown-unknown --quiet
cargo build --locked --profile analysis --no-default-features \
  --target wasm32-unknown-unknown --quiet

rm -rf dist
mkdir -p dist
cp static/*.html static/*.js static/*.css dist/
cp target/wasm32-unknown-unknown/release/hackenbush_web.wasm dist/hackenbush.wasm
cp target/wasm32-unknown-unknown/analysis/hackenbush_web.wasm dist/analysis.wasm
echo "built $(pwd)/dist: $(du -sb dist | cut -f1) bytes"
