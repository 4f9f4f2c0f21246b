#!/bin/sh
# Outputs sized for people: a GIF, a video and the page default to a frame of
# at most 720 pixels on its long side, the cell size chosen from the field, without the
# rows that never change; --scale, --crop and --no-crop say otherwise; the PNG keeps 16
# pixels a cell and the whole field. --play fits the terminal or says why it can't.
# Without an output, tetris-print says what it needs. Colour names and --colour.
set -u
. tests/e2e/lib/print.sh

# gif_size FILE: "WIDTHxHEIGHT" of a GIF's screen.
gif_size() {
    od -An -tu1 -j6 -N4 "$1" | awk '{ printf "%dx%d\n", $1 + 256 * $2, $3 + 256 * $4 }'
}
# png_size FILE: "WIDTHxHEIGHT" of a PNG.
png_size() {
    od -An -tu1 -j16 -N8 "$1" |
        awk '{ printf "%dx%d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}
# highest stack of a script, in rows (--stats)
highest() { "$print" "$1" --stats 2>&1 | sed -n 's/^highest stack: \([0-9]*\) rows$/\1/p'; }

# The article's example: 21 x 42, its pieces reach 11 rows. The GIF leaves out the 31 rows
# above them (16 pixels a cell: 23 x 12 cells with the well); the PNG is the whole field.
[ "$(highest "$script")" = 11 ] || fail "the article's example reaches $(highest "$script") rows"
"$print" "$script" -o "$dir/a.gif" || fail "gif: exit $?"
[ "$(gif_size "$dir/a.gif")" = 368x192 ] || fail "gif: $(gif_size "$dir/a.gif"), expected 368x192"
"$print" "$script" -o "$dir/a.png" || fail "png: exit $?"
[ "$(png_size "$dir/a.png")" = 368x688 ] || fail "png: $(png_size "$dir/a.png"), expected 368x688"
"$print" "$script" --no-crop -o "$dir/whole.gif" || fail "--no-crop: exit $?"
[ "$(gif_size "$dir/whole.gif")" = 368x688 ] || fail "--no-crop: $(gif_size "$dir/whole.gif")"
"$print" "$script" --scale 4 -o "$dir/s4.gif" || fail "--scale 4: exit $?"
[ "$(gif_size "$dir/s4.gif")" = 92x48 ] || fail "--scale 4: $(gif_size "$dir/s4.gif")"
"$print" "$script" --motion --every 20 -o "$dir/motion.gif" || fail "--motion: exit $?"
[ "$(gif_size "$dir/motion.gif")" = 368x688 ] || fail "--motion crops: $(gif_size "$dir/motion.gif")"
"$print" "$script" --crop --no-crop -o "$dir/x.gif" 2>"$dir/err" && fail "--crop --no-crop: accepted"
grep -q -- "--crop and --no-crop: give one" "$dir/err" || fail "--crop --no-crop: $(cat "$dir/err")"

# A large field: the article's example on 200 rows. Uncropped, 200 rows and the floor fit
# 720 pixels at 3 a cell (603 pixels).
"$print" "$script" --height 200 --no-crop -o "$dir/tall.gif" || fail "tall: exit $?"
[ "$(gif_size "$dir/tall.gif")" = 69x603 ] || fail "tall: $(gif_size "$dir/tall.gif"), expected 69x603"
# the frames of such a run are the GIF's
rm -rf "$dir/frames"
"$print" "$script" --height 200 --no-crop --every 50 -o "$dir/tall.gif" --frames "$dir/frames" ||
    fail "tall frames: exit $?"
[ "$(png_size "$(ls "$dir"/frames/*.png | tail -n 1)")" = 69x603 ] || fail "tall frames: not the GIF's size"
if command -v ffmpeg >/dev/null 2>&1; then
    "$print" "$script" --duration 2 -o "$dir/a.mp4" || fail "mp4: exit $?"
    size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0:s=x \
        "$dir/a.mp4" 2>/dev/null)
    [ "$size" = 368x192 ] || fail "mp4: $size, expected 368x192"
fi

# Without an output: checked, and one line says what would draw it (exit 0).
"$print" "$script" >"$dir/out" 2>"$dir/err" || fail "no output: exit $?"
[ -s "$dir/out" ] && fail "no output: wrote on standard output"
grep -q "article-example.txt: checked, 141 pieces, nothing written: give -o FILE.png" "$dir/err" ||
    fail "no output: $(cat "$dir/err")"
"$print" "$script" --stats >/dev/null 2>"$dir/err" || fail "--stats: exit $?"
grep -q "nothing written" "$dir/err" && fail "--stats alone still says nothing is written"

# Colour names, and --colour for --color.
"$print" "$script" --scale 1 --background navy --helpers gray -o "$dir/named.png" ||
    fail "named colours: exit $?"
"$print" "$script" --scale 1 --background 000080 --helpers 808080 -o "$dir/hex.png"
cmp -s "$dir/named.png" "$dir/hex.png" || fail "navy and gray are not 000080 and 808080"
"$print" "$script" --ascii --colour >"$dir/colour.txt" || fail "--colour: exit $?"
"$print" "$script" --ascii --color | cmp -s - "$dir/colour.txt" || fail "--colour is not --color"

# --play in a terminal too narrow for the field: refused, saying how wide it must be; in a
# short one, the lowest rows, said before it plays.
if command -v script >/dev/null 2>&1; then
    timeout 60 script -qec "stty cols 20 rows 40; $print $script --play --every 50 --delay 0" \
        "$dir/narrow" >/dev/null 2>&1 </dev/null
    grep -q -- "--play: the 21-wide field needs 23 columns, the terminal has 20" "$dir/narrow" ||
        fail "--play, 20 columns: $(tr -d '\033' <"$dir/narrow" | head -c 300)"
    timeout 60 script -qec "stty cols 80 rows 6; $print $script --play --every 50 --delay 0" \
        "$dir/short" >/dev/null 2>&1 </dev/null
    grep -q -- "--play: the terminal's 6 lines show the lowest 7 of the 11 rows that change" \
        "$dir/short" || fail "--play, 6 lines: $(tr -d '\033' <"$dir/short" | head -c 300)"
    grep -q 'piece 141/141' "$dir/short" || fail "--play, 6 lines: did not play"
fi

[ "$failures" -eq 0 ]
