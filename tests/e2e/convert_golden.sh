#!/bin/sh
# The scripts tetris-convert writes, byte for byte: the sample sprites (sprites/*.png) and
# random sprites (sprite_tool random, seed GOLDEN_SEED, default 34), each converted with one
# thread (a script doesn't depend on the thread count: convert_cli.sh), against the scripts
# stored in tests/golden/NAME.txt. The other tests check that a script prints its sprite;
# this one notices any change in the scripts, fewer pieces or more. When a change is
# deliberate, `make golden-accept` stores the new scripts (GOLDEN_ACCEPT=1: the full set
# written to tests/golden/ instead of compared); review them with git diff tests/golden.
# make check converts the sample sprites of at most 16 x 16 and the first 4 random sprites
# (the larger samples take minutes under the sanitizers); make check-full all of them and 12.
set -u
. tests/e2e/lib/convert.sh

golden=tests/golden
seed=${GOLDEN_SEED:-34}
[ -n "${GOLDEN_ACCEPT:-}" ] && TEST_LEVEL=full
largest=$(by_level 16 64)
random=$(by_level 4 12)
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
mkdir "$dir/sprites" "$dir/scripts"

for sprite in sprites/*.png; do
    size=$(png_size "$sprite")
    [ "${size%x*}" -le "$largest" ] && [ "${size#*x}" -le "$largest" ] && cp "$sprite" "$dir/sprites/"
done
"$sprite_tool" random --seed "$seed" --count "$random" --out "$dir/sprites" >/dev/null ||
    fail "sprite_tool random --seed $seed --count $random"

# Each sprite to DIR/scripts/NAME.txt, or DIR/scripts/NAME.failed holding the error.
cat >"$dir/one.sh" <<'EOF'
name=$(basename "$1" .png)
"$CONVERT" --quiet --threads 1 -o "$DIR/scripts/$name.txt" "$1" 2>"$DIR/scripts/$name.err" ||
    { echo "exit $?: $(head -n 1 "$DIR/scripts/$name.err")" >"$DIR/scripts/$name.failed"; }
rm -f "$DIR/scripts/$name.err"
EOF
count=$(ls "$dir/sprites" | wc -l)
progress "converting $count sprites, $jobs at a time"
start=$(date +%s)
ls "$dir/sprites"/*.png | DIR="$dir" CONVERT="$convert" XDG_CACHE_HOME="$XDG_CACHE_HOME" \
    xargs -n 1 -P "$jobs" sh "$dir/one.sh"
elapsed=$(($(date +%s) - start))

for failed in "$dir/scripts"/*.failed; do
    [ -e "$failed" ] && fail "$(basename "$failed" .failed): tetris-convert $(cat "$failed")"
done
if [ -n "${GOLDEN_ACCEPT:-}" ]; then
    [ "$failures" -eq 0 ] || exit 1
    rm -f "$golden"/*.txt
    mkdir -p "$golden"
    cp "$dir/scripts"/*.txt "$golden/"
    echo "convert_golden: stored $count scripts in $golden/ (review: git diff $golden)"
    exit 0
fi

differ=0
for script in "$dir/scripts"/*.txt; do
    name=$(basename "$script")
    if [ ! -f "$golden/$name" ]; then
        fail "$name: no stored script in $golden/ (make golden-accept)"
    elif ! cmp -s "$golden/$name" "$script"; then
        differ=$((differ + 1))
        fail "$name differs from $golden/$name (a deliberate change: make golden-accept)"
        diff "$golden/$name" "$script" | head -n 10
    fi
done
# The full set also finds stored scripts of sprites that are gone.
if full_only; then
    for stored in "$golden"/*.txt; do
        [ -f "$dir/scripts/$(basename "$stored")" ] || fail "$stored: no such sprite any more"
    done
fi
echo "convert_golden: $count scripts (random seed $seed), $differ differ, ${elapsed}s with $jobs jobs"
[ "$failures" -eq 0 ]
