#!/bin/sh
# make check-full: tetris-convert --fit on SOAK_COUNT (default 1,000) seeded random pictures
# (picture_tool random, seeds SOAK_SEED, SOAK_SEED + 1, ...; default 1): every format the
# converter reads (PNG and TGA with partial alpha, PSD with alpha, GIF with a transparent
# colour, BMP, JPEG, PPM, PGM), 1 pixel to 50 megapixels (JPEG and PNG read as a stream),
# flat areas, gradients, noise, thin lines, text-like letters, pixel art. Each picture is
# converted one way its seed chooses: --colors 7 or --colors 4, on --width auto fitted into
# 17 columns (--fit's own box is 33) or on a fixed width from 11 to 45 or 71 fitted into 12
# to 24 columns there (SOAK_COLORS and SOAK_WIDTH fix them). No run may crash or hang;
# every picture with something opaque and no real gap (a row with no opaque pixel
# between rows with one, which Tetris can never print: picture_tool says which) must exit
# 0, and its script must print exactly what --preview showed: in particular no run may end
# in exit 1 (a row the converter could not print). The others must be refused (exit 2, one
# line naming the reason). The counts by outcome and the refusals by reason are printed at
# the end; make check runs a slice (tests/e2e/convert_soak_slice.sh).
# Usage: BIN_DIR=bin TEST_TOOLS_DIR=build/tools sh tests/full/convert_soak.sh
set -u
. tests/e2e/lib/level.sh
seed=${SOAK_SEED:-1}
count=${SOAK_COUNT:-1000}
colors=${SOAK_COLORS:-}
width=${SOAK_WIDTH:-}
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
picture_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/picture_tool"
sprite_tool="$TEST_TOOLS_DIR/sprite_tool"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/work" "$dir/outcome"

# One picture: make it, convert it, print the script, compare with the preview. Writes
# DIR/outcome/SEED: "ok", "refused REASON", "expected-refusal REASON" or "FAIL WHAT".
cat >"$dir/one.sh" <<'SCRIPT'
seed=$1
set -- png jpg bmp gif tga ppm pgm psd
shift $((seed % 8))
work="$DIR/work/$seed"
picture="$work.$1"
outcome="$DIR/outcome/$seed"
# The way of this seed: 7 or 4 colours, --width auto (two in three) or a fixed width, the
# picture fitted into 12 to 24 columns there (a 41-wide sprite of 7 colours takes minutes to
# search, more in the sanitized build).
colors=${COLORS:-$((seed / 8 % 2 == 0 ? 7 : 4))}
set -- 11 13 15 17 19 21 23 25 27 29 31 33 37 41 45 71
shift $((seed * 13 % 16))
width=${WIDTH:-$([ $((seed / 16 % 3)) -eq 2 ] && echo "$1" || echo auto)}
# Centred (--center): at up to 5 columns each (tetris-convert's column choice, which
# convert_golden and convert_cli test) the soak would take hours under the sanitizers.
set -- --colors "$colors" --width "$width" --center
columns=$((12 + seed % 13))
[ "$width" != auto ] && [ "$width" -gt $((columns + 4)) ] && set -- "$@" --max-width "$columns"
# --fit's own box is 33 columns: on --width auto, the 17 of the 21-wide field as before.
[ "$width" = auto ] && set -- "$@" --max-width 17
how="$*"
expected=$("$PICTURE_TOOL" random --seed "$seed" "$picture") || {
    echo "FAIL picture_tool random --seed $seed $picture" >"$outcome"
    exit 0
}
$LIMIT "$CONVERT" --quiet --threads 1 --fit "$@" --preview "$work-preview.png" \
    -o "$work.txt" "$picture" 2>"$work.err"
status=$?
reason=$(head -n 1 "$work.err" | sed 's/^[^:]*: [^:]*: //')
if [ "$status" -eq 124 ] && [ -n "$LIMIT" ]; then
    echo "FAIL $picture ($how): no result within the limit ($LIMIT)" >"$outcome"
