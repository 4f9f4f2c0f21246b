#!/bin/sh
# print(convert(x)) == x for random valid sprites: sprite_tool random makes RANDOM_SPRITES
# sprites of 1 to 3 colours from RANDOM_SEED (default 2026), and RANDOM_MANY_COLOURS of 4 to
# 7 colours (printed by I, O, S and Z pieces too) from the next seed; each goes through
# tetris-convert (default method), tetris-print --scale 1 --background transparent and
# sprite_tool expect; and none of 1 to 3 colours may need more pieces than with the table
# method. make check converts 40 and 10 (what catches a regression in a minute under the
# sanitizers), make check-full 1,000 and 100 (the 1,000 make bench measures).
# Sprites run in parallel (TEST_JOBS, default one per processor), each converted with one
# thread: the output does not depend on the thread count (convert_cli.sh checks that). Each
# is converted centred (--center): at up to 5 columns (the column choice, which
# convert_golden and convert_cli test) the sets would take 5 times as long.
set -u
. tests/e2e/lib/level.sh
seed=${RANDOM_SEED:-2026}
count=${RANDOM_SPRITES:-$(by_level 40 1000)}
many=${RANDOM_MANY_COLOURS:-$(by_level 10 100)}
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
sprite_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/sprite_tool"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/sprites" "$dir/work" "$dir/failed" "$dir/done"

if ! "$sprite_tool" random --seed "$seed" --count "$count" --out "$dir/sprites"; then
    echo "FAIL: sprite_tool random --seed $seed --count $count"
    exit 1
fi
if [ "$many" -gt 0 ]; then
    mkdir "$dir/many"
    if ! "$sprite_tool" random --seed $((seed + 1)) --count "$many" --out "$dir/many" --colors 4-7
    then
        echo "FAIL: sprite_tool random --seed $((seed + 1)) --count $many --colors 4-7"
        exit 1
    fi
    for file in "$dir/many"/*.png; do
        mv "$file" "$dir/sprites/colours4-7-$(basename "$file")"
    done
fi

# One sprite: convert, print, compare. A failure leaves DIR/failed/NAME holding one line.
cat >"$dir/one.sh" <<'EOF'
sprite=$1
name=$(basename "$sprite" .png)
work="$DIR/work/$name"
failed="$DIR/failed/$name"
$LIMIT "$CONVERT" --quiet --stats --threads 1 --center -o "$work.txt" "$sprite" 2>"$work.err"
status=$?
if [ "$status" -eq 124 ] && [ -n "$LIMIT" ]; then
    echo "$name: tetris-convert took more than the limit ($LIMIT)" >"$failed"
elif [ "$status" -ne 0 ]; then
    echo "$name: tetris-convert exit $status: $(head -n 1 "$work.err")" >"$failed"
else
    "$PRINT" --scale 1 --background transparent -o "$work.png" "$work.txt" 2>"$work.err"
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "$name: tetris-print exit $status: $(head -n 1 "$work.err")" >"$failed"
    elif ! "$SPRITE_TOOL" expect --center "$sprite" "$work.png" 2>"$work.err"; then
        echo "$name: printed sprite differs: $(head -n 1 "$work.err")" >"$failed"
    elif [ "${name#colours4-7-}" = "$name" ]; then
        pieces() { awk '$1 == "pieces:" { print $2 }' "$1"; }
        mv "$work.err" "$work.stats"
        "$CONVERT" --quiet --stats --method table -o /dev/null "$sprite" 2>"$work.err"
        realtime=$(pieces "$work.stats") table=$(pieces "$work.err")
        [ "${realtime:-0}" -le "${table:-0}" ] ||
            echo "$name: $realtime pieces with the real-time search, $table with the table" >"$failed"
    fi
fi
rm -f "$work.txt" "$work.png" "$work.err" "$work.stats"
# A progress line every 25 sprites.
touch "$DIR/done/$name"
done=$(ls "$DIR/done" | wc -l)
[ $((done % 25)) -ne 0 ] || echo "# $done sprites done, $(ls "$DIR/failed" | wc -l) failed"
exit 0
EOF

# A sprite that takes longer than CONVERT_TIMEOUT seconds (default 300) fails.
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout ${CONVERT_TIMEOUT:-300}"

start=$(date +%s)
progress "$count sprites of 1 to 3 colours and $many of 4 to 7, $jobs at a time"
ls "$dir/sprites"/*.png |
    DIR="$dir" LIMIT="$limit" CONVERT="$BIN_DIR/tetris-convert" PRINT="$BIN_DIR/tetris-print" \
        SPRITE_TOOL="$sprite_tool" xargs -n 1 -P "$jobs" sh "$dir/one.sh"
elapsed=$(($(date +%s) - start))

failures=$(ls "$dir/failed" | wc -l)
echo "convert_random: $count sprites (seed $seed) and $many of 4 to 7 colours (seed $((seed + 1))), $failures failures, ${elapsed}s with $jobs jobs"
if [ "$failures" -gt 0 ]; then
    for file in "$dir/failed"/*; do
        echo "FAIL: $(cat "$file")"
    done
    echo "reproduce: sprite_tool random --seed $seed --count $count --out DIR" \
        "(colours4-7-*: --seed $((seed + 1)) --count $many --colors 4-7)"
    exit 1
fi
exit 0
