#!/bin/sh
# The new user's path: tetris-convert --fit PICTURE alone prints any picture
# (its default size, 7 colours, pixel art kept whole); every refusal ends with the command
# that works for that picture, and that command does work; transparency as image tools
# treat it (--alpha-threshold, a colour behind a picture with --background COLOR, the way
# out of an empty row); CSS colour names; --colours; -o naming a picture is an error that
# names tetris-print.
set -u
. tests/e2e/lib/convert.sh

# hinted FILE: the first command a refusal's "(try tetris-convert ...)" names.
hinted() {
    sed -n 's/.*(try \(tetris-convert [^)]*\))$/\1/p' "$1" | sed 's/, or tetris-convert .*//'
}
# works WHAT ERR: runs the command ERR's hint names, with the test's programs, and
# succeeds (a script on standard output).
works() {
    command=$(hinted "$2")
    [ -n "$command" ] || { fail "$1: no command in the hint: $(cat "$2")"; return; }
    eval "$BIN_DIR/$command -q" >"$dir/hinted.txt" 2>"$dir/hinted.err" ||
        fail "$1: the hinted '$command' fails: $(cat "$dir/hinted.err")"
}

progress "--fit alone: the default size, 7 colours"
"$picture_tool" logo --seed 3 --width 320 --height 200 "$dir/logo.jpg" || fail "picture_tool logo"
"$convert" --fit "$dir/logo.jpg" -o "$dir/logo.txt" 2>"$dir/err" || fail "logo: exit $?"
grep -q "logo.jpg: 320x200 -> 33x22 (area), [1-7] colours\? " "$dir/err" ||
    fail "logo: not --fit's default size: $(cat "$dir/err")"
# more colours than 7: reduced to 7 without --colors (an emoji's shades)
"$picture_tool" emoji --seed 1 --width 64 --height 64 "$dir/emoji.png" || fail "picture_tool emoji"
"$convert" --fit --max-width 17 "$dir/emoji.png" -o "$dir/emoji.txt" \
    --preview "$dir/emoji-preview.png" 2>"$dir/err" || fail "emoji: exit $? ($(cat "$dir/err"))"
grep -q "emoji.png: 64x64 -> 17x17 (area), 7 colours (mean error " "$dir/err" ||
    fail "emoji: not 7 colours: $(cat "$dir/err")"
"$picture_tool" reduce "$dir/emoji-preview.png" 16 "$dir/emoji-sprite.png" || fail "emoji preview"
round_trip "emoji" "$dir/emoji.txt" "$dir/emoji-sprite.png"
# --dither needs no --colors under --fit
"$convert" -q --fit --max-width 9 --dither "$dir/logo.jpg" >/dev/null || fail "--fit --dither: exit $?"

progress "pixel art keeps its pixels"
# art too large for the 21-wide field at any whole factor: reduced exactly, into --fit's box
"$sprite_tool" random --seed 5 --count 1 --width 31 --size 24x20 --colors 2-3 --out "$dir/art" ||
    fail "sprite_tool random"
