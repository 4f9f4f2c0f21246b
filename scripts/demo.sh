#!/bin/sh
# The main job on bundled data (make demo):
#   0. tetris-convert turns the bundled sprite sprites/lighthouse.png (17x32, 3 colours)
#      into a script, demo/lighthouse.txt, with both methods, and tetris-print plays it:
#      demo/lighthouse.png (the picture left by the play) and demo/lighthouse.gif;
#   0b. the same for sprites/owl-32.png (32x32): too large for the 21x42 field, it goes to
#      the smallest field that fits it, 37x74, whose patterns tetris-convert searches and
#      caches the first time (a temporary XDG_CACHE_HOME here): demo/owl.txt, demo/owl.png;
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
convert="$bin_dir/tetris-convert"
print="$bin_dir/tetris-print"
script=tests/data/article-example.txt
sprite=sprites/lighthouse.png
out=demo

for program in "$search" "$convert" "$print"; do
    if [ ! -x "$program" ]; then
        echo "demo: $program not found; run make first" >&2
        exit 1
    fi
done
mkdir -p "$out/patterns"
blocks() { awk 'BEGIN { RS = "" } END { print NR }' "$1"; }

echo "== 0. tetris-convert $sprite -o $out/lighthouse.txt --stats"
echo
"$convert" "$sprite" -o "$out/lighthouse.txt" --stats
echo
echo "   the article's table method, for comparison:"
"$convert" "$sprite" --method table -o "$out/lighthouse-table.txt" --stats 2>&1 |
    grep -E '^(pieces|passes):' | sed 's/^/   /'
echo
"$print" "$out/lighthouse.txt" --scale 16 -o "$out/lighthouse.png"
"$print" "$out/lighthouse.txt" --scale 8 --every 8 -o "$out/lighthouse.gif"
"$print" "$out/lighthouse.txt" --ascii --color --crop
echo

wide=sprites/owl-32.png
echo "== 0b. tetris-convert $wide -o $out/owl.txt --stats   (a larger field: --width auto)"
echo
cache=$(mktemp -d)
XDG_CACHE_HOME=$cache "$convert" "$wide" -o "$out/owl.txt" --stats
rm -rf "$cache"
"$print" "$out/owl.txt" --scale 8 --crop -o "$out/owl.png"
echo

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
echo "  $out/lighthouse.txt          the script tetris-convert wrote for $sprite"
echo "  $out/lighthouse.png          the playfield it leaves, 16 pixels per cell"
echo "  $out/lighthouse.gif          the play, animated (every 8th piece)"
echo "  $out/owl.png                 $wide printed on the 37 x 74 field (cropped)"
echo "  $out/patterns/emitters1.txt  $(blocks "$out/patterns/emitters1.txt") single-square emitters"
echo "  $out/patterns/emitters6.txt  $(blocks "$out/patterns/emitters6.txt") 6-square emitters"
echo "  $out/article.png             final playfield, 16 pixels per cell"
echo "  $out/article.gif             the whole play, animated, cropped, 8 pixels per cell"
