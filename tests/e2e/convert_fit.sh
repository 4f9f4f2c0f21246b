#!/bin/sh
# tetris-convert takes any picture: --fit, --max-width, --colors, --dither, --background and
# --preview end to end. Pixel art enlarged 2, 3, 4 and 8 times comes back exactly (the same
# script as the art itself); a generated photo and a noisy JPEG logo convert with
# --fit --colors 3 and their prints show their previews; the summary line; the hints that
# name the option which would help; bad options; the same output whatever the threads.
set -u
. tests/e2e/lib/convert.sh

# --help names the new options.
"$convert" --help >"$dir/help" || fail "--help exit $?"
for option in --fit --max-width --colors --dither --background --preview; do
    grep -q -- "$option" "$dir/help" || fail "--help lacks $option"
done

# Bad options: exit 2 and one line.
heart=sprites/heart.png
usage_error "--colors 0" --colors 0 "$heart"
usage_error "--colors 8 (7 can be printed)" --colors 8 "$heart"
usage_error "--colors without a number" --colors many "$heart"
usage_error "--colors without its value" "$heart" --colors
usage_error "--max-width 0" --fit --max-width 0 "$heart"
usage_error "--max-width 68" --fit --max-width 68 "$heart"
usage_error "--max-width wider than the playfield prints" --fit --max-width 18 --width 21 "$heart"
usage_error "--max-width without --fit" --max-width 10 "$heart"
usage_error "--dither without --fit or --colors" --dither "$heart"
usage_error "--background nonsense" --background transparent "$heart"
usage_error "--background a short colour" --background fff "$heart"
usage_error "--preview not a PNG name" --fit --preview "$dir/x.jpg" "$heart"
usage_error "--preview without its value" "$heart" --preview

# Without the new options nothing changes, and the refusals name the option that helps.
printf 'R=c83c3c G=3cb44b B=4363d8 Y=ffe119 C=42d4f4 M=f032e6 K=000000 W=ffffff\nRGBYCMKW\nRRRRRRRR\n' \
    >"$dir/eight.txt"
"$sprite_tool" art "$dir/eight.txt" "$dir/eight.png" || fail "sprite_tool art eight"
"$convert" -q "$dir/eight.png" >/dev/null 2>"$dir/err"
check_error "8 colours" 2 $? "$dir/err"
grep -q -- "(try tetris-convert --fit $dir/eight.png)\$" "$dir/err" ||
    fail "8 colours: no --fit hint: $(cat "$dir/err")"
"$picture_tool" scale sprites/lighthouse.png 2 "$dir/lighthouse-2.png" || fail "picture_tool scale"
"$convert" -q --width 21 "$dir/lighthouse-2.png" >/dev/null 2>"$dir/err"
check_error "34x64 on the 21-wide field" 2 $? "$dir/err"
grep -q -- "(try tetris-convert --width 39 $dir/lighthouse-2.png, or tetris-convert --fit $dir/lighthouse-2.png)\$" "$dir/err" ||
    fail "34x64: no --width and --fit hint: $(cat "$dir/err")"
"$convert" -q --colors 3 "$dir/eight.png" >"$dir/eight.script" 2>"$dir/err" ||
    fail "--colors 3 on 8 colours: exit $? ($(cat "$dir/err"))"

progress "pixel art enlarged 2, 3, 4 and 8 times"
# Pixel art enlarged 2, 3, 4 and 8 times: reduced exactly, the same script as the art's (and
# so the same print), with the summary saying so. Here and for the random sprites below,
# centred (--center): where the sprite goes is not what is tested, and at up to 5 columns
# these conversions would take minutes under the sanitizers.
for name in heart key kite lighthouse forest; do
    "$convert" -q --center "sprites/$name.png" >"$dir/$name.txt" || fail "$name: exit $?"
    for k in 2 3 4 8; do
        big="$dir/$name-$k.png"
        "$picture_tool" scale "sprites/$name.png" "$k" "$big" || fail "picture_tool scale $name $k"
        "$convert" --center --fit "$big" >"$dir/$name-$k.txt" 2>"$dir/err" || fail "$name x$k: exit $?"
        cmp -s "$dir/$name.txt" "$dir/$name-$k.txt" || fail "$name x$k: not the art's script"
        grep -q "($k""x$k blocks)" "$dir/err" || fail "$name x$k: summary: $(cat "$dir/err")"
    done
    round_trip "$name x8" "$dir/$name-8.txt" "sprites/$name.png"
