#!/bin/sh
# Benchmarks tetris-convert (part of make bench). Usage: tests/bench-convert.sh BIN_DIR, with
# TEST_TOOLS_DIR naming the directory of sprite_tool (default build/tools).
#   1. The sample sprites (sprites/*.png): for each, its size and colours, its parity bound
#      (each row in one pass of the fewest rows parity allows: a floor for any printer going
#      row by row), the pieces and wall time of the table method and of the real-time
#      search (default threads: one per core); the totals and their ratios to the bound,
#      and to the band model's bound (--stats "bands:": bands of up to 3 rows, each in one
#      pass of the fewest rows parity allows).
#   2. The random sprites of tests/e2e/convert_random.sh (sprite_tool random --seed 2026,
#      BENCH_RANDOM_SPRITES of them, default 1000): the same totals, how many sprites need
#      more pieces with the real-time search than with the table, and the slowest.
#   3. The targets against a fixed baseline, the figures of an earlier real-time converter
#      (BEFORE_*, below): real-time totals at most 0.75 times the baseline's, no sprite with
#      more pieces than the table method, every 17x32 sprite in at most 1 s.
#   4. Whether --threads 1 gives the same scripts (sample sprites).
#   5. Wider fields: the time to search and cache the patterns of a width without
#      a library (37, 53, 69: the fields of 32x32, 48x48 and 64x64 sprites), in a temporary
#      XDG_CACHE_HOME; then the sample sprites larger than 17x32, each on its --width auto
#      field: pieces and time of both methods, and whether the 64x64 ones take at most 10 s.
set -eu
bin_dir=${1:?usage: bench-convert.sh BIN_DIR}
convert="$bin_dir/tetris-convert"
sprite_tool="${TEST_TOOLS_DIR:-build/tools}/sprite_tool"
random_count=${BENCH_RANDOM_SPRITES:-1000}
cd "$(dirname "$0")/.."
. tests/bench-lib.sh

# The baseline, an earlier real-time converter (which one: this file's git log): its pieces
# on the 18 sample sprites it knew and on the 1,000 random sprites of seed 2026, and its
# slowest 17x32 sprite.
BEFORE_SAMPLE=9948
BEFORE_SAMPLE_SPRITES="arrow cactus cat-face coffee-cup dot fish forest heart house key kite
lantern lighthouse potted-plant robot rocket sailboat tall-tree"
BEFORE_RANDOM=991088
BEFORE_SLOWEST="1.182 s (random-0096)"

# run METHOD SPRITE [OPTIONS...]: converts with --stats; prints "pieces seconds bound size
# colours field bands" (bands: the band model's parity bound), or "refused" when the method
# can't print the sprite.
run() {
    method=$1
    sprite=$2
    shift 2
    if ! "$convert" --quiet --stats --method "$method" "$@" -o "$tmp/script.txt" "$sprite" \
        2>"$tmp/stats"; then
        echo refused
        return
    fi
    awk '$1 == "pieces:" { p = $2 } $1 == "time:" { t = $2 } $1 == "bound:" { b = $2 }
         $1 == "sprite:" { s = $2; c = $4 } $1 == "field:" { f = $2 } $1 == "bands:" { k = $2 }
         END { print p, t, b, s, c, f, k }' "$tmp/stats"
}

# later A B: whether the time A is larger than B.
later() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

echo "tetris-convert benchmark (default seed; $cores cores)"
echo "sample sprites of the 21x42 field (sprites/*.png):"
printf '  %-14s %7s %3s %6s %8s %9s %9s %8s %6s\n' sprite size col bound table "table (s)" \
    real-time "time (s)" ratio
