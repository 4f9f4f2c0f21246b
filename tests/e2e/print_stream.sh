#!/bin/sh
# tetris-print plays a script as it reads it: its peak memory doesn't grow with the
# script's length (PNG and GIF, from a file and from a pipe, measured by GNU time), a pipe
# gives the outputs a file gives and leaves nothing in $TMPDIR, endless input fails at once
# in one line, an image is named as one, a tall block is refused, control bytes show as
# 0xNN, problems are reported in file order as soon as met, and a chain of continued
# blocks is played a block at a time.
set -u
. tests/e2e/lib/print.sh
# Under ASan, freed memory sits in a quarantine that grows with the script up to its size
# (256 MiB): the measured runs go without it.
no_quarantine="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"

# long_script N: N structures of 21 vertical I pieces that clear their 4 rows (22 + 88 bytes each).
long_script() {
    awk -v n="$1" 'BEGIN { print "ffffff"; print "";
        for (i = 0; i < n; i++) { for (r = 0; r < 4; r++) print "ABCDEFGHIJKLMNOPQRSTU"; print "" } }'
}
long_script 2000 >"$dir/small.txt" # 220 KB
# 2.2 MB (make check) or 11 MB (make check-full): reading it whole would take 5 to 7 times
# its size, far past the 1 MiB allowed.
long_script "$(by_level 20000 100000)" >"$dir/large.txt"

# peak_kib ARGS...: runs tetris-print, prints its peak resident memory in KiB (run in a
# subshell, so a failure shows as a peak no check accepts).
peak_kib() {
    if ASAN_OPTIONS=$no_quarantine /usr/bin/time -f '%M' -o "$dir/time" "$print" "$@" \
        >/dev/null 2>"$dir/stderr"; then
        tail -n 1 "$dir/time"
    else
        echo "tetris-print $*: $(cat "$dir/stderr")" >&2
        echo 999999999
    fi
}
# Ten or fifty times the script, not 1 MiB more memory.
for output in png gif; do
    small=$(peak_kib "$dir/small.txt" --every 1000 -o "$dir/small.$output")
    large=$(peak_kib "$dir/large.txt" --every 1000 -o "$dir/large.$output")
    [ $((large - small)) -lt 1024 ] ||
        fail "$output: peak memory grows with the script: $small KiB, then $large KiB"
done
mkdir "$dir/tmp"
small=$(cat "$dir/small.txt" | TMPDIR="$dir/tmp" peak_kib - -o "$dir/small-pipe.png")
large=$(cat "$dir/large.txt" | TMPDIR="$dir/tmp" peak_kib - -o "$dir/large-pipe.png")
[ $((large - small)) -lt 1024 ] ||
    fail "pipe: peak memory grows with the script: $small KiB, then $large KiB"
cmp -s "$dir/large.png" "$dir/large-pipe.png" || fail "a pipe and a file give different PNGs"
[ -z "$(ls -A "$dir/tmp")" ] || fail "the copy of standard input was left in TMPDIR"

# The same outputs and figures from a file, a pipe, redirected standard input and a FIFO.
example=$script
"$print" "$example" --stats --moves -o "$dir/file.gif" >"$dir/file.out" 2>&1
cat "$example" | "$print" - --stats --moves -o "$dir/pipe.gif" >"$dir/pipe.out" 2>&1
"$print" - --stats --moves -o "$dir/redirected.gif" <"$example" >"$dir/redirected.out" 2>&1
mkfifo "$dir/fifo"
cat "$example" >"$dir/fifo" &
"$print" "$dir/fifo" --stats --moves -o "$dir/fifo.gif" >"$dir/fifo.out" 2>&1
wait
for source in pipe redirected fifo; do
    cmp -s "$dir/file.gif" "$dir/$source.gif" || fail "$source: another GIF than from the file"
    cmp -s "$dir/file.out" "$dir/$source.out" || fail "$source: other moves or figures"
done
grep -q '^frames: 141$' "$dir/file.out" || fail "--stats: $(cat "$dir/file.out" | tail -n 1)"

