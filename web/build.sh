#!/usr/bin/env bash
# Builds the page into web/dist/: index.html, its script and style, the Web Worker and
# the library compiled to wasm32-unknown-unknown. Downloads nothing but crates.
set -euo pipefail
cd "$(dirname "$0")"

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --locked --release --target wasm32-unknown-unknown --quiet

rm -rf dist
mkdir -p dist
cp static/*.html static/*.js static/*.css dist/
cp target/wasm32-unknown-unknown/release/hackenbush_web.wasm dist/hackenbush.wasm
echo "built $(pwd)/dist: $(du -sb dist | cut -f1) bytes"
