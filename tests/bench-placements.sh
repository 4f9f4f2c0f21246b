#!/bin/sh
# Benchmarks the speed of the two searches over the matrix model (part of make bench), each on
# one thread, so that the figure is the search's own and not the thread count's:
#   1. tetris-convert's packer: placements per second, the placements its --stats report
#      ("searched: N placements") over the conversion's time ("time:", which leaves out
#      reading the picture and searching the patterns of a new width, cached in a temporary
#      XDG_CACHE_HOME by the first run), on two wide sample sprites, on
#      tests/data/full-17x32.png, and on the sample sprites of the 21-wide field (at most
#      17x32) together;
#   2. tetris-search's pattern search: attempts per second of the 3-square emitters (455
#      layouts; the attempts from its table, the time from its last line).
# Each figure is the median of BENCH_RUNS runs (default 3), as the machine may be shared.
# Usage: tests/bench-placements.sh BIN_DIR
set -eu
bin_dir=${1:?usage: bench-placements.sh BIN_DIR}
convert="$bin_dir/tetris-convert"
search="$bin_dir/tetris-search"
runs=${BENCH_RUNS:-3}
cd "$(dirname "$0")/.."
. tests/bench-lib.sh

echo "search rates (one thread, median of $runs runs)"
printf '  %-32s %12s %9s %14s\n' "packer (tetris-convert)" placements "time (s)" "placements/s"
# rate LABEL SPRITE...: one row, the sprites' placements and times added up in each run.
rate() {
    label=$1
    shift
    : >"$tmp/times"
    for _ in $(seq "$runs"); do
        : >"$tmp/run"
        for sprite in "$@"; do
            "$convert" --quiet --stats --threads 1 -o /dev/null "$sprite" 2>"$tmp/stats"
            awk '$1 == "searched:" { n = $2 } $1 == "time:" { t = $2 } END { print t, n }' \
                "$tmp/stats" >>"$tmp/run"
        done
        awk '{ t += $1; n += $2 } END { print t, n }' "$tmp/run" >>"$tmp/times"
    done
    placements=$(awk '{ print $2 }' "$tmp/times" | sort -u)
    secs=$(awk '{ print $1 }' "$tmp/times" | median)
    printf '  %-32s %12s %9s %14s\n' "$label" "$placements" "$secs" \
        "$(awk -v n="$placements" -v t="$secs" 'BEGIN { printf "%.0f", (t > 0 ? n / t : 0) }')"
}

for sprite in sprites/castle-64.png sprites/mushroom-48.png tests/data/full-17x32.png; do
    rate "$(basename "$sprite")" "$sprite"
done
# The sample sprites whose PNG (its header's width and height) is at most 17x32: the
# 21-wide field prints them.
default_field=
for sprite in sprites/*.png; do
    # shellcheck disable=SC2046 # the 8 bytes, one word each
    set -- $(od -An -tu1 -j16 -N8 "$sprite")
    if [ $(($1 << 24 | $2 << 16 | $3 << 8 | $4)) -le 17 ] &&
        [ $(($5 << 24 | $6 << 16 | $7 << 8 | $8)) -le 32 ]; then
        default_field="$default_field $sprite"
    fi
done
# shellcheck disable=SC2086 # the list of sprites
rate "sample sprites up to 17x32" $default_field

printf '  %-32s %12s %9s %14s\n' "pattern search (tetris-search)" attempts "time (s)" "attempts/s"
: >"$tmp/times"
for _ in $(seq "$runs"); do
    "$search" --threads 1 --squares 3 -o "$tmp/patterns" >"$tmp/table"
    awk '$1 == 3 && $2 == 455 { n = $NF } / patterns decided in / { t = $NF; sub("s$", "", t) }
         END { print t, n }' "$tmp/table" >>"$tmp/times"
done
attempts=$(awk '{ print $2 }' "$tmp/times" | sort -u)
secs=$(awk '{ print $1 }' "$tmp/times" | median)
printf '  %-32s %12s %9s %14s\n' "--squares 3 (455 layouts)" "$attempts" "$secs" \
    "$(awk -v n="$attempts" -v t="$secs" 'BEGIN { printf "%.0f", (t > 0 ? n / t : 0) }')"