# refused CODE MESSAGE COMMAND...: exit CODE, one line holding MESSAGE, at most 64 MiB.
refused() {
    code=$1 message=$2
    shift 2
    status=0
    timeout 60 /usr/bin/time -f '%M' -o "$dir/time" "$@" >/dev/null 2>"$dir/stderr" || status=$?
    grep -av 'exited with non-zero status' "$dir/stderr" >"$dir/message"
    peak=$(tail -n 1 "$dir/time")
    if [ "$status" -ne "$code" ] || [ "$(wc -l <"$dir/message")" -ne 1 ] ||
        ! grep -qF -- "$message" "$dir/message" || [ "${peak:-999999}" -gt 65536 ]; then
        fail "$*: exit $status (expected $code), ${peak:-?} KiB: $(cat "$dir/message")"
    fi
}
refused 2 "/dev/zero:1: line is longer than 1024 bytes" "$print" /dev/zero
refused 2 "standard input:1: colour line: 'y' is not a hex digit" \
    sh -c "yes | '$print' -"
refused 2 "standard input:3: block 1: more than 257 lines" \
    sh -c "{ echo ffffff; echo; yes .....................; } | '$print' -"
awk 'BEGIN { print "ffffff\n"; for (i = 0; i < 39999; i++) print ".....................";
    print "AAAA................." }' >"$dir/tall.txt"
refused 2 "tall.txt:3: block 1: more than 257 lines" "$print" "$dir/tall.txt"

refused 1 "standard input: cannot make a copy to read again in $dir/none: No such file" \
    sh -c "cat '$script' | TMPDIR='$dir/none' '$print' -"

# Images, by their first bytes.
refused 2 "sprites/dot.png: this is a PNG image, not a script; convert it with tetris-convert first" \
    "$print" sprites/dot.png
printf 'GIF89a\001\000\001\000\200\000\000' >"$dir/x.gif"
refused 2 "x.gif: this is a GIF image" "$print" "$dir/x.gif"
printf '\377\330\377\340\000\020JFIF\000' >"$dir/x.jpg"
refused 2 "x.jpg: this is a JPEG image" "$print" "$dir/x.jpg"
printf 'BM\106\000\000\000\000\000\000\000\066\000' >"$dir/x.bmp"
refused 2 "x.bmp: this is a BMP image" "$print" "$dir/x.bmp"
refused 2 "standard input: this is a PNG image" sh -c "cat sprites/dot.png | '$print' -"

# Control bytes in a message show as 0xNN, never raw.
printf 'ff\033[31mff00\n\n' >"$dir/esc.txt"
refused 2 "esc.txt:1: colour line: '0x1b' is not a hex digit" "$print" "$dir/esc.txt"
if LC_ALL=C grep -q "$(printf '\033')" "$dir/stderr"; then
    fail "a raw ESC in the message: $(cat -v "$dir/stderr")"
fi

# A piece landing wrong in block 1 and a malformed line in block 3: the first problem in
# the file is reported, as soon as it is met.
printf 'ffffff\n\nAAAA.................\nBBBB.................\n\n' >"$dir/order.txt"
printf 'AAAA.................\n\nAAAA................#\n' >>"$dir/order.txt"
refused 2 "order.txt:3: block 1: piece 'A'" "$print" "$dir/order.txt"
printf 'ffffff\n\nAAAA................#\n\nAAA..................\n' >"$dir/order-line.txt"
refused 2 "order-line.txt:3: block 1: character '#' in column 21" "$print" "$dir/order-line.txt"

# A chain of one-line blocks joined by '+' (46 MB): played a
# block at a time, so a bad piece in its second block is reported at once, within the
# memory limit (reading the whole chain first would pass it). That memory doesn't
# grow with a chain read to its end is test_script_reader's.
chain() { # BAD-BLOCK BLOCKS
    awk -v bad="$1" -v n="$2" 'BEGIN { print "ffffff\n";
        for (i = 1; i <= n; i++) { if (i > 1) print "+";
            print i == bad ? "AAA.................." : "AAAA................." } }'
}
blocks=2000000
chain 2 "$blocks" >"$dir/chain-early.txt"
refused 2 "chain-early.txt:5: block 2: piece 'A' has 3 cells" \
    env ASAN_OPTIONS="$no_quarantine" "$print" "$dir/chain-early.txt"
rm -f "$dir/chain-early.txt"

[ "$failures" -eq 0 ] || exit 1
echo "print_stream: ok"
