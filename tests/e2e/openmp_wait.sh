#!/bin/sh
# OpenMP's idle threads sleep instead of spinning in the commands that run parallel work
# (tetris-convert, tetris-search), unless the user chose a policy: spinning threads made a
# conversion 4-10 times slower than one thread when another process kept a core busy.
# libgomp prints the spin count it uses with OMP_DISPLAY_ENV=verbose (0: threads sleep at
# once); the last report is the one of the program that does the work.
set -u
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
spin_count() {
    grep -o "GOMP_SPINCOUNT = '[0-9]*'" | tail -n 1 | tr -dc '0-9'
}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

got=$(OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-convert" -q sprites/dot.png 2>&1 >/dev/null |
    spin_count)
[ "$got" = 0 ] || fail "tetris-convert's threads spin (GOMP_SPINCOUNT '$got')"
got=$(OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-search" -q --squares 7 -o "$dir" 2>&1 | spin_count)
[ "$got" = 0 ] || fail "tetris-search's threads spin (GOMP_SPINCOUNT '$got')"
# The user's choice stands.
got=$(OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-convert" -q \
    sprites/dot.png 2>&1 >/dev/null | spin_count)
[ -n "$got" ] && [ "$got" -gt 0 ] || fail "the user's OMP_WAIT_POLICY=active is ignored ('$got')"
# A thread count libgomp can't read: one line of ours (libgomp printed four), and the work
# done as if it were unset.
for tool in tetris-convert tetris-search; do
    OMP_NUM_THREADS=abc "$BIN_DIR/$tool" --version >/dev/null 2>"$dir/err" || fail "$tool: exit $?"
    [ "$(wc -l <"$dir/err")" -eq 1 ] &&
        grep -q "^$tool: warning: OMP_NUM_THREADS='abc' is not a number of threads; ignored$" \
            "$dir/err" || fail "$tool with OMP_NUM_THREADS=abc: $(cat "$dir/err")"
done
OMP_NUM_THREADS=abc "$BIN_DIR/tetris-convert" -q sprites/dot.png >"$dir/dot-abc.txt" 2>/dev/null &&
    [ -s "$dir/dot-abc.txt" ] || fail "tetris-convert with OMP_NUM_THREADS=abc"
OMP_NUM_THREADS=' 1, 2' "$BIN_DIR/tetris-convert" --version >/dev/null 2>"$dir/err"
[ -s "$dir/err" ] && fail "OMP_NUM_THREADS=' 1, 2' is valid: $(cat "$dir/err")"
# Standard input survives the second start.
"$BIN_DIR/tetris-convert" -q - <sprites/dot.png >"$dir/dot.txt" && [ -s "$dir/dot.txt" ] ||
    fail "tetris-convert - lost its standard input"

[ "$failures" -eq 0 ]
