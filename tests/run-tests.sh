#!/usr/bin/env bash
# The test runner of `make check` and `make check-full`.
#
#   run-tests.sh [--full] [--unit | --only NAME] BIN_DIR UNIT_PROGRAM...
#
# Runs every unit-test program given (Check) and every end-to-end script, tests/e2e/*.sh
# (and with --full tests/full/*.sh too), against the programs in BIN_DIR, TEST_JOBS at a
# time (default: one per processor). With --unit, the unit programs alone (make
# check-unit); with --only NAME, the one test of that name (make check TEST=NAME): a unit
# program given (test_matrix, or matrix) or a script of tests/e2e or tests/full (its name
# without .sh). With --full the e2e scripts run their full sets
# (TEST_LEVEL=full: every random sprite, every width, the largest pictures); without it,
# the sets that catch a regression in minutes (TEST_LEVEL=quick).
#
# As each test finishes it prints "PASS  12.3s  NAME" (or FAIL, followed by the test's
# output); while a script runs, the lines it prints starting with "# " are shown as they
# come (`progress` in tests/e2e/lib/level.sh), so that no stretch is silent for long. At
# the end: the five slowest tests, then one closing line, "tests: N passed, N failed" (a
# unit program counts its checks; a script counts once).
#
# Each test has a time limit with room for a loaded machine: TEST_TIMEOUT seconds per
# script (default 900, with --full 3600); the unit programs set their own (Check's).
# TEST_TIMES, when set, names a file where the durations are kept: the next run starts the
# slowest tests first.
set -u

usage='usage: run-tests.sh [--full] [--unit | --only NAME] BIN_DIR UNIT_PROGRAM...'
level=quick
only=
unit_only=false
while [ $# -gt 0 ]; do
    case $1 in
    --full) level=full ;;
    --unit) unit_only=true ;;
    --only)
        only=${2:?$usage}
        shift
        ;;
    *) break ;;
    esac
    shift
done
bin_dir=${1:?$usage}
shift
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
[ "$level" = full ] && default_timeout=3600 || default_timeout=900
timeout_seconds=${TEST_TIMEOUT:-$default_timeout}
times_file=${TEST_TIMES:-}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# named TEST NAME: true when TEST is the test called NAME (test_ and .sh optional).
named() {
    local base
    base=$(basename "$1" .sh)
    [ "${base#test_}" = "${2#test_}" ]
}

if "$unit_only"; then
    tests=("$@")
elif [ -n "$only" ]; then
    tests=()
    for t in "$@" tests/e2e/*.sh tests/full/*.sh; do
        named "$t" "$only" && tests+=("$t")
    done
    if [ ${#tests[@]} -eq 0 ]; then
        echo "run-tests.sh: no test named $only (unit programs given, tests/e2e, tests/full)" >&2
        exit 2
    fi
else
    tests=("$@" tests/e2e/*.sh)
    [ "$level" = full ] && tests+=(tests/full/*.sh)
fi

# The slowest first, by the durations of the last run; the others (new tests) after them
# in the order given, e2e scripts before unit programs as they take longer.
order_tests() {
    local t
    for t in "${tests[@]}"; do
        [ -e "$t" ] || continue
        local last=
        [ -n "$times_file" ] && [ -f "$times_file" ] &&
            last=$(awk -v name="$t" '$2 == name { print $1; exit }' "$times_file")
        case $t in
        *.sh) printf '%s\t1\t%s\n' "${last:-0}" "$t" ;;
        *) printf '%s\t0\t%s\n' "${last:-0}" "$t" ;;
        esac
    done | sort -t "$(printf '\t')" -k1,1gr -k2,2nr | cut -f 3
}

# Runs one test; writes "STATUS SECONDS PASSED FAILED" to its result file and prints its
# line (and on failure its output) in one write.
run_one() {
    local index=$1 test=$2
    local log="$work/$index.log" result="$work/$index.result"
    local start end seconds status passed failed
    start=$(date +%s.%N)
    case $test in
    *.sh)
        : >"$log"
        BIN_DIR="$bin_dir" TEST_TOOLS_DIR="${TEST_TOOLS_DIR:-}" GEN_DIR="${GEN_DIR:-}" \
            TEST_LEVEL="$level" \
            timeout "$timeout_seconds" sh "$test" >"$log" 2>&1 &
        local pid=$!
        # Show the progress lines as they come, named by their test.
        tail -n +1 -s 0.5 -f --pid="$pid" "$log" 2>/dev/null |
            sed -un "s|^# |    $(basename "$test" .sh): |p" &
        local relay=$!
        wait "$pid"
        status=$?
        wait "$relay" 2>/dev/null
        [ "$status" -eq 124 ] && echo "FAIL: no result within $timeout_seconds s" >>"$log"
        if [ "$status" -eq 0 ]; then passed=1 failed=0; else passed=0 failed=1; fi
        ;;
    *)
        "$test" >"$log" 2>&1
        status=$?
        # Check prints "100%: Checks: N, Failures: F, Errors: E" per program.
        local summary
        summary=$(grep -E '^[0-9]+%: Checks: ' "$log" | tail -n 1)
        if [ -z "$summary" ]; then
            echo "FAIL: $test printed no Check summary (exit $status)" >>"$log"
            passed=0 failed=1
        else
            local checks bad
            checks=$(echo "$summary" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
            bad=$(echo "$summary" | sed -E 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2/' |
                awk '{ print $1 + $2 }')
            passed=$((checks - bad)) failed=$bad
            [ "$status" -eq 0 ] || [ "$bad" -gt 0 ] || failed=$((failed + 1))
        fi
        ;;
    esac
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    echo "$status $seconds $passed $failed" >"$result"
    if [ "$failed" -eq 0 ]; then
        printf 'PASS %7ss  %s\n' "$seconds" "$test"
    else
        { printf 'FAIL %7ss  %s\n' "$seconds" "$test"; sed 's/^/    /' "$log"; } >"$work/$index.out"
        cat "$work/$index.out"
    fi
}

echo "running the $level tests, $jobs at a time"
mapfile -t ordered < <(order_tests)
running=0
index=0
for test in "${ordered[@]}"; do
    while [ "$running" -ge "$jobs" ]; do
        wait -n
        running=$((running - 1))
    done
    index=$((index + 1))
    run_one "$index" "$test" &
    running=$((running + 1))
done
wait

passed=0
failed=0
: >"$work/times"
for ((i = 1; i <= index; i++)); do
    test=${ordered[i - 1]}
    if [ ! -f "$work/$i.result" ]; then
        echo "FAIL: $test left no result"
        failed=$((failed + 1))
        continue
    fi
    read -r _ seconds p f <"$work/$i.result"
    passed=$((passed + p))
    failed=$((failed + f))
    printf '%s %s\n' "$seconds" "$test" >>"$work/times"
done
echo "slowest:"
sort -k1,1gr "$work/times" | head -n 5 | awk '{ printf "  %7ss  %s\n", $1, $2 }'
[ -n "$times_file" ] && sort -k1,1gr "$work/times" >"$times_file" 2>/dev/null
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
