#!/bin/sh
# tetris-convert's colour reduction: over generated pictures (seeded, so the same every run:
# anti-aliased drawings as emoji are drawn, and photos), the mean perceptual error of
# --fit --max-width 17 --colors 3 and of --colors 7 (the summary line's: the mean distance in Oklab between
# a printed pixel and the picture's, x 100), how much closer 7 colours come, how many
# pictures print, and the median time of the colour step (the "load" line of --stats:
# read, decode and prepare). Needs picture_tool (make builds it for make bench).
# Usage: tests/bench-colours.sh BIN_DIR TOOLS_DIR   (part of make bench)
set -eu
bin_dir=${1:?usage: bench-colours.sh BIN_DIR TOOLS_DIR}
tools_dir=${2:?usage: bench-colours.sh BIN_DIR TOOLS_DIR}
convert="$bin_dir/tetris-convert"
picture_tool="$tools_dir/picture_tool"
. "$(dirname "$0")/bench-lib.sh"

for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    "$picture_tool" drawing --seed "$seed" --width 64 --height 64 "$tmp/drawing-$seed.png"
done
for seed in 1 2 3 4; do
    "$picture_tool" photo --seed "$seed" --width 320 --height 240 "$tmp/photo-$seed.jpg"
    "$picture_tool" logo --seed "$seed" --width 320 --height 200 "$tmp/logo-$seed.jpg"
done
pictures=$(ls "$tmp" | wc -l)
echo "tetris-convert colour reduction benchmark ($pictures generated pictures: 16 drawings, 4 photos, 4 logos)"
for n in 3 7; do
    : >"$tmp/errors-$n"
    : >"$tmp/load-$n"
    printed=0
    for picture in "$tmp"/drawing-* "$tmp"/photo-* "$tmp"/logo-*; do
        if "$convert" --stats --fit --max-width 17 --colors "$n" -o /dev/null "$picture" 2>"$tmp/err"; then
            printed=$((printed + 1))
        fi
        sed -n 's/.*mean error \([0-9.]*\).*/\1/p' "$tmp/err" >>"$tmp/errors-$n"
        awk '$1 == "load:" { print $2 }' "$tmp/err" >>"$tmp/load-$n"
    done
    printf '  --colors %s: mean error %s (Oklab x 100), %s of %s print, colour step and loading %s s (median)\n' \
        "$n" "$(awk '{ s += $1 } END { printf "%.2f", s / NR }' "$tmp/errors-$n")" "$printed" \
        "$pictures" "$(median <"$tmp/load-$n")"
done
paste "$tmp/errors-3" "$tmp/errors-7" | awk '
    { three += $1; seven += $2; if ($2 > $1) further++ }
    END { printf "  7 colours come out %.1f %% closer than 3 on average; further on %d of %d pictures\n",
          100 * (1 - seven / three), further, NR }'
