#!/bin/sh
# Benchmarks tetris-print on a long script: wall time and peak resident memory (GNU time)
# of a generated 200 MB script (2,250,000 structures of 21 vertical I pieces clearing their
# 4 rows: 47 million pieces) printed to PNG and to GIF (--every 1000), from a file and from a
# pipe (copied to a temporary file for the second pass), and of /dev/zero, refused at once.
# The printer plays a script as it reads it, so the peak stays that of a small script.
# Usage: tests/bench-print-stream.sh BIN_DIR [STRUCTURES]   (default 2250000: 200 MB)
set -eu
bin_dir=${1:?usage: bench-print-stream.sh BIN_DIR [STRUCTURES]}
structures=${2:-2250000}
print="$bin_dir/tetris-print"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

awk -v n="$structures" 'BEGIN { print "ffffff"; print "";
    for (i = 0; i < n; i++) { for (r = 0; r < 4; r++) print "ABCDEFGHIJKLMNOPQRSTU"; print "" } }' \
    >"$dir/long.txt"
mb=$(awk -v b="$(wc -c <"$dir/long.txt")" 'BEGIN { printf "%.0f", b / 1e6 }')
echo "tetris-print on a long script ($mb MB, $((structures * 21)) pieces)"
if ! [ -x /usr/bin/time ] || ! /usr/bin/time -f '%e %M' -o "$dir/probe" true 2>/dev/null; then
    echo "  peak memory needs GNU time (/usr/bin/time): not measured"
    exit 0
fi
# measure LABEL COMMAND: one row, wall time and peak resident memory.
measure() {
    label=$1
    shift
    status=0
    /usr/bin/time -f '%e %M' -o "$dir/time" sh -c "$*" >/dev/null 2>"$dir/err" || status=$?
    printf '  %-44s %8s s %8s MiB%s\n' "$label" "$(tail -n 1 "$dir/time" | awk '{ print $1 }')" \
        "$(tail -n 1 "$dir/time" | awk '{ printf "%.1f", $2 / 1024 }')" \
        "$([ "$status" -eq 0 ] || echo "  exit $status: $(head -n 1 "$dir/err")")"
}
measure "PNG" "'$print' '$dir/long.txt' -o '$dir/long.png'"
measure "GIF, --every 1000" "'$print' '$dir/long.txt' --every 1000 -o '$dir/long.gif'"
measure "PNG from a pipe" "cat '$dir/long.txt' | TMPDIR='$dir' '$print' - -o '$dir/pipe.png'"
measure "/dev/zero (refused: exit 2)" "'$print' /dev/zero"
