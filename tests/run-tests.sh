#!/bin/sh
# Runs every unit-test program given and every tests/e2e/*.sh script against the
# programs in BIN_DIR, then prints one closing line: "tests: N passed, N failed".
# Usage: run-tests.sh BIN_DIR UNIT_PROGRAM...
set -u
bin_dir=$1
shift
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for program in "$@"; do
    # Check prints "100%: Checks: N, Failures: F, Errors: E" per program.
    "$program" >"$log" 2>&1
    status=$?
    cat "$log"
    summary=$(grep -E '^[0-9]+%: Checks: ' "$log" | tail -n 1)
    checks=$(echo "$summary" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
    bad=$(echo "$summary" | sed -E 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2/' |
        awk '{print $1 + $2}')
    if [ -z "$summary" ]; then
        echo "FAIL: $program printed no Check summary (exit $status)"
        failed=$((failed + 1))
        continue
    fi
    passed=$((passed + checks - bad))
    failed=$((failed + bad))
    [ "$status" -eq 0 ] || [ "$bad" -gt 0 ] || failed=$((failed + 1))
done

for script in tests/e2e/*.sh; do
    [ -f "$script" ] || continue
    # Each script gets a generous time limit (E2E_TIMEOUT seconds), so a hang fails.
    if BIN_DIR="$bin_dir" TEST_TOOLS_DIR="${TEST_TOOLS_DIR:-}" GEN_DIR="${GEN_DIR:-}" \
        timeout "${E2E_TIMEOUT:-1800}" sh "$script" >"$log" 2>&1; then
        echo "PASS: $script"
        passed=$((passed + 1))
    else
        echo "FAIL: $script"
        sed 's/^/    /' "$log"
        failed=$((failed + 1))
    fi
done

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
