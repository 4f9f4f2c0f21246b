#!/bin/sh
# tetris-convert --fit takes photos of any size, and its background step never breaks a
# picture. A JPEG and a PNG larger than the limits of reading a file whole (4,194,304
# pixels) are read as a stream and decoded scaled: each converts, its script prints what
# --preview shows, the summary names the image's size and the decoded one, and the peak
# memory stays under 64 MiB (160 MiB under AddressSanitizer); make check-full does it at
# 50 megapixels (8160 x 6120), make check at 12 (a phone's 4032 x 3024 JPEG) and 5 (PNG);
# progressive JPEGs at 16 megapixels (50 in check-full).
# Enlarged pixel art read that way comes back exactly. A near-white sprite on white keeps
# its body (the background matches exactly on a flat border); a photo whose dark
# background touches the border converts, the background kept where removing it would
# leave an empty row. A sprite no pass prints on its field goes, with --width auto, to the
# next field that holds it. Large pictures without --fit, pictures too large even to be
# read scaled, cut short, or endless are refused: exit 2, one line, fast.
set -u
. tests/e2e/lib/convert.sh

# converts WHAT PICTURE [ARGS...]: --fit --colors 3 PICTURE converts within the memory
# limit, its summary in $dir/summary, and its script prints its preview.
converts() {
    what=$1 picture=$2
    shift 2
    within_memory "$what" "$convert" --fit --max-width 17 --colors 3 "$@" --preview "$dir/preview.png" \
        -o "$dir/script.txt" "$picture" 2>"$dir/err"
    cp "$dir/err" "$dir/summary"
    [ "$status" -eq 0 ] || { fail "$what: exit $status ($(head -n 1 "$dir/err"))"; return; }
    "$picture_tool" reduce "$dir/preview.png" 16 "$dir/sprite.png" ||
        fail "$what: the preview is not 16x16 squares"
    round_trip "$what" "$dir/script.txt" "$dir/sprite.png"
}

if full_only; then
    photo_width=8160 photo_height=6120 png_width=8160 png_height=6120
else
    photo_width=4032 photo_height=3024 png_width=2600 png_height=2000
fi
progress "a ${photo_width}x$photo_height JPEG and a ${png_width}x$png_height PNG"
"$picture_tool" photo --seed 5 --width "$photo_width" --height "$photo_height" "$dir/big.jpg" ||
    fail "picture_tool photo jpg"
converts "${photo_width}x$photo_height JPEG" "$dir/big.jpg"
grep -q "^$dir/big.jpg: ${photo_width}x$photo_height -> 17x13 (decoded [0-9]*x[0-9]*, area), " \
    "$dir/summary" || fail "JPEG: summary: $(cat "$dir/summary")"
"$picture_tool" photo --seed 6 --width "$png_width" --height "$png_height" --noise 2 \
    "$dir/big.png" || fail "picture_tool photo png"
converts "${png_width}x$png_height PNG" "$dir/big.png"
grep -q "^$dir/big.png: ${png_width}x$png_height -> 17x13 (decoded [0-9]*x[0-9]*, area), " \
    "$dir/summary" || fail "PNG: summary: $(cat "$dir/summary")"
# From standard input: the same script.
cp "$dir/script.txt" "$dir/file.txt"
"$convert" -q --fit --max-width 17 --colors 3 - <"$dir/big.png" >"$dir/stdin.txt" ||
    fail "PNG from standard input: exit $?"
cmp -s "$dir/file.txt" "$dir/stdin.txt" || fail "PNG from standard input: another script"
rm -f "$dir/big.jpg" "$dir/big.png"

# A progressive JPEG keeps its coefficients packed: a 16-megapixel one converts within the
# memory limit (make check-full: 50 megapixels), to the script of the same picture saved
# baseline (the same coefficients, sent in another order).
progress "progressive JPEGs"
if full_only; then
    progressive_width=8160 progressive_height=6120
else
    progressive_width=4608 progressive_height=3456
fi
"$picture_tool" photo --seed 8 --width "$progressive_width" --height "$progressive_height" \
    --progressive "$dir/progressive.jpg" || fail "picture_tool photo --progressive"
