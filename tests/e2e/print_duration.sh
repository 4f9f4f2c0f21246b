#!/bin/sh
# How long tetris-print's animations last (frame_choice.h): a GIF, video or page whose play
# would last longer than the default 60 s is shortened to 60 s with one line on standard
# error, a shorter one is unchanged; --every keeps every piece asked for; --duration S makes
# the play last S (frames spread evenly, the final picture always the last, held for
# --hold), slows a short play down unless the pace is given, and with --motion steps
# steadily through every frame; --frames alone keeps every piece. A GIF's
# length is read back with tests/tools/gif_timing, a video's with ffprobe.
set -u
. tests/e2e/lib/print.sh
timing="${TEST_TOOLS_DIR:-build/tools}/gif_timing"

long_article "$dir/long.txt" 32 # 813 pieces: 81.3 s at 10 a second
"$print" "$dir/long.txt" --scale 2 -o "$dir/long.png" || fail "long.png exit $?"
"$print" "$script" --scale 2 -o "$dir/short.png" || fail "short.png exit $?"

# gif NAME SCRIPT OPTIONS...: writes $dir/NAME.gif at scale 2, the whole field, its
# messages in $dir/NAME.err; sets images, delays (centiseconds) and last (the last image's
# delay), and checks that the last picture is the final PNG.
gif() {
    name=$1 input=$2
    shift 2
    "$print" "$input" --scale 2 --no-crop "$@" -o "$dir/$name.gif" 2>"$dir/$name.err" ||
        fail "$name: exit $?: $(cat "$dir/$name.err")"
    final="$dir/long.png"
    [ "$input" = "$script" ] && final="$dir/short.png"
    out=$("$timing" "$dir/$name.gif" "$final") ||
        fail "$name: the last frame is not the final picture: $out"
    set -- $out
    images=$2 delays=$4 last=$6
}
# within NAME VALUE EXPECTED TOLERANCE
within() {
    awk -v v="$2" -v e="$3" -v t="$4" 'BEGIN { exit !(v >= e - t && v <= e + t) }' ||
        fail "$1: $2, expected $3 within $4"
}

# The default: 813 pieces would last 81.3 s; shortened to 600 frames, 60 s and the 3 s
# hold (the last frame's delay is the hold), and one line says so.
gif default "$dir/long.txt"
[ "$images" -eq 600 ] || fail "default: $images frames, expected 600"
within "default: play and hold (cs)" "$delays" 6290 1
[ "$last" -eq 300 ] || fail "default: last delay $last, expected the hold, 300"
[ "$(wc -l <"$dir/default.err")" -eq 1 ] || fail "default: not one line: $(cat "$dir/default.err")"
grep -qx "tetris-print: $dir/default.gif: 813 pieces at 10 a second would last 81 s; \
shortened to 60 s: 600 frames spread evenly over the play (--every 1 keeps them all, \
--duration SECONDS sets the length)" "$dir/default.err" ||
    fail "default: the line reads: $(cat "$dir/default.err")"
# --stats counts the frames shown
"$print" "$dir/long.txt" --stats --scale 1 -o "$dir/stats.gif" 2>&1 | grep -qx 'frames: 600' ||
    fail "--stats: not 600 frames"

# Shorter plays, and --every, are left alone and say nothing.
gif short "$script"
[ "$images" -eq 141 ] && [ ! -s "$dir/short.err" ] || fail "short: $images frames, $(cat "$dir/short.err")"
within "short: play and hold" "$delays" $((140 * 10 + 300)) 0
gif every1 "$dir/long.txt" --every 1
[ "$images" -eq 813 ] && [ ! -s "$dir/every1.err" ] || fail "--every 1: $images frames"
gif every10 "$dir/long.txt" --every 10
[ "$images" -eq 82 ] || fail "--every 10: $images frames, expected 82"

# --duration: frames spread evenly over a long play, at the default pace.
gif d20 "$dir/long.txt" --duration 20
[ "$images" -eq 200 ] && [ ! -s "$dir/d20.err" ] || fail "--duration 20: $images frames"
within "--duration 20: play and hold" "$delays" 2290 1
# ... at the pace given: 25 frames a second (4 cs)
gif fps "$dir/long.txt" --duration 12 --fps 25
[ "$images" -eq 300 ] || fail "--duration 12 --fps 25: $images frames, expected 300"
# ... a short play slowed down to last it: 141 pieces in 30 s, 21 cs each
gif slow "$script" --duration 30 --hold 0
[ "$images" -eq 141 ] || fail "--duration 30: $images frames"
within "--duration 30 (cs)" "$delays" 3000 70 # 141 delays rounded to whole cs
# ... unless the pace is given
gif paced "$script" --duration 30 --delay 5 --hold 0
within "--duration 30 --delay 5 (cs)" "$delays" 705 0
# ... with --motion, a steady time step: 10 s at 3 cs, 333 frames
gif motion "$script" --motion --duration 10 --hold 0
within "--motion --duration 10: frames" "$images" 333 1
within "--motion --duration 10 (cs)" "$delays" 1000 3
gif motion-default "$script" --motion
grep -q "frames at 33.3 a second would last" "$dir/motion-default.err" ||
    fail "--motion: $(cat "$dir/motion-default.err")"
within "--motion default (cs)" "$delays" $((1999 * 3 + 300)) 0

# --frames alone keeps every piece; with a GIF in the same run it shows the GIF's frames.
"$print" "$dir/long.txt" --scale 1 --frames "$dir/all" 2>"$dir/err" || fail "--frames exit"
[ "$(ls "$dir/all" | wc -l)" -eq 813 ] && [ ! -s "$dir/err" ] ||
    fail "--frames alone: $(ls "$dir/all" | wc -l) frames"
"$print" "$dir/long.txt" --scale 1 --frames "$dir/with-gif" -o "$dir/with.gif" 2>/dev/null
[ "$(ls "$dir/with-gif" | wc -l)" -eq 600 ] ||
    fail "--frames with a GIF: $(ls "$dir/with-gif" | wc -l) frames"

# The page: every piece, at the speed that lasts 60 s, and one line.
"$print" "$dir/long.txt" -o "$dir/long.html" 2>"$dir/page.err" || fail "page exit"
grep -q '"length": 6000,' "$dir/long.html" || fail "page: not 60 s long"
grep -qx "tetris-print: $dir/long.html: 813 pieces at 10 a second would last 81 s; the page \
plays them in 60 s (--every 1 keeps that pace, --duration SECONDS sets the length)" \
    "$dir/page.err" || fail "page: the line reads: $(cat "$dir/page.err")"
"$print" "$dir/long.txt" --duration 5 -o "$dir/five.html" 2>"$dir/err"
grep -q '"length": 500,' "$dir/five.html" && [ ! -s "$dir/err" ] || fail "page: --duration 5"

# A video: 60 s and the hold, 630 frames at 10 a second.
if command -v ffprobe >/dev/null 2>&1; then
    "$print" "$dir/long.txt" --scale 1 -o "$dir/long.mp4" 2>"$dir/err" || fail "mp4 exit"
    grep -q "long.mp4: 813 pieces .* shortened to 60 s" "$dir/err" || fail "mp4: $(cat "$dir/err")"
    seconds=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$dir/long.mp4")
    within "mp4 (s)" "$seconds" 63 0.2
else
    fail "ffprobe is not installed (make deps installs ffmpeg)"
fi

[ "$failures" -eq 0 ]
