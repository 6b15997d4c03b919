#!/usr/bin/env bash
# Redraws the gallery: every example of examples/ as a picture.
#
# 1. Adds the golden DOT cases of a new example, tests/golden/dot/<example>.toml and
#    <example>.reduced.toml (and drops those of a removed one), then rewrites their
#    expected output, <example>.stdout and <example>.reduced.stdout: exactly what
#    `hackenbush dot [--reduced] examples/<example>` prints, one DOT graph per position.
# 2. Renders each position with Graphviz into docs/gallery/: <example>.svg and
#    <example>.reduced.svg, or <example>-<case>.svg and <example>-<case>.reduced.svg for a
#    file with several positions (christmas test cases). Any Graphviz warning is an error.
# 3. Writes docs/gallery.md, which shows them all.
#
# Usage: scripts/gallery.sh    (from anywhere; needs cargo and Graphviz `dot`)
# tests/cli.rs checks that the golden files are current; tests/dot.rs that every example
# has its cases and every picture exists.

set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v dot >/dev/null 2>&1; then
    echo "gallery.sh: Graphviz \`dot\` is needed: apt-get install graphviz," \
        "brew install graphviz, or https://graphviz.org/download/" >&2
    exit 1
fi

# Golden cases for every example (a new example gets an empty expected output, which
# the overwrite below fills in).
for path in examples/*; do
    file=$(basename "$path")
    case "$file" in *.hb | *.in | *.txt | *.json | *.dot | *.gv | *.cgs) ;; *) continue ;; esac
    for variant in "" .reduced; do
        toml=tests/golden/dot/$file$variant.toml
        [ -f "$toml" ] && continue
        flag=""
        [ -n "$variant" ] && flag='"--reduced", '
        printf 'bin.name = "hackenbush"\nargs = ["dot", %s"examples/%s"]\nstderr = ""\n' \
            "$flag" "$file" >"$toml"
        : >"tests/golden/dot/$file$variant.stdout"
    done
done
# No case without its example.
for toml in tests/golden/dot/*.toml; do
    name=$(basename "$toml" .toml)
    [ -f "examples/${name%.reduced}" ] || rm -f "$toml" "tests/golden/dot/$name.stdout"
done
# The expected output, written by the binary itself: trycmd's overwrite writes every `\`
# as `/` (its path normalisation, which its comparison applies to both sides), and the
# `\n` of the labels would reach the pictures as `/n`.
cargo build --quiet
for toml in tests/golden/dot/*.toml; do
    name=$(basename "$toml" .toml)
    flag=()
    [ "$name" != "${name%.reduced}" ] && flag=(--reduced)
    cargo run --quiet -- dot "${flag[@]}" "examples/${name%.reduced}" >"tests/golden/dot/$name.stdout"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf docs/gallery
mkdir -p docs/gallery

# One line about an example.
describe() {
    case "$1" in
    bowtie.hb) echo 'Two triangles on one vertex above a stalk: the triangles fuse into one block of six edges (`*0`), so the stalk makes the graph `*1`; next to it a stalk of three, the nim heap `*3`.' ;;
    tour.hb) echo "A tour of the hb format: a tree, loops and parallel edges, two ground vertices, a part not attached to the ground, a theta graph and K4." ;;
    poj-sample.in) echo "The sample of POJ 3710 \"Christmas Game\": a triangle on a stalk." ;;
    shapes.in) echo "Christmas-format test cases: a loop, cycles sharing edges and vertices, K4, parallel edges, an empty case, a stalk on a triangle." ;;
    position.json) echo "The JSON format: a stalk, a triangle with a flag, and a loop." ;;
    # The first paragraph of the example's own comment, joined into one line.
    *.hb | *.cgs) awk '/^#/ { sub(/^# ?/, ""); if ($0 == "") exit; printf "%s%s", sep, $0; sep = " "; next } { exit }' "examples/$1" ;;
    *.dot) awk '/^\/\// { sub(/^\/\/ ?/, ""); if ($0 == "") exit; printf "%s%s", sep, $0; sep = " "; next } { exit }' "examples/$1" ;;
    *) echo "" ;;
    esac
}

# Renders DOT text on stdin to the SVG file $1, failing on any message from dot.
render() {
    if ! dot -Tsvg -o "$1" 2>"$tmp/stderr" || [ -s "$tmp/stderr" ]; then
        echo "gallery.sh: dot failed or warned on $1:" >&2
        cat "$tmp/stderr" >&2
        exit 1
    fi
}

# Splits a golden file into one file per position: $tmp/split/1.dot, 2.dot, ...
split_positions() {
    rm -rf "$tmp/split"
    mkdir "$tmp/split"
    awk -v dir="$tmp/split" '
        /^(strict )?graph / { n++ }
        { print > (dir "/" n ".dot") }
    ' "$1"
    find "$tmp/split" -name '*.dot' | wc -l
}

md=$tmp/gallery.md
cat >"$md" <<'EOF'
# Gallery

Every example of [`examples/`](../examples) drawn by `hackenbush dot`: first the graphs as
written, then their reduction (`--reduced`). `scripts/gallery.sh` redraws this page from
the golden DOT files of `tests/golden/dot/`.

How to read them:

- The ground vertices are the dark boxes at the bottom; every edge is labelled with its
  number in the input (1, 2, 3, ... per graph).
- Colour is the game: an edge is drawn in its Hackenbush colour, and only that (every
  example here is Green Hackenbush: all green). Blue edges are Left's, red ones Right's.
- The vertices of a block (a 2-edge-connected piece: cycles sharing vertices or edges,
  loops, parallel edges) are filled with the same grey, the two shades alternating from
  block to block; the other edges are bridges. By the Fusion Principle a block is worth
  a twig (\*1) when it has an odd number of edges, nothing (\*0) when even. Dashed edges
  (their vertices' names grey) are not attached to the ground and are dropped.
- Under a vertex's name, `*n` is the value of what hangs above it: for the lowest vertex of
  a block, the block and everything above it; for any other vertex, the XOR over the
  bridges hanging from it of (value above + 1) (the Colon Principle). No `*n`: nothing
  hangs there.
- In the reduction every block is one vertex with a twig when its edge count is odd, so
  what remains is a tree of bridges, evaluated bottom-up by the Colon Principle.
- Each graph's title gives its value; the position's title gives the nim-sum and the
  winner. With `--moves`, the winning moves are drawn thick (in the reduction, a block
  with a winning cut inside has a thick outline and lists it).
- A graph with blue or red edges shows no `*n`: its title gives its value in CGSuite
  notation (`1/2`, `^*`, `{1|0}`), the position's title their sum and who wins, no moves
  are marked, and `--reduced` draws it as written (the Colon and Fusion Principles are
  about green edges).

EOF

for path in examples/*; do
    file=$(basename "$path")
    golden=tests/golden/dot/$file.stdout
    [ -f "$golden" ] || continue
    count=$(split_positions "$golden")
    for ((k = 1; k <= count; k++)); do mv "$tmp/split/$k.dot" "$tmp/plain-$k.dot"; done
    split_positions "tests/golden/dot/$file.reduced.stdout" >/dev/null

    {
        echo "## $file"
        echo
        description=$(describe "$file")
        if [ -n "$description" ]; then
            echo "$description"
            echo
        fi
    } >>"$md"

    for ((k = 1; k <= count; k++)); do
        if [ "$count" -eq 1 ]; then
            name=$file
        else
            name=$file-$k
            echo "### Test case $k" >>"$md"
            echo >>"$md"
            # A cgsuite file's case is its kth line: show it.
            if [ "${file##*.}" = cgs ]; then
                line=$(grep -v '^#' "$path" | grep -v '^[[:space:]]*$' | sed -n "${k}p")
                echo "The line \`$line\`." >>"$md"
                echo >>"$md"
            fi
        fi
        render "docs/gallery/$name.svg" <"$tmp/plain-$k.dot"
        render "docs/gallery/$name.reduced.svg" <"$tmp/split/$k.dot"
        {
            echo "![$name](gallery/$name.svg)"
            echo
            echo "Reduced:"
            echo
            echo "![$name reduced](gallery/$name.reduced.svg)"
            echo
        } >>"$md"
    done

    {
        echo "Reproduce with:"
        echo
        echo '```sh'
        if [ "$count" -eq 1 ]; then
            echo "hackenbush dot examples/$file | dot -Tsvg > $file.svg"
            echo "hackenbush dot --reduced examples/$file | dot -Tsvg > $file.reduced.svg"
        else
            echo "# one test case at a time: --case 1 to --case $count"
            echo "hackenbush dot --case 1 examples/$file | dot -Tsvg > $file-1.svg"
            echo "hackenbush dot --reduced --case 1 examples/$file | dot -Tsvg > $file-1.reduced.svg"
        fi
        echo '```'
        echo
    } >>"$md"
done

mv "$md" docs/gallery.md
echo "gallery.sh: wrote docs/gallery.md and $(find docs/gallery -name '*.svg' | wc -l) pictures in docs/gallery/"
