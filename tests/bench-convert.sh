#!/bin/sh
# Benchmarks tetris-convert over the sample sprites (sprites/*.png, from 1x1 to 64x64): for
# each sprite, its field (--width auto), the pieces of the table method and of the real-time
# search, and the wall time of each (default threads: one per core); then the totals, how
# many fewer pieces the real-time search needs, and the slowest sprite. First, the time to
# search and cache the patterns of a width without a library (37, 53, 69: the fields of the
# 32x32, 48x48 and 64x64 sprites), in a temporary XDG_CACHE_HOME. Also checks that
# --threads 1 gives the same scripts. Usage: tests/bench-convert.sh BIN_DIR   (make bench)
set -eu
bin_dir=${1:?usage: bench-convert.sh BIN_DIR}
convert="$bin_dir/tetris-convert"
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
XDG_CACHE_HOME="$tmp/cache"
export XDG_CACHE_HOME
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")

# run METHOD SPRITE [OPTIONS...]: converts with --stats; prints "pieces seconds".
run() {
    method=$1
    sprite=$2
    shift 2
    "$convert" --quiet --stats --method "$method" "$@" -o "$tmp/script.txt" "$sprite" \
        2>"$tmp/stats"
    awk '$1 == "pieces:" { p = $2 } $1 == "time:" { t = $2 } END { print p, t }' "$tmp/stats"
}

echo "tetris-convert benchmark (sprites/*.png, default seed; $cores cores)"
printf '  patterns searched and cached for a new width (s):'
for width in 37 53 69; do
    start=$(date +%s%N)
    "$convert" --quiet --width "$width" -o /dev/null sprites/dot.png
    printf ' %s: %s' "$width" "$(awk -v ns="$(($(date +%s%N) - start))" 'BEGIN { printf "%.2f", ns / 1e9 }')"
done
echo
printf '  %-14s %7s %7s %12s %10s %12s %9s\n' sprite size field "table pieces" "table (s)" \
    "real-time" "time (s)"
table_total=0
realtime_total=0
slowest=0
slowest_name=
same=yes
for sprite in sprites/*.png; do
    name=$(basename "$sprite" .png)
    set -- $(run table "$sprite")
    table_pieces=$1
    table_secs=$2
    size=$(awk '$1 == "sprite:" { print $2 }' "$tmp/stats")
    field=$(awk '$1 == "field:" { print $2 }' "$tmp/stats")
    set -- $(run realtime "$sprite")
    realtime_pieces=$1
    realtime_secs=$2
    cp "$tmp/script.txt" "$tmp/default.txt"
    run realtime "$sprite" --threads 1 >/dev/null
    cmp -s "$tmp/script.txt" "$tmp/default.txt" || same=no
    printf '  %-14s %7s %7s %12s %10s %12s %9s\n' "$name" "$size" "$field" "$table_pieces" \
        "$table_secs" "$realtime_pieces" "$realtime_secs"
    table_total=$((table_total + table_pieces))
    realtime_total=$((realtime_total + realtime_pieces))
    if awk -v a="$realtime_secs" -v b="$slowest" 'BEGIN { exit !(a > b) }'; then
        slowest=$realtime_secs
        slowest_name=$name
    fi
done
printf '  %-14s %7s %7s %12s %10s %12s\n' total "" "" "$table_total" "" "$realtime_total"
awk -v t="$table_total" -v r="$realtime_total" \
    'BEGIN { printf "  real-time search: %.1f%% fewer pieces than the table method\n",
             100 * (t - r) / t }'
echo "  slowest real-time conversion: $slowest_name, $slowest s"
echo "  same scripts with --threads 1: $same"
[ "$same" = yes ]