done

progress "random sprites enlarged 3 times"
# Random valid sprites, enlarged: the same.
"$sprite_tool" random --seed 11 --count 12 --out "$dir/random" || fail "sprite_tool random"
for sprite in "$dir"/random/*.png; do
    [ "$("$picture_tool" blocks "$sprite")" = 1 ] || continue # already blocks: ambiguous
    # (through --fit too: its pixels at least half opaque are opaque, junk alpha included)
    "$convert" -q --threads 1 --center --fit "$sprite" >"$dir/art.txt" || fail "$sprite: exit $?"
    "$picture_tool" scale "$sprite" 3 "$dir/big.png"
    "$convert" --threads 1 --center --fit "$dir/big.png" >"$dir/big.txt" 2>"$dir/err" ||
        fail "$sprite x3: exit $?"
    # Reduced by 3, back to the art (whose own box is the 21-wide field's), exactly.
    grep -q '(3x3 blocks)' "$dir/err" || fail "$sprite x3: $(cat "$dir/err")"
    cmp -s "$dir/art.txt" "$dir/big.txt" || fail "$sprite x3: not the art's script"
done

progress "a photo and a logo"
# The summary line, the preview, and the print showing the preview: a photo and a logo.
"$picture_tool" photo --seed 3 --width 640 --height 480 "$dir/photo.jpg" || fail "picture_tool photo"
"$picture_tool" logo --seed 3 --width 320 --height 200 "$dir/logo.jpg" || fail "picture_tool logo"
for picture in photo logo; do
    "$convert" --fit --max-width 17 --colors 3 --preview "$dir/$picture-preview.png" -o "$dir/$picture.txt" \
        "$dir/$picture.jpg" 2>"$dir/err" || fail "$picture: exit $? ($(cat "$dir/err"))"
    [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "$picture: not one line on stderr: $(cat "$dir/err")"
    grep -Eq "^$dir/$picture.jpg: [0-9]+x[0-9]+ -> [0-9]+x[0-9]+ \\(area\\), [1-3] colours? \\(mean error [0-9.]+\\), " \
        "$dir/err" || fail "$picture: summary: $(cat "$dir/err")"
    "$picture_tool" reduce "$dir/$picture-preview.png" 16 "$dir/$picture-sprite.png" ||
        fail "$picture: the preview is not 16x16 squares"
    round_trip "$picture" "$dir/$picture.txt" "$dir/$picture-sprite.png"
done
"$convert" --fit --max-width 17 --colors 3 "$dir/photo.jpg" 2>"$dir/err" >/dev/null
grep -q "^$dir/photo.jpg: 640x480 -> 17x13 (area), 3 colours (mean error [0-9.]*), no background found\$" \
    "$dir/err" || fail "photo: summary: $(cat "$dir/err")"

# The JPEG logo: with --colors 2, its two colours once its white background is removed
# (automatically, or named: its noise is not a colour of its own), three with the background
# kept and --colors 3 (with the background removed, --colors 3 may give the third to the
# blend the area filter makes where the bar meets the disc).
# The colours of a script: its colour line's entries but "-" (a piece type that prints none).
colour_line() { awk 'NF { for (i = 1; i <= NF; i++) if ($i != "-") printf "%s ", $i; exit }' "$1"; }
"$convert" --fit --max-width 17 --colors 2 -o "$dir/logo-2.txt" "$dir/logo.jpg" 2>"$dir/err" || fail "logo --colors 2: exit $?"
[ "$(colour_line "$dir/logo-2.txt" | wc -w)" -eq 2 ] || fail "logo: not 2 colours: $(colour_line "$dir/logo-2.txt")"
grep -q 'background #f[0-9a-f]f[0-9a-f]f[0-9a-f] removed$' "$dir/err" || fail "logo: summary: $(cat "$dir/err")"
"$convert" -q --fit --max-width 17 --colors 2 --background ffffff "$dir/logo.jpg" >"$dir/named.txt" ||
    fail "--background ffffff: exit $?"
[ "$(colour_line "$dir/named.txt" | wc -w)" -eq 2 ] || fail "--background ffffff: not 2 colours"
"$convert" -q --fit --max-width 17 --colors 3 --background keep "$dir/logo.jpg" >"$dir/kept.txt" ||
    fail "--background keep: exit $?"
[ "$(colour_line "$dir/kept.txt" | wc -w)" -eq 3 ] || fail "--background keep: not 3 colours"

progress "dithering, fewer colours, --max-width, threads"
# Dithering: other pixels, the same round trip; --colors 1 and 2.
"$convert" -q --fit --max-width 17 --colors 3 --dither --preview "$dir/dither.png" "$dir/photo.jpg" \
    >"$dir/dither.txt" || fail "--dither: exit $?"
"$picture_tool" reduce "$dir/dither.png" 16 "$dir/dither-sprite.png" || fail "--dither preview"
round_trip "--dither" "$dir/dither.txt" "$dir/dither-sprite.png"
for n in 1 2; do
    "$convert" -q --fit --max-width 17 --colors "$n" "$dir/photo.jpg" >"$dir/photo-$n.txt" || fail "--colors $n: exit $?"
    [ "$(colour_line "$dir/photo-$n.txt" | wc -w)" -eq "$n" ] || fail "--colors $n: $(colour_line "$dir/photo-$n.txt")"
done

# A smaller --max-width: the box shrinks with it.
"$convert" --fit --max-width 9 --colors 3 "$dir/photo.jpg" 2>"$dir/err" >/dev/null ||
    fail "--max-width 9: exit $?"
grep -q '640x480 -> 9x7 (area)' "$dir/err" || fail "--max-width 9: $(cat "$dir/err")"

# The background never breaks a picture: removing it from the rows between the two bars
# would leave an empty row inside, so it stays there, and the summary says so.
printf 'W=ffffff K=101010\nWWWWWWW\nWWKKKWW\nWWWWWWW\nWWKKKWW\nWWWWWWW\n' >"$dir/rows.txt"
"$sprite_tool" art "$dir/rows.txt" "$dir/rows.png" || fail "sprite_tool art rows"
"$convert" --fit --preview "$dir/rows-preview.png" "$dir/rows.png" >"$dir/rows.script" \
    2>"$dir/err" || fail "background kept in a row: exit $? ($(cat "$dir/err"))"
grep -q 'background #ffffff removed (kept in 1 row)$' "$dir/err" ||
    fail "background kept in a row: summary: $(cat "$dir/err")"
printf 'W=ffffff K=101010\nKKK\nWWW\nKKK\n' >"$dir/rows-kept.txt"
"$sprite_tool" art "$dir/rows-kept.txt" "$dir/rows-kept.png" || fail "sprite_tool art rows-kept"
round_trip "background kept in a row" "$dir/rows.script" "$dir/rows-kept.png"
"$convert" -q --fit --background keep "$dir/rows.png" >"$dir/rows.script" ||
    fail "--background keep: exit $?"
round_trip "--background keep" "$dir/rows.script" "$dir/rows.png"
# A gap of the picture's own is still refused, naming its row.
printf 'K=101010\nKKK\n...\nKKK\n' >"$dir/gap.txt"
"$sprite_tool" art "$dir/gap.txt" "$dir/gap.png" || fail "sprite_tool art gap"
"$convert" -q --fit "$dir/gap.png" >/dev/null 2>"$dir/err"
check_error "a gap of the picture's own" 2 $? "$dir/err"
grep -q 'row 1 of the prepared picture is fully transparent between opaque rows' "$dir/err" ||
    fail "a gap of the picture's own: $(cat "$dir/err")"

# The same bytes whatever the threads, scripts and previews; --quiet silences the summary.
for threads in 1 2; do
    "$convert" -q --threads "$threads" --fit --max-width 17 --colors 3 --dither \
        --preview "$dir/p$threads.png" \
        "$dir/photo.jpg" >"$dir/t$threads.txt" 2>"$dir/err" || fail "--threads $threads: exit $?"
    [ -s "$dir/err" ] && fail "--quiet printed: $(cat "$dir/err")"
done
cmp -s "$dir/t1.txt" "$dir/t2.txt" || fail "scripts differ between 1 and 2 threads"
cmp -s "$dir/p1.png" "$dir/p2.png" || fail "previews differ between 1 and 2 threads"

# A preview that can't be written: exit 1, one line, no script.
"$convert" -q --fit --preview "$dir/no-such-directory/p.png" -o "$dir/none.txt" "$heart" \
    2>"$dir/err"
check_error "unwritable preview" 1 $? "$dir/err"
[ -e "$dir/none.txt" ] && fail "unwritable preview: the script was written"

[ "$failures" -eq 0 ]
