#!/bin/sh
# Every sample sprite (sprites/*.png), with both methods: tetris-convert, then tetris-print at one
# pixel a cell on a transparent background, must reproduce the sprite exactly (sprite_tool
# expect). The table method (the article's: J, T and L) refuses sprites of more than 3 colours
# with exit 2. No sprite needs more pieces with the real-time search than with the table, and
# over them all the real-time search needs at most 40% of the table's pieces. make check
# leaves out the sprites larger than 32 x 32 (minutes each under the sanitizers);
# make check-full converts them all. Centred (--center): convert_golden converts them at the
# columns tetris-convert chooses.
set -u
. tests/e2e/lib/convert.sh

largest=$(by_level 32 64)
sprites=
for sprite in sprites/*.png; do
    size=$(png_size "$sprite")
    [ "${size%x*}" -le "$largest" ] && [ "${size#*x}" -le "$largest" ] && sprites="$sprites $sprite"
done
[ -n "$sprites" ] || fail "no sprites in sprites/"
realtime_total=0
table_total=0
for sprite in $sprites; do
    name=$(basename "$sprite" .png)
    colours=0
    realtime=
    for method in realtime table; do
        script="$dir/$name.$method.txt"
        printed="$dir/$name.$method.png"
        "$convert" --quiet --stats --center --method "$method" -o "$script" "$sprite" 2>"$dir/err"
        status=$?
        if [ "$method" = realtime ]; then
            colours=$(awk '$1 == "sprite:" { print $4 }' "$dir/err")
        elif [ "$colours" -gt 3 ]; then
            [ "$status" -eq 2 ] && grep -q "at most 3 colours" "$dir/err" ||
                fail "$name (table): $colours colours not refused: exit $status: $(head -n 1 "$dir/err")"
            continue
        fi
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
        if ! "$sprite_tool" expect --center "$sprite" "$printed" 2>"$dir/err"; then
            fail "$name ($method): printed sprite differs: $(head -n 3 "$dir/err")"
            continue
        fi
        pieces=$(count_pieces "$script")
        progress "$name $method: $pieces pieces ($colours colours)"
        if [ "$method" = realtime ]; then
            realtime=$pieces
        else
            [ -z "$realtime" ] || [ "$realtime" -le "$pieces" ] ||
                fail "$name: the real-time search needs $realtime pieces, the table $pieces"
            realtime_total=$((realtime_total + realtime))
            table_total=$((table_total + pieces))
        fi
    done
done

echo "pieces in all (sprites both methods print): realtime $realtime_total, table $table_total"
if [ "$failures" -eq 0 ]; then
    # realtime <= 40% of table, in integers.
    [ $((realtime_total * 10)) -le $((table_total * 4)) ] ||
        fail "realtime uses $realtime_total pieces, more than 40% of the table's $table_total"
fi

[ "$failures" -eq 0 ]
