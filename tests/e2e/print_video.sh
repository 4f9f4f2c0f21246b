#!/bin/sh
# tetris-print -o FILE.mp4 / FILE.webm: frames streamed to ffmpeg. With ffmpeg: a video of
# every frame plus the held last one; ffmpeg failing: exit 1, one line with its reason, no
# file; without ffmpeg on PATH: exit 1, one line saying so, before reading the script.
set -u
. tests/e2e/lib/print.sh
leftovers() { ls -A "$dir" | grep -q '^\.tetris-' && fail "$1: temporary file left behind"; }

if ! command -v ffmpeg >/dev/null 2>&1; then
    echo "FAIL: ffmpeg is not installed (make deps installs it)"
    exit 1
fi
frames() { # the number of video frames in a file
    ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
        -of csv=p=0 "$1"
}

# 141 pieces with --every 10: 15 frames, then 2 s held at 10 frames a second.
"$print" "$script" --every 10 --scale 4 --no-crop --hold 2 -o "$dir/a.mp4" || fail "mp4 exit $?"
[ "$(frames "$dir/a.mp4")" = 35 ] || fail "mp4: $(frames "$dir/a.mp4") frames, expected 35"
ffprobe -v error -show_entries stream=codec_name,width,height -of csv=p=0 "$dir/a.mp4" |
    grep -qx 'h264,92,172' || fail "mp4 stream: $(ffprobe -v error -show_entries \
    stream=codec_name,width,height -of csv=p=0 "$dir/a.mp4")"
# --fps 30 --hold 0.5: 15 frames and 15 more held.
"$print" "$script" --every 10 --scale 3 --no-crop --fps 30 --hold 0.5 -o "$dir/a.webm" || fail "webm exit $?"
[ "$(frames "$dir/a.webm")" = 30 ] || fail "webm: $(frames "$dir/a.webm") frames, expected 30"
ffprobe -v error -show_entries stream=codec_name,width,height,r_frame_rate -of csv=p=0 \
    "$dir/a.webm" | grep -qx 'vp9,70,130,30/1' || fail "webm stream"
# Standard output: a fragmented MP4.
"$print" "$script" --every 50 --scale 2 --format mp4 -o - >"$dir/out.mp4" || fail "mp4 to stdout"
[ "$(frames "$dir/out.mp4")" -ge 3 ] || fail "mp4 on standard output unreadable"
leftovers "video"

# refused WHAT PATH INPUT OUTPUT MESSAGE: with PATH, tetris-print INPUT -o OUTPUT exits 1
# with one line holding MESSAGE, and leaves neither OUTPUT nor a temporary file.
refused() {
    what=$1 path=$2 input=$3 output=$4 message=$5
    PATH="$path" "$print" "$input" -o "$dir/$output" 2>"$dir/err"
    status=$?
    [ "$status" -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -qF "$message" "$dir/err" ||
        fail "$what: exit $status: $(cat "$dir/err")"
    [ -e "$dir/$output" ] && fail "$what left $output"
    leftovers "$what"
}

# ffmpeg that fails: its reason.
mkdir "$dir/bad"
printf '#!/bin/sh\ncat >/dev/null\necho "Unknown encoder libx264" >&2\nexit 1\n' >"$dir/bad/ffmpeg"
chmod +x "$dir/bad/ffmpeg"
refused "failing ffmpeg" "$dir/bad:$PATH" "$script" b.mp4 \
    'b.mp4: ffmpeg failed: Unknown encoder libx264'

# ffmpeg failing while --frames writes frames: no video, and the frames written meanwhile
# are removed again; an ffmpeg that stops at once, before reading any frame, the same.
printf '#!/bin/sh\nexit 1\n' >"$dir/bad/quitter"
for encoder in ffmpeg quitter; do
    mkdir -p "$dir/$encoder" "$dir/$encoder-frames"
    cp "$dir/bad/$encoder" "$dir/$encoder/ffmpeg"
    chmod +x "$dir/$encoder/ffmpeg"
    PATH="$dir/$encoder:$PATH" "$print" "$script" --every 10 --frames "$dir/$encoder-frames" \
        -o "$dir/d.mp4" 2>"$dir/err"
    status=$?
    [ "$status" -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -qF 'd.mp4: ffmpeg' "$dir/err" ||
        fail "$encoder with --frames: exit $status: $(cat "$dir/err")"
    [ -e "$dir/d.mp4" ] && fail "$encoder with --frames left d.mp4"
    [ -z "$(ls -A "$dir/$encoder-frames")" ] ||
        fail "$encoder with --frames left frames: $(ls -A "$dir/$encoder-frames" | head -n 3)"
    leftovers "$encoder with --frames"
done

# No ffmpeg on PATH: refused before any work (the script isn't even read).
mkdir "$dir/empty"
refused "no ffmpeg" "$dir/empty" "$dir/missing.txt" c.webm \
    'c.webm: writing webm needs ffmpeg, which is not on PATH'

[ "$failures" -eq 0 ]