elif [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then
    echo "FAIL $picture ($how): exit $status ($expected): $reason" >"$outcome"
elif [ "$status" -eq 2 ] && [ "$(wc -l <"$work.err")" -ne 1 ]; then
    echo "FAIL $picture: refused with $(wc -l <"$work.err") lines on stderr" >"$outcome"
elif [ "$status" -eq 2 ] && [ "$expected" = printable ]; then
    echo "refused $reason" >"$outcome"
elif [ "$status" -eq 2 ]; then
    echo "expected-refusal $expected: $reason" >"$outcome"
elif ! "$PICTURE_TOOL" reduce "$work-preview.png" 16 "$work-sprite.png" 2>"$work.err"; then
    echo "FAIL $picture: the preview is not 16x16 squares: $(cat "$work.err")" >"$outcome"
elif ! "$PRINT" --scale 1 --background transparent -o "$work-printed.png" "$work.txt" \
    2>"$work.err" || ! "$SPRITE_TOOL" expect --center "$work-sprite.png" "$work-printed.png" 2>"$work.err"
then
    echo "FAIL $picture ($how): the print is not the preview: $(head -n 1 "$work.err")" \
        >"$outcome"
else
    echo ok >"$outcome"
fi
[ -n "${KEEP:-}" ] || rm -f "$work".* "$work"-*.png
done=$(ls "$DIR/outcome" | wc -l)
[ $((done % 10)) -ne 0 ] || echo "# $done pictures done"
exit 0
SCRIPT

# A picture that takes longer than SOAK_TIMEOUT seconds fails: a hang. By default 300, and
# 900 for a sanitized build (its runtime's entry point, __asan_init, named in the program),
# several times slower, so that a busy machine doesn't pass for a hang.
timeout_seconds=300
grep -qa __asan_init "$BIN_DIR/tetris-convert" 2>/dev/null && timeout_seconds=900
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout ${SOAK_TIMEOUT:-$timeout_seconds}"
start=$(date +%s)
progress "$count random pictures from seed $seed through --fit, $jobs at a time"
seq "$seed" $((seed + count - 1)) |
    DIR="$dir" LIMIT="$limit" CONVERT="$BIN_DIR/tetris-convert" PRINT="$BIN_DIR/tetris-print" \
        PICTURE_TOOL="$picture_tool" SPRITE_TOOL="$sprite_tool" COLORS="$colors" WIDTH="$width" \
        xargs -n 1 -P "$jobs" sh "$dir/one.sh"
elapsed=$(($(date +%s) - start))

# The counts: by outcome, then the refusals of printable pictures by reason (row and
# colour numbers left out, so that a reason is counted once).
cat "$dir/outcome"/* >"$dir/all"
printed=$(grep -c '^ok$' "$dir/all")
refused=$(grep -c '^refused ' "$dir/all")
expected=$(grep -c '^expected-refusal ' "$dir/all")
failed=$(grep -c '^FAIL ' "$dir/all")
unprinted=$(grep -c '^FAIL .*: exit 1 ' "$dir/all")
echo "convert_soak: $count pictures (seeds $seed to $((seed + count - 1)), --fit${colors:+ --colors $colors}${width:+ --width $width}):" \
    "$printed printed, $expected refused as expected (nothing opaque or a real gap)," \
    "$refused printable ones refused, $failed failures ($unprinted exit 1)," \
    "${elapsed}s with $jobs jobs"
if [ "$refused" -gt 0 ] || [ "$expected" -gt 0 ]; then
    echo "refusals by reason:"
    sed -n 's/^\(refused\|expected-refusal\) //p' "$dir/all" |
        sed 's/#[0-9a-f]\{6\}/#RRGGBB/g; s/[0-9][0-9]*/N/g' | sort | uniq -c | sort -rn |
        sed 's/^/  /'
fi
grep '^FAIL ' "$dir/all" | sed 's/^FAIL /FAIL: /'
for file in "$dir/outcome"/*; do
    grep -q '^refused ' "$file" && echo "refused printable: seed $(basename "$file"): $(cut -c 9- "$file")"
done | head -n 40
[ "$failed" -eq 0 ] && [ "$refused" -eq 0 ]
