#!/bin/sh
# tetris-search end to end: help and version, bad usage and unreadable directories (exit 2),
# regeneration byte-identical to the committed files with 1 thread and with 2, atomic
# writes, and --check accepting the committed library and rejecting a corrupted one.
# make check regenerates the whole library once (2 threads) and the quick sets with 1 and 5
# threads; make check-full regenerates it whole with 1, 2 and 5 threads.
set -eu
. tests/e2e/lib/level.sh
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
grep -q "'8' is not a whole number from 1 to 7" "$work/err" || fail "message for --squares 8"
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
for threads in $(by_level 2 "1 2 5"); do
    progress "the whole library with $threads threads"
    mkdir "$work/t$threads"
    expect_exit 0 "regenerate with $threads threads" \
        "$search" -q --threads "$threads" -o "$work/t$threads"
    for file in emitters1 emitters2 emitters3 emitters4 emitters5 emitters6 emitters7 platforms \
        fallback; do
        cmp -s "$work/t$threads/$file.txt" "patterns/$file.txt" ||
            fail "$file.txt with $threads threads differs from the committed file"
    done
done
if ! full_only; then
    for threads in 1 5; do
        progress "the quick sets with $threads threads"
        mkdir "$work/q$threads"
        expect_exit 0 "regenerate sets 1, 5, 6, 7 with $threads threads" "$search" -q \
            --threads "$threads" --squares 1 --squares 5 --squares 6 --squares 7 -o "$work/q$threads"
        for file in emitters1 emitters5 emitters6 emitters7; do
            cmp -s "$work/q$threads/$file.txt" "patterns/$file.txt" ||
                fail "$file.txt with $threads threads differs from the committed file"
        done
    done
fi
# Another seed gives other (still valid) patterns.
mkdir "$work/seed"
expect_exit 0 "another seed" "$search" -q --seed 7 --squares 1 -o "$work/seed"
cmp -s "$work/seed/emitters1.txt" patterns/emitters1.txt && fail "--seed has no effect"
expect_exit 0 "check another seed's file" "$search" -q --check "$work/seed" --squares 1

# A small --attempts budget still finishes (it doubles every 1,000 tries), with valid
# patterns.
mkdir "$work/a1"
expect_exit 0 "--attempts 1" timeout 300 "$search" -q --attempts 1 --squares 1 -o "$work/a1"
expect_exit 0 "check the --attempts 1 patterns" "$search" -q --check "$work/a1" --squares 1

# The table names the proof of the two-row single-square layouts that need 7 rows.
expect_exit 0 "table" "$search" --squares 1 -o "$work/t1"
grep -q "15 in 3 rows (15), 4 in 7 rows (36)" "$work/out" || fail "table: $(cat "$work/out")"
grep -q "4 in 3 rows" "$work/out" || fail "table lacks the proofs"

progress "--check"
# --check: the committed library passes; corruptions are caught (exit 1).
expect_exit 0 "check committed" "$search" --check patterns
grep -q "1892 patterns checked: all legal, complete, in order and minimal" "$work/out" ||
    fail "check summary: $(cat "$work/out")"
grep -q "fallback.txt: 43 tiles legal, and every fallback pass of every width from 11 to 71" \
    "$work/out" || fail "check summary of the fallback tiles: $(cat "$work/out")"
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
# a FIFO or a 1.5 GB file where a pattern file is expected: refused at once, not read
mkfifo "$work/bad/emitters2.txt"
expect_exit 1 "check a FIFO" timeout 60 "$search" --check "$work/bad" --squares 2
grep -q "emitters2.txt: not a regular file (a FIFO)" "$work/err" || fail "FIFO: $(cat "$work/err")"
rm "$work/bad/emitters2.txt"
truncate -s 1500M "$work/bad/emitters2.txt"
expect_exit 1 "check a 1.5 GB file" timeout 60 "$search" --check "$work/bad" --squares 2
grep -q "emitters2.txt: larger than 256 MiB" "$work/err" || fail "1.5 GB: $(cat "$work/err")"
rm "$work/bad/emitters2.txt"
# A platform is whole, its last letter the J or L that fills its notch (the first platform's
# is 'U'): the notch left empty, or the last letter elsewhere, is caught.
sed '1,4s/U/./g' patterns/platforms.txt >"$work/bad/platforms.txt"
expect_exit 1 "check a platform without its last piece" "$search" --check "$work/bad" --platforms
grep -q "platforms.txt: block 1: the notch is empty: a platform ends with the J or L that fills it" \
    "$work/err" || fail "empty notch message: $(cat "$work/err")"
sed '1,4y/TU/UT/' patterns/platforms.txt >"$work/bad/platforms.txt"
expect_exit 1 "check a platform whose last piece is not the notch's" \
    "$search" --check "$work/bad" --platforms
grep -q "platforms.txt: block 1: the last piece 'U' is not in a top corner" "$work/err" ||
    fail "last piece message: $(cat "$work/err")"
# The fallback tiles alone: regenerated byte for byte, and a tile that breaks the matrix
# model (the first anchor's I a row higher, a gap under it) is caught, naming its block.
mkdir "$work/fallback"
expect_exit 0 "--fallback" "$search" --fallback -o "$work/fallback"
[ "$(ls "$work/fallback")" = fallback.txt ] || fail "--fallback wrote $(ls "$work/fallback")"
cmp -s "$work/fallback/fallback.txt" patterns/fallback.txt ||
    fail "fallback.txt differs from the committed file"
grep -q "passes put together and checked for every unit at every column of every width" \
    "$work/out" || fail "--fallback table: $(cat "$work/out")"
