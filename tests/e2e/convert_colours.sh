#!/bin/sh
# --colors N is a promise: when the picture fits, it prints, in at most N colours, whatever
# I, O, S and Z can print. Pictures made here: pixel art with lone pixels of every colour, a
# tile of 7 colours of its own that needs repairing (refused without --colors, naming the
# pixel and --colors 7; repaired with it, the pixels counted), anti-aliased drawings in 3 to 7
# colours (7 closer to the picture than 3); the rules at the field's edges; each script
# printed shows its --preview; the same bytes whatever the threads.
set -u
. tests/e2e/lib/convert.sh

# converts WHAT PICTURE ARGS...: tetris-convert ARGS --preview converts PICTURE into
# $dir/out.txt, exit 0, and the script printed shows the preview; the summary line in
# $dir/summary.
converts() {
    what=$1 picture=$2
    shift 2
    rm -f "$dir/preview.png"
    "$convert" "$@" --preview "$dir/preview.png" -o "$dir/out.txt" "$picture" 2>"$dir/summary" ||
        { fail "$what: exit $? ($(cat "$dir/summary"))"; return 1; }
    "$picture_tool" reduce "$dir/preview.png" 16 "$dir/preview-sprite.png" ||
        { fail "$what: the preview is not 16x16 squares"; return 1; }
    round_trip "$what" "$dir/out.txt" "$dir/preview-sprite.png"
}

# The mean error of a summary line.
mean_error() { sed -n 's/.*mean error \([0-9.]*\).*/\1/p' "$1"; }

progress "pixel art with lone pixels of every colour"
# Seven colours, each alone here and there, 4 of them printed by I, O, S and Z: with
# --colors 7 the pixels the rules can't print take other colours, and the summary counts
# them; fewer colours print too.
art lone <<'EOF'
R=e6194b G=3cb44b B=4363d8 Y=ffe119 O=f58231 P=911eb4 C=42f4f4
RGBYOPCRGBYOPCR
GG.BBYYOO.PPCCR
YRGBOPCCPOBGRYY
.RRGGBBYYOOPPC.
EOF
converts "lone pixels" "$dir/lone.png" --colors 7
changed=$("$picture_tool" differ "$dir/lone.png" "$dir/preview-sprite.png")
grep -q " 15x4 -> 15x4 (not scaled), 7 colours (its own, mean error [0-9.]*), $changed pixels\{0,1\} repaired, " \
    "$dir/summary" || fail "lone pixels: $changed pixels changed: $(cat "$dir/summary")"
for n in 3 4 5 6; do
    converts "lone pixels, --colors $n" "$dir/lone.png" --colors "$n"
    colours=$(awk 'NF { for (i = 1; i <= NF; i++) if ($i != "-") n++; print n; exit }' "$dir/out.txt")
    [ "$colours" -le "$n" ] || fail "lone pixels, --colors $n: $colours colours"
done

progress "a tile of 7 colours that needs repair"
# Seven colours, each with a lone pixel in two rows: none can be printed by O pieces, so
# the tile is refused (exactness first) with the pixel and --colors 7; --colors 7 changes
# two pixels, one in each row, and says so.
art tile <<'EOF'
A=c83c3c B=3cb44b C=4363d8 D=ffe119 E=42d4f4 F=f032e6 G=000000
AABBCCDDEEFFGG
.ABCDEFG......
.GFEDCBA......
AABBCCDDEEFFGG
EOF
"$convert" -q -o "$dir/tile-script.txt" "$dir/tile.png" 2>"$dir/err"
check_error "unprintable tile" 2 $? "$dir/err"
grep -q 'pixel [0-9]*,[0-9]* (#[0-9a-f]*) can.t be printed' "$dir/err" ||
    fail "unprintable tile: no pixel named: $(cat "$dir/err")"
grep -q -- '(try tetris-convert --fit .*tile.png)$' "$dir/err" ||
    fail "unprintable tile: no --fit hint: $(cat "$dir/err")"
[ -e "$dir/tile-script.txt" ] && fail "unprintable tile: a script was written"
converts "repaired tile" "$dir/tile.png" --colors 7
grep -q '^[^:]*: 14x4 -> 14x4 (not scaled), 7 colours (its own, mean error [0-9.]*), 2 pixels repaired, ' \
    "$dir/summary" || fail "repaired tile: summary: $(cat "$dir/summary")"