art=$(ls "$dir"/art/*.png | head -n 1)
"$picture_tool" scale "$art" 4 "$dir/art-4.png" || fail "picture_tool scale"
"$convert" -q --threads 1 "$art" >"$dir/art.txt" || fail "art: exit $?"
"$convert" --threads 1 --fit "$dir/art-4.png" >"$dir/art-4.txt" 2>"$dir/err" || fail "art x4: exit $?"
grep -q "(4x4 blocks)" "$dir/err" || fail "art x4: $(cat "$dir/err")"
cmp -s "$dir/art.txt" "$dir/art-4.txt" || fail "art x4: not the art's own script"

progress "refusals name the command that works"
# too large, too many colours (a sprite that fits the widest field), an empty row: each
# hint is a command naming the picture, and it prints the picture
"$picture_tool" photo --seed 2 --width 200 --height 150 "$dir/my photo.jpg" || fail "picture_tool photo"
"$convert" "$dir/my photo.jpg" >/dev/null 2>"$dir/err"
check_error "a photo without --fit" 2 $? "$dir/err"
grep -qF "(try tetris-convert --fit '$dir/my photo.jpg')" "$dir/err" ||
    fail "a photo: the hint is not the command: $(cat "$dir/err")"
"$convert" -q --fit --max-width 9 "$dir/my photo.jpg" >/dev/null || fail "the photo with --fit"
art eight <<'EOF'
R=c83c3c G=3cb44b B=4363d8 Y=ffe119 C=42d4f4 M=f032e6 K=000000 W=ffffff
RGBYCMKW
RRRRRRRR
EOF
"$convert" "$dir/eight.png" >/dev/null 2>"$dir/err"
check_error "many colours" 2 $? "$dir/err"
grep -q "can be printed (try tetris-convert --fit $dir/eight.png)$" "$dir/err" ||
    fail "many colours: $(cat "$dir/err")"
works "many colours" "$dir/err"
# a gap in a transparent picture: refused, even with --fit; a colour behind it prints it
art gap <<'EOF'
K=101010 R=c03030
KKKKK
.....
RRRRR
EOF
for options in "" "--fit"; do
    "$convert" $options "$dir/gap.png" >/dev/null 2>"$dir/err"
    check_error "a gap ($options)" 2 $? "$dir/err"
    grep -q "fully transparent between opaque rows.*(try tetris-convert --fit --background white $dir/gap.png)$" \
        "$dir/err" || fail "a gap ($options): $(cat "$dir/err")"
done
works "a gap" "$dir/err"
"$convert" --fit --background white --preview "$dir/gap-preview.png" "$dir/gap.png" \
    >"$dir/gap.script" 2>"$dir/err" || fail "--background white: exit $?"
grep -q 'background #ffffff removed (kept in 1 row)$' "$dir/err" || fail "gap: $(cat "$dir/err")"
art gap-kept <<'EOF'
K=101010 R=c03030 W=ffffff
KKKKK
WWWWW
RRRRR
EOF
round_trip "a gap, white behind it" "$dir/gap.script" "$dir/gap-kept.png"
# the same refusal from standard input names "-"
"$convert" - <"$dir/gap.png" >/dev/null 2>"$dir/err"
grep -q "(try tetris-convert --fit --background white -)$" "$dir/err" || fail "stdin: $(cat "$dir/err")"

progress "transparency: --alpha-threshold"
# pixels 80 % opaque: nothing opaque as it is (the hint says --fit), printed under --fit,
# not with a threshold above them
art half <<'EOF'
H=2050c0cc
HHHH
HHHH
EOF
"$convert" "$dir/half.png" >/dev/null 2>"$dir/err"
check_error "80 % opaque" 2 $? "$dir/err"
grep -q "no opaque pixel: nothing to print (try tetris-convert --fit $dir/half.png)$" "$dir/err" ||
    fail "80 % opaque: $(cat "$dir/err")"
works "80 % opaque" "$dir/err"
"$convert" -q --fit --alpha-threshold 204 "$dir/half.png" >/dev/null 2>"$dir/err" ||
    fail "--alpha-threshold 204 (80 % is 204): exit $?"
"$convert" -q --fit --alpha-threshold 205 "$dir/half.png" >/dev/null 2>"$dir/err" &&
    fail "--alpha-threshold 205: printed a picture whose pixels are 204 opaque"
usage_error "--alpha-threshold 0" --fit --alpha-threshold 0 "$dir/half.png"
usage_error "--alpha-threshold 256" --fit --alpha-threshold 256 "$dir/half.png"
# the colour over the background: 80 % blue on white
"$convert" -q --fit --background ivory --preview "$dir/half-preview.png" "$dir/half.png" \
    >"$dir/half.txt" || fail "half on ivory: exit $?"
head -n 1 "$dir/half.txt" | grep -qw '4d73ca' || fail "half on ivory: colours $(head -n 1 "$dir/half.txt")"

progress "colour names, --colours, -o naming a picture"
"$convert" -q --fit --background white "$dir/logo.jpg" >"$dir/named.txt" || fail "white: exit $?"
"$convert" -q --fit --background '#FFFFFF' "$dir/logo.jpg" >"$dir/hex.txt" || fail "#FFFFFF: exit $?"
cmp -s "$dir/named.txt" "$dir/hex.txt" || fail "--background white is not #ffffff"
usage_error "--background not a colour" --background whitish "$dir/logo.jpg"
grep -q "'whitish' is not auto, keep or a colour (RRGGBB, #RRGGBB or a CSS colour name)" \
    "$dir/err" || fail "--background whitish: $(cat "$dir/err")"
"$convert" -q --fit --max-width 9 --colours 2 "$dir/logo.jpg" >"$dir/colours.txt" ||
    fail "--colours: exit $?"
"$convert" -q --fit --max-width 9 --colors 2 "$dir/logo.jpg" >"$dir/colors.txt"
cmp -s "$dir/colours.txt" "$dir/colors.txt" || fail "--colours is not --colors"
"$convert" -q --colour-order reading sprites/heart.png >/dev/null || fail "--colour-order: exit $?"
for name in out.png out.GIF out.jpg out.html; do
    usage_error "-o $name" sprites/heart.png -o "$dir/$name"
    grep -q "tetris-convert writes a script (text), not a picture: tetris-print draws it" \
        "$dir/err" || fail "-o $name: $(cat "$dir/err")"
    [ -e "$dir/$name" ] && fail "-o $name: written"
done
"$convert" -q sprites/heart.png -o "$dir/heart.script" || fail "-o heart.script: exit $?"

[ "$failures" -eq 0 ]
