#!/bin/sh
# tetris-convert's colour reduction: over generated pictures (seeded, so the same every run:
# anti-aliased drawings as emoji are drawn, and photos), the mean perceptual error of
# --fit --max-width 17 --colors 3 and of --colors 7 (the summary line's: the mean distance in Oklab between
# a printed pixel and the picture's, x 100), how much closer 7 colours come, how many
# pictures print, and the median time of the colour step (the "load" line of --stats:
# read, decode and prepare). Needs picture_tool (make builds it for make bench).
# With DIR, the pictures of DIR instead (PNG, JPEG, GIF...: icons, game tiles, photos
# nobody drew for this), each at --fit's default width.
# Usage: tests/bench-colours.sh BIN_DIR TOOLS_DIR [DIR]   (part of make bench, without DIR)
set -eu
bin_dir=${1:?usage: bench-colours.sh BIN_DIR TOOLS_DIR [DIR]}
tools_dir=${2:?usage: bench-colours.sh BIN_DIR TOOLS_DIR [DIR]}
convert="$bin_dir/tetris-convert"
picture_tool="$tools_dir/picture_tool"
. "$(dirname "$0")/bench-lib.sh"

mkdir "$tmp/pictures"
if [ -n "${3:-}" ]; then
    dir=$(cd "$3" && pwd)
    for picture in "$dir"/*; do
        if [ -f "$picture" ]; then
            ln -s "$picture" "$tmp/pictures/$(basename "$picture")"
        fi
    done
    width="" # --fit's default
    kind="pictures of $3, --fit's default width"
else
    for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
        "$picture_tool" drawing --seed "$seed" --width 64 --height 64 "$tmp/pictures/drawing-$seed.png"
    done
    for seed in 1 2 3 4; do
        "$picture_tool" photo --seed "$seed" --width 320 --height 240 "$tmp/pictures/photo-$seed.jpg"
        "$picture_tool" logo --seed "$seed" --width 320 --height 200 "$tmp/pictures/logo-$seed.jpg"
    done
    width="--max-width 17"
    kind="generated pictures: 16 drawings, 4 photos, 4 logos"
fi
pictures=$(ls "$tmp/pictures" | wc -l)
echo "tetris-convert colour reduction benchmark ($pictures $kind)"
# Each picture with 3 colours, then 7: the mean error of each (a pair, when both reduced the
# colours: a picture of 3 colours or fewer, or one refused, has none), prints or not, and the
# time of the colour step.
: >"$tmp/pairs"
: >"$tmp/load-3"
: >"$tmp/load-7"
printed_3=0 printed_7=0
for picture in "$tmp"/pictures/*; do
    pair=""
    for n in 3 7; do
        # shellcheck disable=SC2086 # $width: an option and its value, or nothing
        if "$convert" --stats --fit $width --colors "$n" -o /dev/null "$picture" 2>"$tmp/err"; then
            case $n in 3) printed_3=$((printed_3 + 1)) ;; *) printed_7=$((printed_7 + 1)) ;; esac
        fi
        pair="$pair $(sed -n 's/.*mean error \([0-9.]*\).*/\1/p' "$tmp/err" | head -n 1)"
        awk '$1 == "load:" { print $2 }' "$tmp/err" >>"$tmp/load-$n"
    done
    # shellcheck disable=SC2086 # the pair's words
    [ "$(echo $pair | wc -w)" -eq 2 ] && echo "$pair" >>"$tmp/pairs"
done
for n in 3 7; do
    case $n in 3) column=1 printed=$printed_3 ;; *) column=2 printed=$printed_7 ;; esac
    printf '  --colors %s: mean error %s (Oklab x 100), %s of %s print, colour step and loading %s s (median)\n' \
        "$n" "$(awk -v k="$column" '{ s += $k } END { printf "%.2f", s / NR }' "$tmp/pairs")" \
        "$printed" "$pictures" "$(median <"$tmp/load-$n")"
done
awk '
    { three += $1; seven += $2; if ($2 > $1) further++ }
    END { printf "  7 colours come out %.1f %% closer than 3 on average; further on %d of %d pictures\n",
          100 * (1 - seven / three), further, NR }' "$tmp/pairs"