[ "$("$picture_tool" differ "$dir/tile.png" "$dir/preview-sprite.png")" = 2 ] ||
    fail "repaired tile: not 2 pixels changed: $("$picture_tool" differ "$dir/tile.png" "$dir/preview-sprite.png")"

progress "the field's edges"
# A lone S leans on the field's left edge in column 2: this sprite, 17 wide, prints as it
# is on the default field, its yellow by S; centred on a field 25 wide it can't, and
# --colors repairs it there (one pixel), knowing the field.
art edge <<'EOF'
A=e6194b B=3cb44b C=4363d8 D=ffe119
AAAAAAAAAAAAAAAAA
DA...............
..C..............
...B.............
EOF
converts "at the edge" "$dir/edge.png" --colors 7
grep -q ' 17x4 -> 17x4 (not scaled), 4 colours, background' "$dir/summary" ||
    fail "at the edge: summary: $(cat "$dir/summary")"
"$convert" -q --width 25 -o "$dir/edge-script.txt" "$dir/edge.png" 2>"$dir/err"
check_error "off the edge" 2 $? "$dir/err"
converts "off the edge, --colors 7" "$dir/edge.png" --colors 7 --width 25
grep -q ', 1 pixel repaired, ' "$dir/summary" || fail "off the edge: summary: $(cat "$dir/summary")"

progress "anti-aliased drawings in 3 to 7 colours"
# Drawings as emoji are drawn, 64x64, flat colours with soft edges: every --colors prints,
# 7 colours never come out further from the picture than 3 (the summary's mean error, to a
# tenth: a drawing of few colours of its own may come out as close), and over the drawings
# at least a quarter closer.
total_three=0 total_seven=0
for seed in $(by_level "1 2 3" "1 2 3 4 5 6 7 8 9 10 11 12"); do
    "$picture_tool" drawing --seed "$seed" --width 64 --height 64 "$dir/drawing.png" ||
        fail "picture_tool drawing $seed"
    for n in 3 5 7; do
        converts "drawing $seed, --colors $n" "$dir/drawing.png" --fit --max-width 17 --colors "$n" || continue
        cp "$dir/summary" "$dir/summary-$n"
    done
    three=$(mean_error "$dir/summary-3") seven=$(mean_error "$dir/summary-7")
    awk -v a="$three" -v b="$seven" 'BEGIN { exit !(b <= a) }' ||
        fail "drawing $seed: 7 colours (mean error $seven) further than 3 ($three)"
    total_three=$(awk -v t="$total_three" -v a="$three" 'BEGIN { print t + a }')
    total_seven=$(awk -v t="$total_seven" -v b="$seven" 'BEGIN { print t + b }')
done
awk -v a="$total_three" -v b="$total_seven" 'BEGIN { exit !(b <= 0.75 * a) }' ||
    fail "drawings: 7 colours (mean errors $total_seven in all) not a quarter closer than 3 ($total_three)"
converts "drawing, --dither" "$dir/drawing.png" --fit --max-width 17 --colors 7 --dither
grep -q '7 colours (dithered, mean error' "$dir/summary" || fail "--dither: summary: $(cat "$dir/summary")"

progress "the same bytes whatever the threads"
for threads in 1 2; do
    "$convert" -q --threads "$threads" --fit --max-width 17 --colors 7 --dither --preview "$dir/p$threads.png" \
        "$dir/drawing.png" >"$dir/t$threads.txt" || fail "--threads $threads: exit $?"
done
cmp -s "$dir/t1.txt" "$dir/t2.txt" || fail "scripts differ between 1 and 2 threads"
cmp -s "$dir/p1.png" "$dir/p2.png" || fail "previews differ between 1 and 2 threads"

# Where the picture still can't be printed (a real gap between two parts), the message
# names the row, and no option helps it: --colors changes no transparent pixel.
art gap <<'EOF'
R=e6194b G=3cb44b
RRGG
....
GGRR
EOF
"$convert" -q --colors 7 -o "$dir/gap-script.txt" "$dir/gap.png" 2>"$dir/err"
check_error "a gap" 2 $? "$dir/err"
grep -q 'row 1 of the prepared picture is fully transparent' "$dir/err" ||
    fail "a gap: the row is not named: $(cat "$dir/err")"

[ "$failures" -eq 0 ]
