#!/bin/sh
# print(convert(x)) == x for random valid sprites: sprite_tool random makes RANDOM_SPRITES
# (default 1000) sprites from RANDOM_SEED (default 2026); each goes through tetris-convert
# (default method), tetris-print --scale 1 --background transparent and sprite_tool expect.
# Sprites run in parallel (TEST_JOBS, default one per processor), each converted with one
# thread: the output does not depend on the thread count (convert_cli.sh checks that).
set -u
seed=${RANDOM_SEED:-2026}
count=${RANDOM_SPRITES:-1000}
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
sprite_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/sprite_tool"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/sprites" "$dir/work" "$dir/failed"

if ! "$sprite_tool" random --seed "$seed" --count "$count" --out "$dir/sprites"; then
    echo "FAIL: sprite_tool random --seed $seed --count $count"
    exit 1
fi

# One sprite: convert, print, compare. A failure leaves DIR/failed/NAME holding one line.
cat >"$dir/one.sh" <<'EOF'
sprite=$1
name=$(basename "$sprite" .png)
work="$DIR/work/$name"
failed="$DIR/failed/$name"
$LIMIT "$CONVERT" --quiet --threads 1 -o "$work.txt" "$sprite" 2>"$work.err"
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
    elif ! "$SPRITE_TOOL" expect "$sprite" "$work.png" 2>"$work.err"; then
        echo "$name: printed sprite differs: $(head -n 1 "$work.err")" >"$failed"
    fi
fi
rm -f "$work.txt" "$work.png" "$work.err"
exit 0
EOF

# A sprite that takes longer than CONVERT_TIMEOUT seconds (default 300) fails.
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout ${CONVERT_TIMEOUT:-300}"

start=$(date +%s)
ls "$dir/sprites"/*.png |
    DIR="$dir" LIMIT="$limit" CONVERT="$BIN_DIR/tetris-convert" PRINT="$BIN_DIR/tetris-print" \
        SPRITE_TOOL="$sprite_tool" xargs -n 1 -P "$jobs" sh "$dir/one.sh"
elapsed=$(($(date +%s) - start))

failures=$(ls "$dir/failed" | wc -l)
echo "convert_random: $count sprites (seed $seed), $failures failures, ${elapsed}s with $jobs jobs"
if [ "$failures" -gt 0 ]; then
    for file in "$dir/failed"/*; do
        echo "FAIL: $(cat "$file")"
    done
    echo "reproduce: sprite_tool random --seed $seed --count $count --out DIR"
    exit 1
fi
exit 0
