#!/bin/sh
# Benchmarks tetris-convert at every width (part of make bench): quality and time should not
# depend on the width.
#   1. Dense random sprites: BENCH_WIDTH_SPRITES (default 3) of each size, 17x32, 32x32,
#      48x48 and 64x64, 3 colours with 55 % of the pixels opaque (sprite_tool random --seed
#      17 --size WxH --colors 3-3 --density 55), each on its --width auto field (21, 37, 53,
#      69 wide). Per size: the pieces, their ratio to the parity bound (--stats: each row in
#      one pass of the fewest rows parity allows) and to the joined bound (--stats "joined:":
#      bands of up to 3 rows where the rows can share one), the share of the passes taken
#      from the pattern library (one pixel each on a wide field), the conversion's time (--stats
#      "time:", the sprites together) and the time per thousand pixels. Then the exponent of
#      time against pixels: the slope of the least-squares line of log(time) on
#      log(pixels) over the four sizes (1: linear in the picture).
#   2. Drawings: the sample sprites (sprites/*.png), by the field --width auto chooses for
#      them, and an emoji drawn by picture_tool emoji fitted 17, 32, 48 and 60 wide
#      (--fit --max-width N --colors 3); the same figures.
#   3. The same figures of a fixed baseline, an earlier converter (which one: this file's git
#      log), and the targets: at most 3 times the bound on the dense sprites and 2 times on
#      drawings at every width, at most 2 % of passes from the library, a 64x64 sprite in at
#      most 5 s.
# Usage: tests/bench-widths.sh BIN_DIR, with TEST_TOOLS_DIR naming the directory of
# sprite_tool and picture_tool (default build/tools).
set -eu
bin_dir=${1:?usage: bench-widths.sh BIN_DIR}
convert="$bin_dir/tetris-convert"
tools=${TEST_TOOLS_DIR:-build/tools}
count=${BENCH_WIDTH_SPRITES:-3}
cd "$(dirname "$0")/.."
. tests/bench-lib.sh

# stats FILE OPTIONS...: converts with --stats and appends "pieces bound passes table seconds
# pixels field joined" to $tmp/rows (joined: the bound of --stats "joined:"); prints FAILED
# (and returns 1) when the conversion fails.
stats() {
    file=$1
    shift
    if ! "$convert" --quiet --stats "$@" -o "$tmp/script.txt" "$file" 2>"$tmp/stats"; then
        echo "  FAILED: tetris-convert $* $file: $(tail -n 1 "$tmp/stats")"
        return 1
    fi
    awk '$1 == "pieces:" { p = $2 } $1 == "bound:" { b = $2 } $1 == "time:" { t = $2 }
         $1 == "passes:" { n = $2; k = $5 } $1 == "field:" { f = $2 } $1 == "joined:" { j = $2 }
         $1 == "sprite:" { split($2, s, "x"); px = s[1] * s[2] }
         END { print p, b, n, k, t, px, f, j }' "$tmp/stats" >>"$tmp/rows"
}

# line LABEL: one table line from the rows gathered in $tmp/rows (then emptied): pieces,
# bound, ratio, ratio to the joined bound, library passes, time, time per thousand pixels.
line() {
    awk -v label="$1" '{ p += $1; b += $2; n += $3; k += $4; t += $5; px += $6; f = $7; j += $8 }
        END { printf "  %-24s %7s %9d %7d %6.2f %6.2f %5d of %-5d %5.1f %% %8.2f %8.3f\n", label,
              f, p, b, (b ? p / b : 0), (j ? p / j : 0), k, n, (n ? 100 * k / n : 0), t,
              (px ? 1000 * t / px : 0) }' \
        "$tmp/rows"
    : >"$tmp/rows"
}

header() {
    printf '  %-24s %7s %9s %7s %6s %6s %14s %7s %8s %8s\n' "$1" field pieces bound ratio \
        joined "library passes" "" "time (s)" "s/kpixel"
}

: >"$tmp/rows"
: >"$tmp/fit"
echo "tetris-convert at every width (issue 17; default seed; $cores cores)"
echo "dense random sprites (sprite_tool random --seed 17 --count $count --size WxH" \
    "--colors 3-3 --density 55), each on its --width auto field:"
header sprites
for size in 17x32 32x32 48x48 64x64; do
    "$tools/sprite_tool" random --seed 17 --count "$count" --size "$size" --colors 3-3 \
        --density 55 --out "$tmp/dense-$size"
    "$convert" --quiet -o /dev/null "$tmp/dense-$size/random-0000.png" # the width's patterns
    for sprite in "$tmp/dense-$size"/*.png; do
        stats "$sprite" || true
    done
    awk -v n="$count" '{ t += $5; px = $6 } END { if (NR) print px, t / NR }' "$tmp/rows" \
        >>"$tmp/fit"
    line "$count x $size"
done
awk '{ x = log($1); y = log($2 > 0 ? $2 : 1e-6); n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
     END { slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
           printf "  time against pixels: exponent %.2f (least squares of log time on log" \
                  " pixels, %d sizes; 1 is linear)\n", slope, n }' "$tmp/fit"

echo "drawings: the sample sprites of each field, and an emoji fitted --max-width N --colors 3:"
header drawing
"$tools/picture_tool" emoji --seed 1 --width 512 --height 512 "$tmp/emoji.png"
for sprite in sprites/*.png; do
    stats "$sprite" || true
done
mv "$tmp/rows" "$tmp/samples"
for field in 21x42 29x58 37x74 53x106 69x138; do
    awk -v f="$field" '$7 == f' "$tmp/samples" >"$tmp/rows"
    [ -s "$tmp/rows" ] && line "samples $field"
done
: >"$tmp/rows"
for width in 17 32 48 60; do
    stats "$tmp/emoji.png" --fit --max-width "$width" --colors 3 && line "emoji $width wide"
done

# The baseline: this benchmark's figures on an earlier converter, fixed.
echo "before (commit a47bfa7, the same sprites and emoji):"
echo "  dense 17x32: 5,642 pieces, 3.75 times the bound, 7.7 % library passes, 0.83 s;" \
    "32x32: 23,117, 8.83, 56.8 %, 5.44 s"
echo "  dense 48x48: 117,938 pieces, 20.75 times, 78.2 %, 30.0 s; 64x64: 321,626, 31.44, 85.8 %," \
    "88.8 s; exponent 2.29"
echo "  samples 21x42 2.03 times the bound, 29x58 1.59, 37x74 3.11 (19.2 % library)," \
    "53x106 2.31 (19.2 %), 69x138 4.83 (64.2 %, 48.7 s)"
echo "  emoji 17, 32, 48, 60 wide: 1.67, 1.95, 3.36, 4.89 times the bound; 0.14, 1.2, 6.2, 17.4 s"
echo "targets: dense sprites at most 3 times the bound and drawings 2 at every width; at most" \
    "2 % of passes from the library; a 64x64 sprite in at most 5 s; exponent near 1"