awk 'NR <= 2 { print ".CC........"; next } NR == 3 { print "BBBB......."; next }
     NR == 4 { print "..........."; next } { print }' patterns/fallback.txt >"$work/bad/fallback.txt"
expect_exit 1 "check a broken fallback tile" "$search" --check "$work/bad" --fallback
grep -q "fallback.txt: block 1: piece 'B' can't be dropped there" "$work/err" ||
    fail "broken tile message: $(cat "$work/err")"

progress "other widths"
# Other widths: --width is checked, needs --output, and a run is capped; the library of the
# 13-wide field is regenerated byte for byte with 1 thread and 2, and --check reads its
# width from the files.
expect_exit 2 "--width 20" "$search" --width 20 -o "$work"
grep -q -- "--width: '20' is not an odd number from 11 to 71" "$work/err" || fail "--width 20"
expect_exit 2 "--width 73" "$search" --width 73 -o "$work"
expect_exit 2 "--width without --output" "$search" --width 13
grep -q "give the directory to write with --output" "$work/err" || fail "--width without --output"
expect_exit 2 "--squares beyond W / 3" "$search" --width 13 --squares 5 -o "$work"
grep -q -- "--squares: '5' is not a whole number from 1 to 4 (on a field 13 wide)" "$work/err" ||
    fail "--squares 5 at width 13: $(cat "$work/err")"
expect_exit 2 "too many layouts" "$search" --width 33 -o "$work"
grep -q "the full library has 183915 layouts, more than the 100000" "$work/err" ||
    fail "the cap: $(cat "$work/err")"
for threads in 1 2; do
    mkdir "$work/w13-$threads"
    expect_exit 0 "width 13, $threads threads" "$search" -q --width 13 --threads "$threads" \
        -o "$work/w13-$threads"
done
diff -r "$work/w13-1" "$work/w13-2" >/dev/null || fail "width 13: files differ with the threads"
[ "$(ls "$work/w13-1" | tr '\n' ' ')" = "emitters1.txt emitters2.txt emitters3.txt emitters4.txt platforms.txt " ] ||
    fail "width 13 files: $(ls "$work/w13-1")"
[ "$(awk '{ print length($0) }' "$work/w13-1"/*.txt | sort -u | tr '\n' ' ')" = "0 13 " ] ||
    fail "width 13: lines of other lengths than 13"
expect_exit 0 "check width 13" "$search" --check "$work/w13-1"
grep -q "99 patterns checked" "$work/out" || fail "check width 13: $(cat "$work/out")"
expect_exit 1 "check width 13 as 15" "$search" --check "$work/w13-1" --width 15 --squares 1
grep -q "lines of 13 characters: not a library of the 15-wide field" "$work/err" ||
    fail "check width 13 as 15: $(cat "$work/err")"
# Patterns of more than 62 pieces continue over blocks: on the 37-wide field, the
# single-square emitters of 7 rows have 64 pieces.
mkdir "$work/w37"
expect_exit 0 "width 37 single squares" "$search" -q --width 37 --squares 1 -o "$work/w37"
grep -qx '+' "$work/w37/emitters1.txt" || fail "width 37: no continued block"
expect_exit 0 "check width 37" "$search" --check "$work/w37" --squares 1
grep -q "35 patterns checked" "$work/out" || fail "check width 37: $(cat "$work/out")"
awk '$0 == "+" { n++; if (n == 1) next } { print }' "$work/w37/emitters1.txt" \
    >"$work/w37/broken.txt" && mv "$work/w37/broken.txt" "$work/w37/emitters1.txt"
expect_exit 1 "check a lost continuation" "$search" --check "$work/w37" --squares 1


# Atomic writes: a run killed at any moment leaves the library whole, all old files or all
# new ones (the files are renamed together, with signals blocked); a later run removes
# the temporary files a killed run left once they are a day old.
progress "atomic writes"
# make check runs the sets 2 to 4 (a few seconds), make check-full the whole library.
atomic_sets=$(by_level "--squares 2 --squares 3 --squares 4" "")
atomic_files=$(by_level "emitters2 emitters3 emitters4" \
    "emitters1 emitters2 emitters3 emitters4 emitters5 emitters6 emitters7 platforms")
mkdir "$work/seed7"
# shellcheck disable=SC2086 # the sets are several words
expect_exit 0 "seed 7 reference" "$search" -q --seed 7 $atomic_sets -o "$work/seed7"
library_is() { # DIR REFERENCE-DIR
    for file in $atomic_files; do
        cmp -s "$1/$file.txt" "$2/$file.txt" || return 1
    done
}
for delay in $(by_level "0.5 2" "0.5 2 4"); do
    rm -rf "$work/killed"
    mkdir "$work/killed"
    cp patterns/*.txt "$work/killed/"
    # shellcheck disable=SC2086
    "$search" -q --seed 7 $atomic_sets -o "$work/killed" &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    library_is "$work/killed" patterns || library_is "$work/killed" "$work/seed7" ||
        fail "killed after ${delay}s: the library mixes old and new files"
done
touch -d '2 days ago' "$work/killed/.tetris-999999999-abcdef"
touch "$work/killed/.tetris-$$-abcdef"
expect_exit 0 "a run after a killed one" "$search" -q --squares 7 -o "$work/killed"
[ -e "$work/killed/.tetris-999999999-abcdef" ] && fail "a temporary file 2 days old was kept"
[ -e "$work/killed/.tetris-$$-abcdef" ] || fail "a fresh temporary file was removed"
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
