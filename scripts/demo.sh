#!/bin/sh
# The main job on bundled data (make demo):
#   1. tetris-search regenerates the single-square and the 6-square emitters into
#      demo/patterns and shows its table of proved minimal heights;
#   2. tetris-print replays the article's example script (tests/data/article-example.txt)
#      as real Tetris: demo/article.png, demo/article.gif, the playfield in colour and
#      the statistics on the terminal.
# Usage: scripts/demo.sh BIN_DIR   (run from anywhere; outputs go to demo/ in the repository)
set -eu
bin_dir=${1:?usage: demo.sh BIN_DIR}
case $bin_dir in /*) ;; *) bin_dir=$(pwd)/$bin_dir ;; esac
cd "$(dirname "$0")/.."
search="$bin_dir/tetris-search"
print="$bin_dir/tetris-print"
script=tests/data/article-example.txt
out=demo

for program in "$search" "$print"; do
    if [ ! -x "$program" ]; then
        echo "demo: $program not found; run make first" >&2
        exit 1
    fi
done
mkdir -p "$out/patterns"
blocks() { awk 'BEGIN { RS = "" } END { print NR }' "$1"; }

echo "== 1. tetris-search --squares 1 --squares 6 -o $out/patterns"
echo "   (every layout packed at its minimal height; every smaller height proved impossible)"
echo
"$search" --squares 1 --squares 6 -o "$out/patterns"
for n in 1 6; do
    if [ ! -s "$out/patterns/emitters$n.txt" ]; then
        echo "demo: tetris-search did not write $out/patterns/emitters$n.txt" >&2
        exit 1
    fi
done
echo
echo "First single-square emitter ('A' is the J/T/L top, the others in drop order):"
awk 'BEGIN { RS = "" } NR == 1 { print; exit }' "$out/patterns/emitters1.txt" | sed 's/^/    /'
echo

echo "== 2. tetris-print $script (the article's example)"
"$print" "$script" --scale 16 -o "$out/article.png"
"$print" "$script" --scale 8 --crop -o "$out/article.gif"
echo
"$print" "$script" --ascii --color --crop
echo
"$print" "$script" --stats

echo
echo "Outputs:"
echo "  $out/patterns/emitters1.txt  $(blocks "$out/patterns/emitters1.txt") single-square emitters"
echo "  $out/patterns/emitters6.txt  $(blocks "$out/patterns/emitters6.txt") 6-square emitters"
echo "  $out/article.png             final playfield, 16 pixels per cell"
echo "  $out/article.gif             the whole play, animated, cropped, 8 pixels per cell"
