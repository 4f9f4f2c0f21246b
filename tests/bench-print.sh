#!/bin/sh
# Benchmarks tetris-print on the article's example script (141 pieces, 7 blocks):
#   replay   pieces per second, replaying without rendering (tetris-print --bench N)
#   frames   PNG frames per second at --scale 8 (tetris-print --frames: render, encode,
#            write each file atomically)
#   gif      GIF frames per second at --scale 8
# then, at default settings, the lighthouse and a full 17 x 32 sprite: GIF bytes and time
# (and gifsicle -O2's size), the page's size, MP4 bytes and time, --motion frames a second
# (every frame); then what one shares at default settings, for about 600 and 100,000
# pieces: GIF, MP4 and page, their bytes, time and length.
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

# Watching it print: the bundled lighthouse and a full 17 x 32 three-colour
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
    "$print" "$@" 2>"$dir/err" || echo "  FAILED: tetris-print $*: $(cat "$dir/err")"
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
# --motion: frames drawn and encoded a second (every frame)
start=$(now)
motion_frames=$("$print" "$dir/lighthouse.txt" --motion --every 1 --stats -o "$dir/motion.gif" 2>&1 |
    sed -n 's/^frames: //p')
elapsed=$(($(now) - start))
echo "  motion gif lighthouse: $motion_frames frames, $(size "$dir/motion.gif") bytes in \
$(seconds "$elapsed") s: $(rate "$motion_frames" "$elapsed") frames/s"

# Sharing, at default settings: the balloon (a converted sample sprite of about
# 600 pieces) and a script of 100,000 pieces (structures of 21 vertical I pieces that
# clear their 4 rows, then the balloon's blocks): each as a GIF, an MP4 and a page, its
# bytes, the seconds to write it and how long it plays (a GIF's delays, read by
# tests/tools/gif_timing when built; the video's length from ffprobe; the page's from the
# length it carries, or "on a click" for a page that doesn't play by itself).
"$convert" "$(dirname "$0")/../sprites/balloon.png" -o "$dir/balloon.txt"
balloon=$("$print" "$dir/balloon.txt" --stats 2>&1 | sed -n 's/^pieces: \([0-9]*\).*/\1/p')
structures=$(((100000 - balloon + 20) / 21))
{
    head -n 1 "$dir/balloon.txt"
    echo
    awk -v n="$structures" 'BEGIN { for (i = 0; i < n; i++) {
        for (r = 0; r < 4; r++) print "ABCDEFGHIJKLMNOPQRSTU"; print "" } }'
    tail -n +2 "$dir/balloon.txt" | sed '/./,$!d'
} >"$dir/long.txt"
gif_timing="${TEST_TOOLS_DIR:-build/tools}/gif_timing"
plays() { awk -v cs="$1" 'BEGIN { printf "%.1f s", cs / 100 }'; }
for sprite in balloon long; do
    pieces=$("$print" "$dir/$sprite.txt" --stats 2>&1 | sed -n 's/^pieces: \([0-9]*\).*/\1/p')
    echo "  sharing $sprite ($pieces pieces), default settings:"
    timed "$dir/$sprite.txt" -o "$dir/$sprite.gif"
    length="not measured (no $gif_timing)"
    [ -x "$gif_timing" ] &&
        length=$(plays "$("$gif_timing" "$dir/$sprite.gif" | awk '{ print $4 }')")
    echo "    gif:  $(size "$dir/$sprite.gif") bytes in $took s, plays $length"
    if command -v ffmpeg >/dev/null 2>&1; then
        timed "$dir/$sprite.txt" -o "$dir/$sprite.mp4"
        length=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$dir/$sprite.mp4")
        echo "    mp4:  $(size "$dir/$sprite.mp4") bytes in $took s, plays $(plays \
"$(awk -v s="$length" 'BEGIN { print s * 100 }')")"
    fi
    timed "$dir/$sprite.txt" -o "$dir/$sprite.html"
    length=$(sed -n 's/.*"length": \([0-9]*\),.*/\1/p' "$dir/$sprite.html")
    echo "    page: $(size "$dir/$sprite.html") bytes in $took s, plays \
$([ -n "$length" ] && echo "$(plays "$length") by itself" || echo "on a click")"
done
