#!/bin/sh
# tetris-convert against hostile input files: an input that never ends (/dev/zero, an
# endless pipe), a PNG decompression bomb (a 17x32 header over 400 MiB of pixel data), and
# control bytes of the file quoted in a message, pattern files that are FIFOs or huge. Each is bad input: exit 2, one line on
# stderr, nothing written, and the peak memory (GNU time's maximum resident set) under
# 64 MiB, or 160 MiB for a build with AddressSanitizer, whose shadow memory and quarantine
# cost more. Without GNU time the memory is not checked.
set -u
. tests/e2e/lib/convert.sh

# refused WHAT NAMED ARGS...: tetris-convert ARGS (standard input from $dir/in) exits 2 with
# one line naming NAMED, writes nothing, and stays under the memory limit.
refused() {
    what=$1 named=$2
    shift 2
    rm -f "$dir/out.txt"
    within_memory "$what" "$convert" "$@" -o "$dir/out.txt" <"$dir/in" >/dev/null 2>"$dir/err"
    check_error "$what" 2 "$status" "$dir/err"
    grep -q -- "$named" "$dir/err" || fail "$what: the message does not say '$named': $(cat "$dir/err")"
    [ -e "$dir/out.txt" ] && fail "$what: wrote a script"
}

: >"$dir/in"
refused "/dev/zero" "/dev/zero: more than 16 MiB" /dev/zero
yes | head -c $((40 << 20)) >"$dir/in"
refused "40 MiB of text on standard input" "standard input: more than 16 MiB" -

: >"$dir/in"
"$picture_tool" bomb --megabytes 400 "$dir/bomb.png" || fail "picture_tool bomb"
size=$(wc -c <"$dir/bomb.png")
[ "$size" -lt $((1 << 20)) ] || fail "the bomb is $size bytes, not under 1 MiB"
refused "a PNG inflating 400 MiB past its 17x32 header" \
    "inflates past the 2208 bytes its 17x32 header allows" "$dir/bomb.png"
refused "the same with --fit --colors 3" "inflates past" --fit --colors 3 "$dir/bomb.png"

# A critical PNG chunk named ESC [ 2 J after a valid header: libpng quotes the name, and
# the message shows its bytes as [1B][5B][32].
head -c 33 sprites/heart.png >"$dir/escape.png"
printf '\000\000\000\000\033[2J\000\000\000\000' >>"$dir/escape.png"
refused "a chunk name with ESC" "\\[1B\\]\\[5B\\]\\[32\\]J: invalid chunk type" "$dir/escape.png"
LC_ALL=C tr -d '\n' <"$dir/err" | LC_ALL=C grep -q '[[:cntrl:]]' &&
    fail "a chunk name with ESC: a control byte in the message"

# Pattern files (--patterns DIR) are regular files of at most 256 MiB: a FIFO (which would
# wait for a writer forever) or a 1.5 GB file is refused at once, naming the file.
mkdir "$dir/patterns"
cp patterns/*.txt "$dir/patterns/"
rm "$dir/patterns/emitters3.txt"
mkfifo "$dir/patterns/emitters3.txt"
refused "a FIFO as a pattern file" "emitters3.txt: not a regular file (a FIFO)" \
    --patterns "$dir/patterns" sprites/dot.png
rm "$dir/patterns/emitters3.txt"
truncate -s 1500M "$dir/patterns/emitters3.txt"
refused "a 1.5 GB pattern file" "emitters3.txt: larger than 256 MiB" \
    --patterns "$dir/patterns" sprites/dot.png

[ "$failures" -eq 0 ]
