#!/bin/sh
# Benchmarks tetris-print on the article's example script (141 pieces, 7 blocks):
#   replay   pieces per second, replaying without rendering (tetris-print --bench N)
#   frames   PNG frames per second at --scale 8 (tetris-print --frames: render, encode,
#            write each file atomically)
#   gif      GIF frames per second at --scale 8
# Usage: tests/bench-print.sh BIN_DIR [REPLAYS]   (default 20000 replays = 2.8 M pieces)
set -eu
bin_dir=${1:?usage: bench-print.sh BIN_DIR [REPLAYS]}
replays=${2:-20000}
print="$bin_dir/tetris-print"
script=$(dirname "$0")/data/article-example.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

now() { date +%s%N; }
rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf "%.0f", n / (ns / 1e9) }'; }

echo "tetris-print benchmark ($(basename "$script"): 141 pieces)"
"$print" "$script" --bench "$replays" | sed 's/^/  /'

rounds=5
start=$(now)
i=0
while [ $i -lt $rounds ]; do
    "$print" "$script" --scale 8 --frames "$dir/frames"
    i=$((i + 1))
done
elapsed=$(($(now) - start))
frames=$((rounds * 141))
echo "  frames: $frames PNG frames at scale 8 (168 x 336) in $(awk -v ns="$elapsed" \
    'BEGIN { printf "%.3f", ns / 1e9 }') s: $(rate "$frames" "$elapsed") frames/s"

start=$(now)
i=0
while [ $i -lt $rounds ]; do
    "$print" "$script" --scale 8 -o "$dir/play.gif"
    i=$((i + 1))
done
elapsed=$(($(now) - start))
echo "  gif: $frames GIF frames at scale 8 in $(awk -v ns="$elapsed" \
    'BEGIN { printf "%.3f", ns / 1e9 }') s: $(rate "$frames" "$elapsed") frames/s"
