#!/bin/sh
# tetris-search end to end: help and version, bad usage and unreadable directories (exit 2),
# regeneration byte-identical to the committed files with 1 thread and with 2, atomic
# writes, and --check accepting the committed library and rejecting a corrupted one.
set -eu
search="$BIN_DIR/tetris-search"
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT

fail() {
    echo "FAIL: $*"
    exit 1
}

expect_exit() { # expected-code description command...
    code=$1
    what=$2
    shift 2
    set +e
    "$@" >"$work/out" 2>"$work/err"
    got=$?
    set -e
    [ "$got" -eq "$code" ] || fail "$what: exit $got, expected $code ($(cat "$work/err"))"
}

expect_exit 0 "--help" "$search" --help
grep -q -- "--squares N" "$work/out" || fail "--help lacks --squares"
expect_exit 0 "--version" "$search" --version
grep -q "tetris-search (tetris-printer)" "$work/out" || fail "--version text"
expect_exit 0 "-V" "$search" -V
grep -q "tetris-search (tetris-printer)" "$work/out" || fail "-V text"
# The conventions of the three tools: prefixes of long options, clustered short options.
expect_exit 0 "--out, a prefix of --output" "$search" -qn 7 --out "$work/prefix"
cmp -s "$work/prefix/emitters7.txt" patterns/emitters7.txt || fail "-qn 7 --out DIR"

expect_exit 2 "unknown option" "$search" --bogus
grep -q "unknown option '--bogus'" "$work/err" || fail "message for an unknown option"
expect_exit 2 "--squares 8" "$search" --squares 8 -o "$work"
grep -q "not a number from 1 to 7" "$work/err" || fail "message for --squares 8"
expect_exit 2 "--threads 0" "$search" --threads 0
expect_exit 2 "--seed -1" "$search" --seed -1
expect_exit 2 "missing value" "$search" --out
expect_exit 2 "extra argument" "$search" stray
# -o creates a missing directory (and its parents); something else in the way is an error.
expect_exit 0 "missing output dir" "$search" -q --squares 7 -o "$work/new/nested"
cmp -s "$work/new/nested/emitters7.txt" patterns/emitters7.txt || fail "-o into a new directory"
touch "$work/file"
expect_exit 2 "output dir under a file" "$search" --squares 7 -o "$work/file/sub"
grep -q "Not a directory" "$work/err" || fail "message for -o under a file: $(cat "$work/err")"
expect_exit 2 "unreadable check dir" "$search" --check "$work/none"
grep -q "not a readable directory" "$work/err" || fail "message for an unreadable directory"
if [ "$(id -u)" -ne 0 ]; then # root can write anywhere
    mkdir "$work/readonly" && chmod a-w "$work/readonly"
    expect_exit 2 "read-only output dir" "$search" --squares 1 -o "$work/readonly"
fi

# Determinism: the default seed regenerates the whole committed library byte for byte,
# with 1 thread, 2, or more threads than cores.
for threads in 1 2 5; do
    mkdir "$work/t$threads"
    expect_exit 0 "regenerate with $threads threads" \
        "$search" -q --threads "$threads" -o "$work/t$threads"
    for file in emitters1 emitters2 emitters3 emitters4 emitters5 emitters6 emitters7 platforms; do
        cmp -s "$work/t$threads/$file.txt" "patterns/$file.txt" ||
            fail "$file.txt with $threads threads differs from the committed file"
    done
done
# Another seed gives other (still valid) patterns.
mkdir "$work/seed"
expect_exit 0 "another seed" "$search" -q --seed 7 --squares 1 -o "$work/seed"
cmp -s "$work/seed/emitters1.txt" patterns/emitters1.txt && fail "--seed has no effect"
expect_exit 0 "check another seed's file" "$search" -q --check "$work/seed" --squares 1

# The table names the proof of the two-row single-square layouts that need 7 rows.
expect_exit 0 "table" "$search" --squares 1 -o "$work/t1"
grep -q "15 in 3 rows (15), 4 in 7 rows (36)" "$work/out" || fail "table: $(cat "$work/out")"
grep -q "4 in 3 rows" "$work/out" || fail "table lacks the proofs"

# --check: the committed library passes; corruptions are caught (exit 1).
expect_exit 0 "check committed" "$search" --check patterns
grep -q "1892 patterns checked: all legal, complete, in order and minimal" "$work/out" ||
    fail "check summary: $(cat "$work/out")"
mkdir "$work/bad"
cp patterns/emitters1.txt "$work/bad/"
sed -i '1s/^\(..\)\(.\)/\2\1/' "$work/bad/emitters1.txt" # break the first pattern
expect_exit 1 "check corrupted" "$search" --check "$work/bad" --squares 1
grep -q "emitters1.txt: block 1" "$work/err" || fail "check names the block: $(cat "$work/err")"
# a pattern taller than needed is not minimal
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 1 { next } { print }' patterns/emitters1.txt \
    >"$work/bad/emitters1.txt"
expect_exit 1 "check missing pattern" "$search" --check "$work/bad" --squares 1
grep -q "18 patterns, expected 19" "$work/err" || fail "count message: $(cat "$work/err")"
# a file that isn't there
expect_exit 1 "check missing file" "$search" --check "$work/bad" --squares 2

# Atomic writes: a run killed at any moment leaves the library whole, all old files or all
# new ones (the files are renamed together, with signals blocked); the next run removes
# the temporary files a killed run left.
mkdir "$work/seed7"
expect_exit 0 "seed 7 reference" "$search" -q --seed 7 -o "$work/seed7"
library_is() { # DIR REFERENCE-DIR
    for file in emitters1 emitters2 emitters3 emitters4 emitters5 emitters6 emitters7 platforms; do
        cmp -s "$1/$file.txt" "$2/$file.txt" || return 1
    done
}
for delay in 0.5 2 4; do
    rm -rf "$work/killed"
    mkdir "$work/killed"
    cp patterns/*.txt "$work/killed/"
    "$search" -q --seed 7 -o "$work/killed" &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    library_is "$work/killed" patterns || library_is "$work/killed" "$work/seed7" ||
        fail "killed after ${delay}s: the library mixes old and new files"
done
touch "$work/killed/.tetris-999999999-abcdef" "$work/killed/.tetris-$$-abcdef"
expect_exit 0 "a run after a killed one" "$search" -q --squares 7 -o "$work/killed"
[ -e "$work/killed/.tetris-999999999-abcdef" ] && fail "a dead run's temporary file was kept"
[ -e "$work/killed/.tetris-$$-abcdef" ] || fail "a running process's temporary file was removed"
# An interrupted run (SIGTERM, SIGHUP; a background job of a script ignores SIGINT) also
# removes the temporary file it was writing.
for signal in TERM HUP; do
    mkdir "$work/interrupted$signal"
    "$search" -q --seed 9 --squares 3 -o "$work/interrupted$signal" &
    pid=$!
    sleep 0.5
    kill -s "$signal" "$pid"
    wait "$pid" 2>/dev/null && fail "the run ended normally before SIG$signal"
    [ -z "$(ls -A "$work/interrupted$signal")" ] ||
        fail "SIG$signal left files: $(ls -A "$work/interrupted$signal")"
done
# and successful runs leave no temporary file behind
if ls -A "$work/t1" | grep -q '^\.tetris-'; then fail "temporary file left behind"; fi
exit 0
