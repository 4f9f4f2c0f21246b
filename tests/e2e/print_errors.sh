#!/bin/sh
# tetris-print rejects malformed scripts and bad usage: exit 2 (1 for a top-out), exactly
# one line on stderr naming file, line, block and what is wrong, and no output file.
set -u
print="$BIN_DIR/tetris-print"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0

# expect CODE MESSAGE-FRAGMENT SCRIPT-TEXT [OPTIONS...]
expect() {
    code=$1 fragment=$2 text=$3
    shift 3
    printf '%b' "$text" >"$dir/script.txt"
    "$print" "$dir/script.txt" -o "$dir/out.png" "$@" >"$dir/stdout" 2>"$dir/stderr"
    status=$?
    lines=$(wc -l <"$dir/stderr")
    if [ "$status" -ne "$code" ] || [ "$lines" -ne 1 ] ||
        ! grep -qF -- "$fragment" "$dir/stderr" || [ -e "$dir/out.png" ] ||
        [ -n "$(ls -A "$dir" | grep '^\.tetris-')" ]; then
        echo "FAIL: expected exit $code and '$fragment' for: $text"
        echo "      got exit $status: $(cat "$dir/stderr")"
        failures=$((failures + 1))
    fi
    rm -f "$dir/out.png"
}

ok='ffffff\n\nAAAA.................\n'
row='AAAA.................'
expect 2 "script.txt: empty script: no colour line" ''
expect 2 "script.txt: empty script: no colour line" '\n  \n\r\n'
expect 2 "script.txt: empty script: no blocks" 'ffffff\n\n'
expect 2 "script.txt:1: missing colour line" "$row\n"
expect 2 "script.txt:1: colour line: 'g' is not a hex digit" 'fffffg\n\n'"$row\n"
expect 2 "script.txt:1: colour line: a colour has 5 hex digits" 'fffff\n\n'"$row\n"
expect 2 "script.txt:1: colour line: more than 7 colours" 'ffffff 000000 111111 222222 - 333333 444444 555555\n\n'"$row\n"
expect 2 "script.txt:3: block 1: line has 20 characters, expected an odd number from 11 to 71" 'ffffff\n\nAAAA................\n'
expect 2 "script.txt:4: block 1: line has 22 characters" 'ffffff\n\n'"$row\n"'......................\n'
expect 2 "script.txt:5: block 2: character ' ' in column 5" "$ok\n"'.... ................\n'
expect 2 "block 1: character '@' in column 1" 'ffffff\n\n@AAA.................\n'
expect 2 "block 1: byte 0x09 in column 2" 'ffffff\n\n.\tAA.................\n'
expect 2 "script.txt:3: block 1: NUL byte in line" 'ffffff\n\nAA\000A.................\n'
expect 2 "script.txt:3: block 1: piece 'A' has 3 cells, expected 4" 'ffffff\n\nAAA..................\n'
expect 2 "script.txt:3: block 1: piece 'A' has 8 cells" 'ffffff\n\nAAAA....AAAA.........\n'
expect 2 "script.txt:3: block 1: piece 'B' is not a tetromino" 'ffffff\n\nBB..BB...............\n'
expect 2 "script.txt:4: block 1: piece 'B' is not a tetromino" 'ffffff\n\n.....................\nBBB.B................\n'
expect 2 "script.txt:5: block 2: block has no pieces" "$ok\n"'.....................\n'
expect 2 "script.txt:3: block 1: piece 'B' (I): lands 1 row lower than its block draws it" \
    'ffffff\n\n.....BBBB............\nAAAA.................\n'
expect 2 "script.txt:3: block 1: piece 'A' (I): lands at row 41, so its block would reach 1 row below the floor" \
    'ffffff\n\nAAAA.................\n.....................\n'

# 22 Os on top of each other in columns 9-10: the 22nd cannot spawn (exit 1).
tower='ffffff\n'
i=0
while [ $i -lt 22 ]; do
    tower="$tower\n.........AA..........\n.........AA..........\n"
    i=$((i + 1))
done
expect 1 "script.txt:66: block 22: piece 'A' (O): top-out: the spawn position is occupied" "$tower" \
    --frames "$dir/frames"
if [ -e "$dir/frames" ]; then # no frames either: the script is checked before any output
    echo "FAIL: a top-out left frames behind"
    failures=$((failures + 1))
fi

# Usage errors: exit 2 and one line.
usage() {
    fragment=$1
    shift
    "$print" "$@" >"$dir/stdout" 2>"$dir/stderr"
    status=$?
    if [ "$status" -ne 2 ] || [ "$(wc -l <"$dir/stderr")" -ne 1 ] ||
        ! grep -qF -- "$fragment" "$dir/stderr"; then
        echo "FAIL: usage '$*': expected exit 2 and '$fragment', got $status: $(cat "$dir/stderr")"
        failures=$((failures + 1))
    fi
}
printf '%b' "$ok" >"$dir/ok.txt"
usage "tetris-print: no script given" 
usage "unknown option '--bogus'" "$dir/ok.txt" --bogus
usage "unknown option '-x'" "$dir/ok.txt" -x
usage "--scale: '0' is not a whole number from 1 to 64" "$dir/ok.txt" --scale 0
usage "--scale: 'big' is not" "$dir/ok.txt" --scale=big
usage "option '--scale' needs a value" "$dir/ok.txt" --scale
usage "--background: 'reddish' is not transparent or a colour" "$dir/ok.txt" --background reddish
usage "--format: 'jpg' is not png, gif, mp4, webm or html" "$dir/ok.txt" --format jpg
# An extension tetris-print can't write is an error, unless --format says what to write.
usage "out.jpg: cannot write '.jpg' files (png, gif, mp4, webm or html; or choose one with --format)" \
    "$dir/ok.txt" -o "$dir/out.jpg"
[ -e "$dir/out.jpg" ] && echo "FAIL: -o out.jpg wrote a file" && failures=$((failures + 1))
"$print" "$dir/ok.txt" -o "$dir/out.jpg" --format png && head -c 8 "$dir/out.jpg" | grep -q PNG ||
    { echo "FAIL: --format png -o out.jpg"; failures=$((failures + 1)); }
usage "--fps and --delay both set the pace" "$dir/ok.txt" --fps 20 --delay 5
usage "--hold: 'x' is not a number of seconds" "$dir/ok.txt" --hold x
usage "--helpers: 'reddish' is not one colour or 7" "$dir/ok.txt" --helpers reddish
usage "--every: '0' is not" "$dir/ok.txt" --every 0
usage "--height: '3' is not a whole number from 4 to 255" "$dir/ok.txt" --height 3
usage "--height: '256' is not" "$dir/ok.txt" --height 256
usage "--delay: '-1' is not" "$dir/ok.txt" --delay -1
usage "option '--crop' takes no value" "$dir/ok.txt" --crop=yes
usage "more than one script given" "$dir/ok.txt" "$dir/ok.txt"
usage "--color only applies to --ascii" "$dir/ok.txt" --color
usage "-o - writes the image to standard output" "$dir/ok.txt" -o - --ascii

# A missing input file is bad input: exit 2, naming the file.
"$print" "$dir/missing.txt" 2>"$dir/stderr"
status=$?
if [ "$status" -ne 2 ] || ! grep -qF "missing.txt: No such file or directory" "$dir/stderr"; then
    echo "FAIL: missing input: exit $status: $(cat "$dir/stderr")"
    failures=$((failures + 1))
fi

[ "$failures" -eq 0 ]
