#!/bin/sh
# print(convert(x)) == x on fields of other widths. For each width W of WIDTHS, random
# sprites from sprite_tool random --width W, with the default method: a full-width strip
# ((W-4) x 6) and SPRITES_PER_WIDTH of any size up to (W-4) x (2W-10) (on fields wider than
# 45, up to 20 x 20 and in make check-full only: the real-time search of a large sprite on
# the widest fields takes minutes under the sanitizers). On the DETAILED widths, also a full-height column
# (3 x (2W-10)) and, with the table method, one of the largest size, (W-4) x (2W-10), also
# with --width auto (which must choose the default width when the sprite fits it, otherwise
# the smallest width that fits it). The patterns of each width are searched on its first
# conversion into a temporary cache, then read from it. Each script is printed at one pixel
# a cell on its field and compared with the sprite (sprite_tool expect). On the COLOUR
# widths, also a band (W-4) x COLOUR_ROWS in 4 to 7 colours (sprite_tool random --colors
# 4-7): wide rows whose S, Z, I and O pixels only the real-time search prints. WIDTHS_SEED
# (default 2026) changes the sprites.
#   make check:      WIDTHS 13 25 33 45 69, one sprite each; DETAILED 13 25; COLOUR 33 69,
#                    bands 6 rows high
#   make check-full: WIDTHS every odd width from 11 to 71, three sprites each; DETAILED
#                    13 25 33 45 69; COLOUR every width from 25, bands 16 rows high
set -u
. tests/e2e/lib/convert.sh
widths=${WIDTHS:-$(by_level "13 25 33 45 69" "$(seq 11 2 71 | tr '\n' ' ')")}
detailed=${DETAILED:-$(by_level "13 25" "13 25 33 45 69")}
count=${SPRITES_PER_WIDTH:-$(by_level 1 3)}
colour_widths=${COLOUR_WIDTHS:-$(by_level "33 69" "$(seq 25 2 71 | tr '\n' ' ')")}
colour_rows=${COLOUR_ROWS:-$(by_level 6 16)}
seed=${WIDTHS_SEED:-2026}
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout ${CONVERT_TIMEOUT:-600}"
# make check-full converts its hundreds of sprites centred (--center): at up to 5 columns
# each (the column choice) they would take hours under the sanitizers; make check converts
# at the columns chosen.
centred=$(by_level "" --center)

# round_trip NAME SPRITE OPTIONS...: convert (its --stats in DIR/NAME.stats), print,
# compare; prints the size, field and pieces.
round_trip() {
    name=$1 sprite=$2
    shift 2
    $limit "$convert" --quiet --stats $centred -o "$dir/$name.txt" "$@" "$sprite" 2>"$dir/$name.stats"
    status=$?
    if [ "$status" -ne 0 ]; then
        fail "$name: tetris-convert $* exit $status: $(head -n 1 "$dir/$name.stats")"
        return
    fi
    field=$(awk '$1 == "field:" { print $2 }' "$dir/$name.stats")
    height=${field#*x}
    if ! "$print" --height "$height" --scale 1 --background transparent -o "$dir/$name.png" \
        "$dir/$name.txt" 2>"$dir/$name.err"; then
        fail "$name: tetris-print exit $?: $(head -n 1 "$dir/$name.err")"
        return
    fi
    if ! "$sprite_tool" expect $centred "$sprite" "$dir/$name.png" 2>"$dir/$name.err"; then
        fail "$name: printed sprite differs: $(head -n 1 "$dir/$name.err")"
        return
    fi
    echo "$name ($*): $(awk '$1 == "sprite:" { print $2 }' "$dir/$name.stats") on $field," \
        "$(count_pieces "$dir/$name.txt") pieces"
}

# sprites WIDTH NAME OPTIONS...: sprite_tool random --width WIDTH OPTIONS... into DIR/wWIDTH/NAME.
sprites() {
    width=$1 name=$2
    shift 2
    mkdir -p "$dir/w$width"
    "$sprite_tool" random --seed "$seed" --width "$width" --out "$dir/w$width/$name" "$@" ||
        fail "sprite_tool random --width $width $*"
}

start=$(date +%s)
for width in $widths; do
    progress "width $width"
    case " $detailed " in *" $width "*) detail=yes ;; *) detail= ;; esac
    sprites "$width" strip --count 1 --size "$((width - 4))x6"
    if [ "$width" -le 45 ]; then
        sprites "$width" random --count "$count"
    elif full_only; then
        sprites "$width" random --count "$count" --size 20x20
    fi
    [ -n "$detail" ] && sprites "$width" column --count 1 --size "3x$((2 * width - 10))"
    case " $colour_widths " in
    *" $width "*)
        sprites "$width" colours --count 1 --size "$((width - 4))x$colour_rows" --colors 4-7
        ;;
    esac
    for sprite in "$dir/w$width"/strip/*.png "$dir/w$width"/column/*.png \
        "$dir/w$width"/random/*.png "$dir/w$width"/colours/*.png; do
        [ -f "$sprite" ] || continue
        round_trip "w$width-$(basename "$(dirname "$sprite")")-$(basename "$sprite" .png)" \
            "$sprite" --width "$width"
    done
    # The cache holds the width's patterns now (the 21-wide field's are built in, never cached).
    for file in emitters1.txt platforms.txt; do
        [ "$width" -eq 21 ] ||
            [ -s "$XDG_CACHE_HOME/tetris-printer/patterns-v2/width-$width/$file" ] ||
            fail "no cached $file for width $width"
    done
    [ "$width" -ne 21 ] || [ ! -e "$XDG_CACHE_HOME/tetris-printer/patterns-v2/width-21" ] ||
        fail "the built-in 21-wide library was searched and cached"
    [ -n "$detail" ] || continue
    sprites "$width" largest --count 1 --largest
    round_trip "w$width-largest" "$dir/w$width/largest/random-0000.png" --width "$width" \
        --method table
    # --width auto: the default field when the sprite fits it, else the smallest that does
    # (W - 4 columns and 2W - 10 rows for the sprite).
    round_trip "w$width-auto" "$dir/w$width/largest/random-0000.png" --method table
    size=$(awk '$1 == "sprite:" { print $2 }' "$dir/w$width-auto.stats")
    expected=21
    while [ "${size%x*}" -gt $((expected - 4)) ] || [ "${size#*x}" -gt $((2 * expected - 10)) ]; do
        expected=$((expected + 2))
    done
    grep -q "^field: *${expected}x$((2 * expected))\$" "$dir/w$width-auto.stats" ||
        fail "--width auto for a $size sprite: $(grep field: "$dir/w$width-auto.stats")," \
            "expected ${expected}x$((2 * expected))"
done
echo "convert_widths: widths $widths, $(($(date +%s) - start))s"
[ "$failures" -eq 0 ]
