#!/bin/sh
# Benchmarks the pattern search, the converter and the printer.
#   tetris-search: wall time and peak resident memory of the full regeneration
#   (tetris-search -q -o DIR, default threads: one per core), of each set alone
#   (--squares 1 .. 7, --platforms, --fallback), and of the full regeneration with --threads 1,
#   which gives the parallel speedup. Then tetris-convert: tests/bench-convert.sh; at every
#   width, pieces against the parity bound and time against pixels: tests/bench-widths.sh; the speed
#   of both searches over the matrix model on one thread, placements per second of the
#   packer and attempts per second of the pattern search: tests/bench-placements.sh;
#   tests/bench-contention.sh, tests/bench-picture.sh and tests/bench-colours.sh (the colour
#   reduction's error with 3 and 7 colours). Then tetris-print: tests/bench-print.sh and, on
#   a 200 MB script, tests/bench-print-stream.sh.
# Peak memory needs GNU time (/usr/bin/time -f); without it the times come from bash's
# `time` (or date) and memory is reported as unavailable. Nothing is installed.
# Usage: tests/bench.sh BIN_DIR   (make bench)
set -eu
bin_dir=${1:?usage: bench.sh BIN_DIR}
search="$bin_dir/tetris-search"
if [ ! -x "$search" ]; then
    echo "bench: $search not found; run make first" >&2
    exit 1
fi
. "$(dirname "$0")/bench-lib.sh"
if [ -x /usr/bin/time ] && /usr/bin/time -f '%e %M' -o "$tmp/probe" true 2>/dev/null; then
    timer=gnu
elif command -v bash >/dev/null 2>&1; then
    timer=bash
else
    timer=date
fi

# measure LABEL THREADS COMMAND...: one table row; sets $secs to the wall time.
failed=0
measure() {
    label=$1
    threads=$2
    shift 2
    status=0
    case $timer in
    gnu)
        /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || status=$?
        secs=$(tail -n 1 "$tmp/time" | awk '{ print $1 }')
        mem=$(tail -n 1 "$tmp/time" | awk '{ printf "%.1f", $2 / 1024 }')
        ;;
    bash)
        # shellcheck disable=SC2016
        bash -c 'TIMEFORMAT=%R; { time "$@" >/dev/null 2>"$0"; } 2>&1' \
            "$tmp/err" "$@" >"$tmp/time" || status=$?
        secs=$(tail -n 1 "$tmp/time")
        mem=n/a
        ;;
    date)
        start=$(date +%s%N)
        "$@" >/dev/null 2>"$tmp/err" || status=$?
        secs=$(awk -v ns="$(($(date +%s%N) - start))" 'BEGIN { printf "%.2f", ns / 1e9 }')
        mem=n/a
        ;;
    esac
    if [ "$status" -ne 0 ]; then
        printf '  %-40s %7s  FAILED (exit %s)\n' "$label" "$threads" "$status"
        sed 's/^/      /' "$tmp/err"
        failed=1
        return 0
    fi
    printf '  %-40s %7s %9.2f %11s\n' "$label" "$threads" "$secs" "$mem"
}

echo "tetris-search benchmark (default seed; $cores cores)"
case $timer in
gnu) echo "  wall time and peak resident memory from /usr/bin/time" ;;
bash) echo "  wall time from bash's time; peak memory unavailable (no GNU /usr/bin/time)" ;;
*) echo "  wall time from date; peak memory unavailable (no GNU /usr/bin/time, no bash)" ;;
esac
printf '  %-40s %7s %9s %11s\n' "run" "threads" "wall (s)" "peak (MiB)"

mkdir -p "$tmp/full" "$tmp/set" "$tmp/one"
measure "full regeneration" "$cores" "$search" -q -o "$tmp/full"
full_secs=$secs
for n in 1 2 3 4 5 6 7; do
    measure "--squares $n" "$cores" "$search" -q --squares "$n" -o "$tmp/set"
done
measure "--platforms" "$cores" "$search" -q --platforms -o "$tmp/set"
measure "--fallback (tiles, every width proved)" 1 "$search" -q --fallback -o "$tmp/set"
measure "full regeneration --threads 1" 1 "$search" -q --threads 1 -o "$tmp/one"
one_secs=$secs
if [ "$failed" -eq 0 ]; then
    if diff -r "$tmp/full" "$tmp/one" >/dev/null 2>&1; then
        same="identical files"
    else
        same="FILES DIFFER between thread counts"
        failed=1
    fi
    awk -v one="$one_secs" -v full="$full_secs" -v cores="$cores" -v same="$same" \
        'BEGIN { if (full > 0) printf "  parallel speedup: %.2fx with %s threads (%s)\n",
                 one / full, cores, same }'
fi
mkdir -p "$tmp/w25"
measure "--width 25 (8,640 layouts)" "$cores" "$search" -q --width 25 \
    -o "$tmp/w25"
echo

sh "$(dirname "$0")/bench-convert.sh" "$bin_dir" || failed=1
echo
sh "$(dirname "$0")/bench-widths.sh" "$bin_dir" || failed=1
echo
sh "$(dirname "$0")/bench-placements.sh" "$bin_dir" || failed=1
echo
sh "$(dirname "$0")/bench-contention.sh" "$bin_dir" || failed=1
echo
sh "$(dirname "$0")/bench-picture.sh" "$bin_dir" "${TEST_TOOLS_DIR:-build/tools}" || failed=1
echo
sh "$(dirname "$0")/bench-colours.sh" "$bin_dir" "${TEST_TOOLS_DIR:-build/tools}" || failed=1
echo
sh "$(dirname "$0")/bench-print.sh" "$bin_dir"
echo
sh "$(dirname "$0")/bench-print-stream.sh" "$bin_dir"
exit "$failed"