table_total=0 realtime_total=0 bound_total=0 bands_total=0 both_realtime=0 before_set=0 worse=0
slowest=0 slowest_name= same=yes wide_sprites=
for sprite in sprites/*.png; do
    name=$(basename "$sprite" .png)
    set -- $(run realtime "$sprite")
    realtime=$1 realtime_secs=$2 bound=$3 size=$4 colours=$5 bands=$7
    if [ "$6" != 21x42 ]; then # part 5
        wide_sprites="$wide_sprites $sprite"
        continue
    fi
    cp "$tmp/script.txt" "$tmp/default.txt"
    run realtime "$sprite" --threads 1 >/dev/null
    cmp -s "$tmp/script.txt" "$tmp/default.txt" || same=no
    set -- $(run table "$sprite")
    table=$1 table_secs=${2:--}
    if [ "$table" = refused ]; then
        table="-" # more than 3 colours
    else
        both_realtime=$((both_realtime + realtime))
        table_total=$((table_total + table))
        [ "$realtime" -le "$table" ] || worse=$((worse + 1))
    fi
    printf '  %-14s %7s %3s %6s %8s %9s %9s %8s %6s\n' "$name" "$size" "$colours" "$bound" \
        "$table" "$table_secs" "$realtime" "$realtime_secs" "$(ratio "$realtime" "$bound")"
    realtime_total=$((realtime_total + realtime))
    bound_total=$((bound_total + bound))
    bands_total=$((bands_total + bands))
    case " $(echo $BEFORE_SAMPLE_SPRITES) " in *" $name "*) before_set=$((before_set + realtime)) ;; esac
    if [ "$size" = 17x32 ] && later "$realtime_secs" "$slowest"; then
        slowest=$realtime_secs slowest_name=$name
    fi
done
printf '  %-14s %7s %3s %6s %8s %9s %9s\n' total "" "" "$bound_total" "$table_total" "" \
    "$realtime_total"
echo "  parity bound $bound_total; real-time $realtime_total pieces, $(ratio "$realtime_total" \
    "$bound_total") times the bound, $(ratio "$realtime_total" "$bands_total") times the" \
    "band bound ($bands_total: bands of up to 3 rows)"
echo "  sprites the table method prints (3 colours at most): real-time $both_realtime," \
    "table $table_total ($(ratio "$both_realtime" "$table_total") of it); more pieces than" \
    "the table: $worse sprites"
echo "  same scripts with --threads 1: $same"

echo "random sprites (sprite_tool random --seed 2026 --count $random_count):"
"$sprite_tool" random --seed 2026 --count "$random_count" --out "$tmp/random"
random_realtime=0 random_table=0 random_bound=0 random_bands=0 random_worse=0 random_slowest=0 random_name=
for sprite in "$tmp/random"/*.png; do
    set -- $(run realtime "$sprite")
    realtime=$1 secs=$2 bound=$3 size=$4 bands=$7
    set -- $(run table "$sprite")
    table=$1
    random_realtime=$((random_realtime + realtime))
    random_table=$((random_table + table))
    random_bound=$((random_bound + bound))
    random_bands=$((random_bands + bands))
    [ "$realtime" -le "$table" ] || random_worse=$((random_worse + 1))
    if [ "$size" = 17x32 ] && later "$secs" "$random_slowest"; then
        random_slowest=$secs random_name=$(basename "$sprite" .png)
    fi
done
echo "  parity bound $random_bound; real-time $random_realtime pieces," \
    "$(ratio "$random_realtime" "$random_bound") times the bound, $(ratio "$random_realtime" \
        "$random_bands") times the band bound ($random_bands); table $random_table"
echo "  more pieces than the table: $random_worse sprites; slowest 17x32: $random_name," \
    "$random_slowest s"

echo "targets (issue 9; before: the real-time converter of c7b01cf):"
echo "  sample sprites of then: $before_set pieces, $(ratio "$before_set" "$BEFORE_SAMPLE")" \
    "times $BEFORE_SAMPLE (target 0.75)"
if [ "$random_count" -eq 1000 ]; then
    echo "  random sprites: $random_realtime pieces, $(ratio "$random_realtime" \
        "$BEFORE_RANDOM") times $BEFORE_RANDOM (target 0.75)"
fi
echo "  sprites needing more pieces than the table: $((worse + random_worse)) (target 0)"
if later "$random_slowest" "$slowest"; then
    slowest=$random_slowest slowest_name=$random_name
fi
echo "  slowest 17x32 sprite: $slowest_name, $slowest s (target 1 s; before $BEFORE_SLOWEST)"

echo "wider fields (issue 10):"
printf '  patterns searched and cached for a new width (s):'
for width in 37 53 69; do
    start=$(date +%s%N)
    # A cache of its own: the sample sprites above have filled the run's at these widths.
    XDG_CACHE_HOME="$tmp/new-width-cache" "$convert" --quiet --width "$width" -o /dev/null \
        sprites/dot.png
    printf ' %s: %s' "$width" "$(awk -v ns="$(($(date +%s%N) - start))" 'BEGIN { printf "%.2f", ns / 1e9 }')"
done
echo
printf '  %-14s %7s %7s %3s %8s %9s %9s %8s\n' sprite size field col table "table (s)" real-time \
    "time (s)"
slowest_64=0
for sprite in $wide_sprites; do
    set -- $(run realtime "$sprite")
    realtime=$1 realtime_secs=$2 size=$4 colours=$5 field=$6
    set -- $(run table "$sprite")
    printf '  %-14s %7s %7s %3s %8s %9s %9s %8s\n' "$(basename "$sprite" .png)" "$size" "$field" \
        "$colours" "$1" "${2:--}" "$realtime" "$realtime_secs"
    if [ "$size" = 64x64 ] && later "$realtime_secs" "$slowest_64"; then
        slowest_64=$realtime_secs
    fi
done
echo "  slowest 64x64 sprite: $slowest_64 s (target 10 s)"
[ "$same" = yes ]
