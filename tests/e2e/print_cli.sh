#!/bin/sh
# tetris-print's command line end to end: --help, --version, standard input and output,
# --moves, --ascii (plain and --color), --stats, --frames, GIF by extension, atomic output.
set -u
. tests/e2e/lib/print.sh

"$print" --help >"$dir/help" || fail "--help exit $?"
for section in Usage: Options: --scale --background --frames --every \
    --crop --no-crop --delay --stats --moves --ascii --color --lenient --bench --format --helpers \
    --no-well --motion --fps --hold --play "man tetris-print"; do
    grep -q -- "$section" "$dir/help" || fail "--help lacks $section"
done
"$print" --version | grep -q '^tetris-print (tetris-printer) [0-9]' || fail "--version"

# Standard input and standard output give the same bytes as files.
"$print" "$script" --scale 2 -o "$dir/a.png" || fail "file to file"
"$print" - --scale 2 -o - <"$script" >"$dir/b.png" || fail "stdin to stdout"
cmp -s "$dir/a.png" "$dir/b.png" || fail "stdin/stdout output differs"
"$print" - --format gif -o - <"$script" | head -c 6 | grep -q GIF89a || fail "GIF on stdout"
"$print" "$script" -o "$dir/c.GIF" && head -c 6 "$dir/c.GIF" | grep -q GIF89a ||
    fail "GIF chosen by extension"
ls -A "$dir" | grep -q "^\.tetris-" && fail "temporary file left behind"

# CRLF line ends and trailing blanks read the same.
sed 's/$/  \r/' "$script" >"$dir/crlf.txt"
"$print" "$dir/crlf.txt" --scale 2 -o "$dir/crlf.png" || fail "CRLF script"
cmp -s "$dir/a.png" "$dir/crlf.png" || fail "CRLF script renders differently"

# --moves: one line per piece, in the formal vocabulary.
"$print" "$script" --moves >"$dir/moves" || fail "--moves exit"
[ "$(wc -l <"$dir/moves")" -eq 141 ] || fail "--moves: $(wc -l <"$dir/moves") lines, expected 141"
head -n 1 "$dir/moves" | grep -qx 'block 1 piece A (T): r+ r+ sl sl sl sl sl sl sl hd' ||
    fail "--moves first line: $(head -n 1 "$dir/moves")"
grep -qx 'block 6 piece A (L): r+ sr sr sr sr sr sr sr sr sr sr hd' "$dir/moves" ||
    fail "--moves: the platform's last piece"

# --ascii with --crop: the rows of the final picture, worked out by hand.
"$print" "$script" --ascii --crop >"$dir/ascii" || fail "--ascii exit"
[ "$(wc -l <"$dir/ascii")" -eq 4 ] || fail "--ascii --crop: $(wc -l <"$dir/ascii") rows"
tail -n 4 "$dir/ascii" >"$dir/bottom"
printf '%s\n' '......T..T...L.......' '.....TJJJTTTTTTT.....' '...JTTTT...LLLL......' \
    '..TTTTTTJJJJLLLJJJ...' | cmp -s - "$dir/bottom" || fail "--ascii bottom rows: $(cat "$dir/bottom")"
"$print" "$script" --ascii >"$dir/ascii42" && [ "$(wc -l <"$dir/ascii42")" -eq 42 ] ||
    fail "--ascii without --crop is 42 rows"

# --height: the field is as tall as asked (twice the script's width by default), and the
# width is the script's: a 25-wide script plays on 25 x 50.
"$print" "$script" --height 60 --ascii >"$dir/ascii60" && [ "$(wc -l <"$dir/ascii60")" -eq 60 ] &&
    tail -n 42 "$dir/ascii60" | cmp -s - "$dir/ascii42" || fail "--height 60"
printf 'ffffff\n\n%s\n' 'AAAA.....................' >"$dir/wide.txt"
"$print" "$dir/wide.txt" --scale 1 -o "$dir/wide.png" &&
    [ "$(od -An -tu1 -j16 -N8 "$dir/wide.png" | tr -s ' ')" = " 0 0 0 25 0 0 0 50" ] ||
    fail "a 25-wide script gives a 25 x 50 PNG at --scale 1"
