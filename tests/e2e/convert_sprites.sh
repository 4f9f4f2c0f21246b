#!/bin/sh
# Every sample sprite (sprites/*.png), with both methods: tetris-convert, then tetris-print at one
# pixel a cell on a transparent background, must reproduce the sprite exactly (sprite_tool
# expect). The real-time search must use at least 40% fewer pieces than the table over them all.
set -u
convert="$BIN_DIR/tetris-convert"
print="$BIN_DIR/tetris-print"
sprite_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/sprite_tool"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# Pieces in a script: the distinct piece letters of each block, summed over the blocks (the
# first non-blank line is the colour line; blocks are separated by blank lines).
count_pieces() {
    awk '
        function flush(   c) { for (c in seen) pieces++; split("", seen) }
        { gsub(/[ \t\r]/, "") }
        $0 == "" { flush(); next }
        !colours { colours = 1; next }
        { for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); if (c != ".") seen[c] = 1 } }
        END { flush(); print pieces + 0 }
    ' "$1"
}

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
