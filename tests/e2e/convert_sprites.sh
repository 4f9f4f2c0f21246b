#!/bin/sh
# Every sample sprite (sprites/*.png), with both methods: tetris-convert, then tetris-print at one
# pixel a cell on a transparent background, must reproduce the sprite exactly (sprite_tool
# expect). The real-time search must use at least 40% fewer pieces than the table over them all.
set -u
. tests/e2e/lib/convert.sh

sprites=$(ls sprites/*.png)
[ -n "$sprites" ] || fail "no sprites in sprites/"
realtime_total=0
table_total=0
for method in realtime table; do
    for sprite in $sprites; do
        name=$(basename "$sprite" .png)
        script="$dir/$name.$method.txt"
        printed="$dir/$name.$method.png"
        "$convert" --quiet --method "$method" -o "$script" "$sprite" 2>"$dir/err"
        status=$?
        if [ "$status" -ne 0 ]; then
            fail "$name ($method): tetris-convert exit $status: $(head -n 3 "$dir/err")"
            continue
        fi
        "$print" --scale 1 --background transparent -o "$printed" "$script" 2>"$dir/err"
        status=$?
        if [ "$status" -ne 0 ]; then
            fail "$name ($method): tetris-print exit $status: $(head -n 3 "$dir/err")"
            continue
        fi
        if ! "$sprite_tool" expect "$sprite" "$printed" 2>"$dir/err"; then
            fail "$name ($method): printed sprite differs: $(head -n 3 "$dir/err")"
            continue
        fi
        pieces=$(count_pieces "$script")
        echo "$name $method: $pieces pieces"
        if [ "$method" = realtime ]; then
            realtime_total=$((realtime_total + pieces))
        else
            table_total=$((table_total + pieces))
        fi
    done
done

echo "pieces in all: realtime $realtime_total, table $table_total"
if [ "$failures" -eq 0 ]; then
    # realtime <= 60% of table, in integers.
    [ $((realtime_total * 10)) -le $((table_total * 6)) ] ||
        fail "realtime uses $realtime_total pieces, not 40% fewer than table's $table_total"
fi

[ "$failures" -eq 0 ]
