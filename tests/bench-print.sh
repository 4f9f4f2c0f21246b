#!/bin/sh
# Benchmarks tetris-print on the article's example script (141 pieces, 7 blocks):
#   replay   pieces per second, replaying without rendering (tetris-print --bench N)
#   frames   PNG frames per second at --scale 8 (tetris-print --frames: render, encode,
#            write each file atomically)
#   gif      GIF frames per second at --scale 8
# then, at default settings, the lighthouse and a full 17 x 32 sprite: GIF bytes and time
# (and gifsicle -O2's size), the page's size, MP4 bytes and time, --motion frames a second.
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
echo "  frames: $frames PNG frames at scale 8 (184 x 344 with the well) in $(awk -v ns="$elapsed" \
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

# Watching it print (issue 12): the bundled lighthouse and a full 17 x 32 three-colour
# sprite (tests/data/full-17x32.png), converted first, at default settings.
convert="$bin_dir/tetris-convert"
"$convert" "$(dirname "$0")/../sprites/lighthouse.png" -o "$dir/lighthouse.txt"
"$convert" "$(dirname "$0")/data/full-17x32.png" -o "$dir/full.txt"
# gifsicle -O2 is the yardstick for GIF size; installed here only (not a build dependency).
if ! command -v gifsicle >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] &&
    command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gifsicle \
        >/dev/null 2>&1 || true
fi
seconds() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }
size() { wc -c <"$1" | tr -d ' '; }
# timed OUTPUT ARGS...: runs tetris-print, sets $took (seconds)
timed() {
    start=$(now)
    "$print" "$@" || echo "  FAILED: tetris-print $*"
    took=$(seconds $(($(now) - start)))
}
for sprite in lighthouse full; do
    pieces=$("$print" "$dir/$sprite.txt" --stats 2>&1 | sed -n 's/^pieces: \([0-9]*\).*/\1/p')
    timed "$dir/$sprite.txt" -o "$dir/$sprite.gif"
    line="  gif $sprite ($pieces pieces): $(size "$dir/$sprite.gif") bytes in $took s"
    if command -v gifsicle >/dev/null 2>&1; then
        gifsicle -O2 "$dir/$sprite.gif" -o "$dir/$sprite.O2.gif" 2>/dev/null
        o2=$(size "$dir/$sprite.O2.gif")
        line="$line; gifsicle -O2: $o2 bytes ($(awk -v a="$(size "$dir/$sprite.gif")" -v b="$o2" \
            'BEGIN { printf "%.2f", a / b }') x)"
    else
        line="$line; gifsicle not available"
    fi
    echo "$line"
done
timed "$dir/lighthouse.txt" -o "$dir/lighthouse.html"
echo "  html lighthouse: $(size "$dir/lighthouse.html") bytes in $took s"
if command -v ffmpeg >/dev/null 2>&1; then
    timed "$dir/lighthouse.txt" -o "$dir/lighthouse.mp4"
    echo "  mp4 lighthouse: $(size "$dir/lighthouse.mp4") bytes in $took s"
else
    echo "  mp4: ffmpeg not available"
fi
# --motion: frames drawn and encoded a second
start=$(now)
motion_frames=$("$print" "$dir/lighthouse.txt" --motion --stats -o "$dir/motion.gif" 2>&1 |
    sed -n 's/^frames: //p')
elapsed=$(($(now) - start))
echo "  motion gif lighthouse: $motion_frames frames, $(size "$dir/motion.gif") bytes in \
$(seconds "$elapsed") s: $(rate "$motion_frames" "$elapsed") frames/s"
