#!/bin/sh
# tetris-convert under contention: the wall time of the default thread count against
# --threads 1, on an idle machine and with a busy loop keeping one core busy (another
# process, as on a shared machine). OpenMP threads that spin while waiting made the
# default 4 to 10 times slower than one thread with a busy core; they now sleep.
# Each figure is the median of REPEAT runs (default 5).
# Usage: tests/bench-contention.sh BIN_DIR [SPRITE]   (part of make bench)
set -eu
bin_dir=${1:?usage: bench-contention.sh BIN_DIR [SPRITE]}
sprite=${2:-sprites/lighthouse.png}
repeat=${REPEAT:-5}
convert="$bin_dir/tetris-convert"
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
busy=
trap 'rm -rf "$tmp"; [ -z "$busy" ] || kill "$busy" 2>/dev/null' EXIT INT TERM

# median_time OPTIONS...: the median wall time of REPEAT conversions, in seconds.
median_time() {
    : >"$tmp/times"
    i=0
    while [ "$i" -lt "$repeat" ]; do
        start=$(date +%s%N)
        "$convert" --quiet "$@" -o "$tmp/script.txt" "$sprite"
        echo $(($(date +%s%N) - start)) >>"$tmp/times"
        i=$((i + 1))
    done
    sort -n "$tmp/times" | awk '{ t[NR] = $1 } END { printf "%.3f", t[int((NR + 1) / 2)] / 1e9 }'
}

echo "tetris-convert under contention ($sprite, median of $repeat runs; $(nproc) cores)"
printf '  %-28s %14s %14s %8s\n' machine "default (s)" "--threads 1 (s)" ratio
row() {
    default=$(median_time)
    one=$(median_time --threads 1)
    printf '  %-28s %14s %14s %8s\n' "$1" "$default" "$one" \
        "$(awk -v d="$default" -v o="$one" 'BEGIN { printf "%.2f", (o > 0) ? d / o : 0 }')"
}
row "idle"
sh -c 'while :; do :; done' &
busy=$!
row "one core busy (busy loop)"
kill "$busy"
busy=