converts "${progressive_width}x$progressive_height progressive JPEG" "$dir/progressive.jpg"
cp "$dir/script.txt" "$dir/progressive.txt"
"$picture_tool" photo --seed 8 --width "$progressive_width" --height "$progressive_height" \
    "$dir/baseline.jpg" || fail "picture_tool photo (baseline)"
converts "${progressive_width}x$progressive_height baseline JPEG" "$dir/baseline.jpg"
cmp -s "$dir/script.txt" "$dir/progressive.txt" ||
    fail "a progressive JPEG and the same picture baseline give other scripts"
rm -f "$dir/baseline.jpg"
if full_only; then
    "$picture_tool" photo --seed 8 --width 8160 --height 6120 --grey "$dir/grey.jpg" ||
        fail "picture_tool photo --grey"
    converts "8160x6120 JPEG in grey levels" "$dir/grey.jpg"
fi
rm -f "$dir/progressive.jpg" "$dir/grey.jpg"

progress "pixel art enlarged 100 times, read as a stream"
# 1,700 x 3,200 pixels: more than is read whole; the same script as the art's.
"$picture_tool" scale sprites/lighthouse.png 100 "$dir/art.png" || fail "picture_tool scale"
"$convert" -q sprites/lighthouse.png >"$dir/art.txt" || fail "lighthouse: exit $?"
"$convert" --fit "$dir/art.png" >"$dir/art-100.txt" 2>"$dir/err" || fail "art x100: exit $?"
cmp -s "$dir/art.txt" "$dir/art-100.txt" || fail "art x100: not the art's script"
grep -q '1700x3200 -> 17x32 (decoded [0-9]*x[0-9]*, [0-9]*x[0-9]* blocks)' "$dir/err" ||
    fail "art x100: summary: $(cat "$dir/err")"

progress "backgrounds"
# A near-white sprite (#e4ecec, 38 from white) on white: its body stays.
printf 'W=ffffff N=e4ecec K=000000\nWWWWWWWW\nWWNNNNWW\nWWNKKNWW\nWWNNNNWW\nWWWWWWWW\n' \
    >"$dir/pale.txt"
"$sprite_tool" art "$dir/pale.txt" "$dir/pale.png" || fail "sprite_tool art pale"
printf 'N=e4ecec K=000000\nNNNN\nNKKN\nNNNN\n' >"$dir/pale-body.txt"
"$sprite_tool" art "$dir/pale-body.txt" "$dir/pale-body.png" || fail "sprite_tool art pale-body"
"$convert" --fit "$dir/pale.png" >"$dir/pale.script" 2>"$dir/err" ||
    fail "near-white sprite: exit $? ($(cat "$dir/err"))"
grep -q '8x5 -> 4x3 (not scaled), 2 colours, background #ffffff removed$' "$dir/err" ||
    fail "near-white sprite: summary: $(cat "$dir/err")"
round_trip "near-white sprite" "$dir/pale.script" "$dir/pale-body.png"
# A photo whose dark background touches the border, two objects apart on it.
"$picture_tool" dark --seed 1 --width 640 --height 480 "$dir/dark.jpg" || fail "picture_tool dark"
converts "dark photo" "$dir/dark.jpg"
grep -q 'background #[0-9a-f]* removed (kept in [0-9]* rows*)$' "$dir/summary" ||
    fail "dark photo: summary: $(cat "$dir/summary")"

progress "a sprite no pass prints on 21 x 42"
# A wedge of 7 colours (a picture the soak prepared from seed 960) whose row 11 has no pass
# on the 21 x 42 field today: exit 1 before; with --width auto (the default) it goes to
# the next field that holds it, says so, and prints exactly.
printf '%s\n' 'A=a13580 B=83367a C=693775 D=503870 E=343a6a F=7c35a1 G=2f8b89' \
    AAAAAABBBBCCCCDDD AAAAABBBBCCCCDDDD AAAABBBBCCCCDDDDD AAABBBBCCCCDDDDDE \
    AABBBBCCCCDDDDDEE ABBBBCCCCDDDDDEEE BBBBBCCCCDDDEEEEE BBBFFFFFFCGGGGGGG \
    BBBFFFFFFGGGGGGGG BCCCCCCGGGGGGGGGG CCCCDDDGGGGGGGGGG CCCDDDDEEEGGGGGGG >"$dir/wedge.txt"
