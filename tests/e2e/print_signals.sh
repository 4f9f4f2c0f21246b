#!/bin/sh
# Signals and files: tetris-print ended by any signal that can be caught, while it writes a
# GIF (and at the moment its temporary file appears), leaves neither the GIF nor a
# temporary file; so does a file size limit (SIGXFSZ). A video's encoder ends with it and
# writes nothing afterwards. A temporary file a day old next to an output is removed by the
# next write, a fresh one is not. --frames never writes through a link in its directory.
set -u
. tests/e2e/lib/print.sh

long_article "$dir/long.txt" 300
# No temporary file and no output in $dir/out.
left_nothing() { # WHAT
    [ -z "$(ls -A "$dir/out")" ] || fail "$1: left $(ls -A "$dir/out")"
    rm -rf "$dir/out"
    mkdir "$dir/out"
}
mkdir "$dir/out"

# wait_for_temporary: until a temporary file appears in $dir/out (or 60 s).
wait_for_temporary() {
    waited=0
    while [ -z "$(ls -A "$dir/out" | grep '^\.tetris-')" ] && [ $waited -lt 600 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
}

# Background jobs of a script ignore SIGINT and SIGQUIT: env gives them their default back.
progress "a signal while a GIF is written"
for signal in HUP INT QUIT USR1 USR2 ALRM TERM XCPU VTALRM PROF; do
    env --default-signal "$print" "$dir/long.txt" --every 1 --motion -o "$dir/out/long.gif" \
        2>/dev/null &
    pid=$!
    wait_for_temporary
    kill -s "$signal" "$pid"
    wait "$pid" && fail "SIG$signal: the GIF was finished first"
    left_nothing "SIG$signal"
done

progress "signals as the temporary file appears"
# The signal may come right as the file is created: never a file left then either. The
# file appears about 0.1 s in; --motion makes the run last seconds after that, so that no
# signal comes after the GIF is in place (a finished GIF rightly stays).
for delay in 0.02 0.04 0.06 0.08 0.10 0.12 0.14 0.16 0.18 0.20 0.25 0.30; do
    for signal in INT TERM; do
        env --default-signal "$print" "$dir/long.txt" --every 1 --motion -o "$dir/out/long.gif" \
            2>/dev/null &
        pid=$!
        sleep "$delay"
        kill -s "$signal" "$pid" 2>/dev/null
        wait "$pid"
        status=$?
        [ "$status" -eq 0 ] && fail "SIG$signal after ${delay}s: the GIF was finished first"
        left_nothing "SIG$signal after ${delay}s"
    done
done

progress "a file size limit"
(ulimit -f 64 && exec "$print" "$dir/long.txt" --every 1 --motion -o "$dir/out/long.gif") \
    2>/dev/null
[ $? -eq 0 ] && fail "ulimit -f: the GIF was written"
left_nothing "ulimit -f (SIGXFSZ)"

if command -v ffmpeg >/dev/null 2>&1; then
    progress "a video's encoder ends with tetris-print"
    for signal in TERM KILL; do
        "$print" "$dir/long.txt" --every 1 --motion -o "$dir/out/long.mp4" 2>/dev/null &
        pid=$!
        wait_for_temporary
        sleep 0.5
        kill -s "$signal" "$pid"
        wait "$pid"
        sleep 2 # ffmpeg, had it gone on, would have written its file by now
        encoders=$(pgrep -f "ffmpeg .*$dir/out/" || true)
        [ -n "$encoders" ] && fail "SIG$signal: ffmpeg still runs" && kill $encoders
        # Killed (SIGKILL), tetris-print can't remove its temporary file, but the encoder
        # stops with it: the file never gets the index (moov) an encoder that went on to
        # the end of its input would have written.
        if [ "$signal" = KILL ]; then
            ls -A "$dir/out" | grep -q '^\.tetris-' || fail "SIGKILL: the temporary file is gone"
            cat "$dir"/out/.tetris-* | grep -aq moov &&
                fail "SIGKILL: the encoder finished its file after tetris-print was killed"
            rm -rf "$dir/out"
            mkdir "$dir/out"
        else
            left_nothing "a video, SIG$signal"
        fi
    done
fi

progress "stale temporary files"
touch -d '2 days ago' "$dir/out/.tetris-999999-abcdef"
touch "$dir/out/.tetris-999998-abcdef"
"$print" "$script" -o "$dir/out/picture.png" || fail "a PNG next to temporary files: exit $?"
[ -e "$dir/out/.tetris-999999-abcdef" ] && fail "a temporary file 2 days old was kept"
[ -e "$dir/out/.tetris-999998-abcdef" ] || fail "a fresh temporary file was removed"
rm -rf "$dir/out"
mkdir "$dir/out"

progress "--frames and links"
# A link named as a frame, to a file outside the directory: replaced, never written through,
# whether the run succeeds or fails afterwards (its frames removed then).
for outcome in succeeds fails; do
    echo precious >"$dir/victim.txt"
    rm -rf "$dir/frames"
    mkdir "$dir/frames"
    ln -s ../victim.txt "$dir/frames/frame-00001.png"
    ln -s ../victim.txt "$dir/frames/frame-00002.png"
    if [ "$outcome" = succeeds ]; then
        "$print" "$script" --every 50 --frames "$dir/frames" || fail "--frames with links: exit $?"
        [ -f "$dir/frames/frame-00001.png" ] && [ ! -L "$dir/frames/frame-00001.png" ] ||
            fail "--frames: the link was not replaced by the frame"
    elif [ -w /dev/full ]; then
        "$print" "$script" --every 50 --frames "$dir/frames" -o /dev/full 2>/dev/null &&
            fail "--frames -o /dev/full: exit 0"
    fi
    [ "$(cat "$dir/victim.txt")" = precious ] || fail "--frames ($outcome) wrote through a link"
done

[ "$failures" -eq 0 ]
