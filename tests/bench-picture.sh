#!/bin/sh
# tetris-convert's picture input: how long --fit --max-width 17 --colors 3 takes to read, decode and
# prepare a 640x480 JPEG photo before the conversion itself (the "load" line of --stats;
# target 0.2 s), then the wall time and peak memory of hostile and of the largest inputs:
# PNG decompression bombs (a 17x32 header over 400 MiB and 2 GiB of pixel data), /dev/zero,
# an endless pipe, a 2048x2048 JPEG (read whole), and, decoded scaled as a stream, a phone's
# 4032x3024 JPEG with --colors 3 and 7 (target 1 s and 64 MiB, the whole run) and a
# 50-megapixel PNG and JPEG (8160x6120) with --colors 7. Each figure of the photo is the
# median of REPEAT runs (default 5). Needs picture_tool (make builds it for make bench)
# and, for memory, GNU time. Usage: tests/bench-picture.sh BIN_DIR TOOLS_DIR   (part of make bench)
set -eu
bin_dir=${1:?usage: bench-picture.sh BIN_DIR TOOLS_DIR}
tools_dir=${2:?usage: bench-picture.sh BIN_DIR TOOLS_DIR}
repeat=${REPEAT:-5}
convert="$bin_dir/tetris-convert"
picture_tool="$tools_dir/picture_tool"
. "$(dirname "$0")/bench-lib.sh"
have_time=no
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o "$tmp/probe" true 2>/dev/null && have_time=yes

echo "tetris-convert picture input benchmark"
"$picture_tool" photo --seed 1 --width 640 --height 480 "$tmp/photo.jpg"
: >"$tmp/load"
: >"$tmp/total"
i=0
while [ "$i" -lt "$repeat" ]; do
    "$convert" --quiet --stats --fit --max-width 17 --colors 3 -o "$tmp/photo.txt" "$tmp/photo.jpg" 2>"$tmp/stats"
    awk '$1 == "load:" { print $2 }' "$tmp/stats" >>"$tmp/load"
    awk '$1 == "time:" { print $2 }' "$tmp/stats" >>"$tmp/total"
    i=$((i + 1))
done
printf '  640x480 JPEG, --fit --max-width 17 --colors 3: read, decode and prepare %s s (median of %s; target 0.2 s), then the conversion %s s\n' \
    "$(median <"$tmp/load")" "$repeat" "$(median <"$tmp/total")"

# measure LABEL ARGS...: wall time, peak memory and the exit status of one run (standard
# input: what measure's own is).
measure() {
    label=$1
    shift
    if [ "$have_time" = yes ]; then
        /usr/bin/time -f '%e %M' -o "$tmp/time" "$convert" --quiet "$@" >/dev/null \
            2>"$tmp/err" && status=0 || status=$?
        set -- $(tail -n 1 "$tmp/time")
        printf '  %-44s %6s s %8.1f MiB  exit %s\n' "$label" "$1" "$(echo "$2" | awk '{ print $1 / 1024 }')" "$status"
    else
        "$convert" --quiet "$@" >/dev/null 2>"$tmp/err" && status=0 || status=$?
        printf '  %-44s exit %s (no GNU time: no figures)\n' "$label" "$status"
    fi
}

[ "$have_time" = yes ] && printf '  %-44s %8s %12s\n' input "wall" "peak memory"
"$picture_tool" bomb --megabytes 400 "$tmp/bomb400.png"
measure "PNG bomb, $(wc -c <"$tmp/bomb400.png") bytes -> 400 MiB" "$tmp/bomb400.png"
"$picture_tool" bomb --megabytes 2048 "$tmp/bomb2048.png"
measure "PNG bomb, $(wc -c <"$tmp/bomb2048.png") bytes -> 2 GiB" "$tmp/bomb2048.png"
measure "/dev/zero" /dev/zero
yes | measure "yes | tetris-convert -" -
"$picture_tool" photo --seed 2 --width 2048 --height 2048 "$tmp/photo2048.jpg"
measure "2048x2048 JPEG, --fit --max-width 17 --colors 3" --fit --max-width 17 --colors 3 "$tmp/photo2048.jpg"
"$picture_tool" photo --seed 3 --width 4032 --height 3024 "$tmp/phone.jpg"
for colors in 3 7; do
    measure "4032x3024 JPEG ($(($(wc -c <"$tmp/phone.jpg") >> 20)) MiB), --fit --max-width 17 --colors $colors" \
        --fit --max-width 17 --colors "$colors" "$tmp/phone.jpg"
done
"$picture_tool" photo --seed 4 --width 8160 --height 6120 "$tmp/fifty.jpg"
measure "8160x6120 JPEG ($(($(wc -c <"$tmp/fifty.jpg") >> 20)) MiB), --fit --max-width 17 --colors 7" \
    --fit --max-width 17 --colors 7 "$tmp/fifty.jpg"
rm -f "$tmp/fifty.jpg"
"$picture_tool" photo --seed 4 --width 8160 --height 6120 "$tmp/fifty.png"
measure "8160x6120 PNG ($(($(wc -c <"$tmp/fifty.png") >> 20)) MiB), --fit --max-width 17 --colors 7" \
    --fit --max-width 17 --colors 7 "$tmp/fifty.png"
