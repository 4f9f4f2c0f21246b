#!/bin/sh
# make check-full: a short run of each libFuzzer harness on its corpus (FUZZ_SECONDS each,
# default 60): the script reader and player (tests/fuzz/run.sh) and the picture loader with
# its fitting steps (tests/fuzz/run-sprite.sh). A crash, a sanitizer report, a leak or a
# slow input fails the test and names the input libFuzzer saved. Needs clang with
# libFuzzer (installed by make check-full: scripts/install-deps.sh --full).
set -u
. tests/e2e/lib/level.sh
seconds=${FUZZ_SECONDS:-60}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
failures=0
for harness in run.sh run-sprite.sh; do
    progress "fuzzing with tests/fuzz/$harness for ${seconds}s"
    if ! FUZZ_BUILD="$build" sh "tests/fuzz/$harness" "$seconds" >"$build/log" 2>&1; then
        echo "FAIL: tests/fuzz/$harness:"
        grep -E 'ERROR|SUMMARY|Test unit written|error' "$build/log" | head -n 20
        failures=$((failures + 1))
    else
        progress "$(grep -E '^Done [0-9]+ runs' "$build/log" | tail -n 1)"
    fi
done
[ "$failures" -eq 0 ]