"$print" "$script" --ascii --color | tail -n 1 | grep -q "$(printf '\033')\[48;2;76;220;72m  " ||
    fail "--ascii --color: T cells in the script's 4cdc48"

# --stats
"$print" "$script" --stats 2>"$dir/stats" >"$dir/stats.out" || fail "--stats exit"
[ -s "$dir/stats.out" ] && fail "--stats wrote on standard output (it goes to standard error)"
grep -qx 'blocks: 7' "$dir/stats" || fail "--stats blocks"
grep -qx 'pieces: 141 (I 19, O 6, T 29, S 20, Z 30, J 19, L 18)' "$dir/stats" ||
    fail "--stats pieces: $(cat "$dir/stats")"
grep -qx 'rows cleared: 25 (singles 12, doubles 3, triples 1, tetrises 1)' "$dir/stats" ||
    fail "--stats clears"
grep -qx 'highest stack: 11 rows' "$dir/stats" || fail "--stats highest stack"

# --frames: every piece by default, consecutive names; created directory.
"$print" "$script" --frames "$dir/frames" --scale 1 || fail "--frames exit"
[ "$(ls "$dir/frames" | wc -l)" -eq 141 ] || fail "--frames: $(ls "$dir/frames" | wc -l) files"
[ -f "$dir/frames/frame-00141.png" ] || fail "--frames: frame-00141.png"
# --frames again into the same directory: exactly this run's frames afterwards (an earlier,
# longer run's are gone), and every other file left alone.
for name in frame-00500.png frame-0001.png frame-000002.png notes.txt frame-00003.png.bak \
    frame-x.png; do
    echo old >"$dir/frames/$name"
done
"$print" "$script" --frames "$dir/frames" --scale 1 --every 2 || fail "--frames again"
[ "$(ls "$dir/frames" | grep -c '^frame-[0-9]*\.png$')" -eq 71 ] ||
    fail "--frames again: $(ls "$dir/frames" | grep -c '^frame-[0-9]*\.png$') frames, expected 71"
[ -f "$dir/frames/frame-00071.png" ] && [ ! -e "$dir/frames/frame-00072.png" ] &&
    [ ! -e "$dir/frames/frame-00500.png" ] || fail "--frames again: stale frames"
for name in notes.txt frame-00003.png.bak frame-x.png; do
    [ "$(cat "$dir/frames/$name")" = old ] || fail "--frames removed or changed $name"
done
"$print" "$script" --frames "$dir/a.png" 2>"$dir/err"
[ $? -eq 1 ] && grep -q "Not a directory" "$dir/err" || fail "--frames on a file: $(cat "$dir/err")"

# An output that fails stops the others and leaves nothing behind: a frame that can't be
# written (its name is taken by a directory) removes the frames written before it, and the
# GIF being written with them is not created; an -o that can't be opened, before any frame.
mkdir -p "$dir/taken/frame-00003.png"
"$print" "$script" --frames "$dir/taken" --scale 1 -o "$dir/taken.gif" 2>"$dir/err"
[ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
    grep -q "taken/frame-00003.png: Is a directory" "$dir/err" ||
    fail "a frame that can't be written: $(cat "$dir/err")"
[ "$(ls -A "$dir/taken")" = frame-00003.png ] || fail "frames left behind: $(ls -A "$dir/taken")"
[ -e "$dir/taken.gif" ] && fail "a frame that can't be written left the GIF"
"$print" "$script" --frames "$dir/never" -o "$dir/missing/a.gif" 2>"$dir/err"
[ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
    grep -q "missing/a.gif: No such file or directory" "$dir/err" && [ -z "$(ls -A "$dir/never")" ] ||
    fail "-o in a missing directory: $(cat "$dir/err")"
ls -A "$dir" | grep -q "^\.tetris-" && fail "temporary file left behind"

# --bench prints a rate.
"$print" "$script" --bench 3 | grep -q '^replay: 3 x 141 pieces in .* pieces/s$' || fail "--bench"

[ "$failures" -eq 0 ]
