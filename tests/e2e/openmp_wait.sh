#!/bin/sh
# OpenMP's idle threads sleep instead of spinning in the commands that run parallel work
# (tetris-convert, tetris-search), unless the user chose a policy: spinning threads made a
# conversion 4-10 times slower than one thread when another process kept a core busy.
# libgomp prints the spin count it uses with OMP_DISPLAY_ENV=verbose (0: threads sleep at
# once); the last report is the one of the program that does the work. Built by clang
# (make CC=clang), the work runs on clang's libomp, which prints how long an idle thread
# spins as KMP_BLOCKTIME (0: it sleeps at once); libgomp, which libimagequant loads,
# reports too.
set -u
. tests/e2e/lib/checks.sh
# spin VARIABLE REPORT: the last value REPORT gives VARIABLE (libgomp: NAME = 'N', libomp:
# [host] NAME='N'), empty when it gives none.
spin() {
    grep -o "$1 \{0,1\}= \{0,1\}'[0-9]*'" "$2" | tail -n 1 | sed "s/.*'\([0-9]*\)'/\1/"
}
# sleeping WHO REPORT: fails WHO when REPORT shows threads that spin.
sleeping() {
    got=$(spin GOMP_SPINCOUNT "$2")
    [ "$got" = 0 ] || fail "$1's threads spin (GOMP_SPINCOUNT '$got')"
    got=$(spin KMP_BLOCKTIME "$2")
    [ -z "$got" ] || [ "$got" = 0 ] || fail "$1's threads spin (KMP_BLOCKTIME '$got')"
}

OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-convert" -q sprites/dot.png 2>"$dir/report" >/dev/null
sleeping tetris-convert "$dir/report"
OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-search" -q --squares 7 -o "$dir" >"$dir/report" 2>&1
sleeping tetris-search "$dir/report"
# The user's choice stands.
OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose "$BIN_DIR/tetris-convert" -q sprites/dot.png \
    2>"$dir/report" >/dev/null
got=$(spin GOMP_SPINCOUNT "$dir/report")
[ -n "$got" ] && [ "$got" -gt 0 ] || fail "the user's OMP_WAIT_POLICY=active is ignored ('$got')"
got=$(spin KMP_BLOCKTIME "$dir/report")
[ -z "$got" ] || [ "$got" -gt 0 ] ||
    fail "the user's OMP_WAIT_POLICY=active is ignored (KMP_BLOCKTIME '$got')"
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