"$sprite_tool" art "$dir/wedge.txt" "$dir/wedge.png" || fail "sprite_tool art wedge"
"$convert" --threads 1 -o "$dir/wedge.script" "$dir/wedge.png" 2>"$dir/err" ||
    fail "wedge: exit $? ($(cat "$dir/err"))"
round_trip "wedge" "$dir/wedge.script" "$dir/wedge.png"
if [ -s "$dir/err" ]; then
    grep -q '^[^:]*: row [0-9]* of the sprite (from the top) can.t be printed: .* on the 21x42 playfield; trying the 2[35]x[0-9]* field (--width auto)$' \
        "$dir/err" || fail "wedge: $(cat "$dir/err")"
fi
# --quiet: not a word.
"$convert" -q --threads 1 -o "$dir/wedge.script" "$dir/wedge.png" 2>"$dir/err" ||
    fail "wedge --quiet: exit $?"
[ -s "$dir/err" ] && fail "wedge --quiet: $(cat "$dir/err")"

progress "refusals"
# refused WHAT NAMED ARGS...: exit 2 with one line naming NAMED (standard input from
# $dir/in), within 10 seconds.
refused() {
    what=$1 named=$2
    shift 2
    timeout 10 "$convert" "$@" -o "$dir/out.txt" <"$dir/in" >/dev/null 2>"$dir/err"
    check_error "$what" 2 $? "$dir/err"
    grep -q -- "$named" "$dir/err" || fail "$what: the message does not say '$named': $(cat "$dir/err")"
    [ -e "$dir/out.txt" ] && fail "$what: wrote a script"
}
: >"$dir/in"
"$picture_tool" photo --seed 7 --width 3000 --height 2000 "$dir/six.jpg" || fail "picture_tool"
refused "a 6-megapixel JPEG without --fit" "3000x2000 pixels: too large.*--fit reads larger" \
    "$dir/six.jpg"
head -c 100000 "$dir/six.jpg" >"$dir/cut.jpg"
refused "a large JPEG cut short" "truncated JPEG" --fit "$dir/cut.jpg"
# A PNG header of 60000 x 60000 pixels (3.6 gigapixels) in 45 bytes.
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\352\140\000\000\352\140\010\006\000\000\000\200\322\165\102' \
    >"$dir/huge.png"
refused "a 60000x60000 PNG header" "60000x60000 pixels: too large (at most 65535 pixels on a side and 134217728 in all" \
    --fit "$dir/huge.png"
# 16384 x 8192 (within what is read scaled) in 45 bytes: cut short at once.
printf '\211PNG\r\n\032\n\000\000\000\015IHDR\000\000\100\000\000\000\040\000\010\006\000\000\000\042\176\134\141' \
    >"$dir/empty.png"
refused "a 16384x8192 PNG without pixels" "truncated PNG" --fit "$dir/empty.png"
# A large PNG's header, then zeros without end on standard input: a bad chunk, at once.
head -c 33 "$dir/art.png" >"$dir/in"
refused "a PNG header then endless zeros" "standard input: cannot decode image" --fit -
(head -c 33 "$dir/art.png"; cat /dev/zero) | timeout 10 "$convert" --fit - >/dev/null 2>"$dir/err"
check_error "a PNG header then endless zeros on a pipe" 2 $? "$dir/err"
: >"$dir/in"
# Bombs and endless input are still refused with --fit.
"$picture_tool" bomb --megabytes 400 "$dir/bomb.png" || fail "picture_tool bomb"
refused "a PNG bomb with --fit" "inflates past" --fit "$dir/bomb.png"
refused "/dev/zero with --fit" "/dev/zero: more than 16 MiB" --fit /dev/zero
yes | head -c $((40 << 20)) >"$dir/in"
refused "40 MiB of text on standard input with --fit" "standard input: more than 16 MiB" --fit -

[ "$failures" -eq 0 ]
