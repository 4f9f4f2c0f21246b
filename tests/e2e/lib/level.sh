# Sourced by every end-to-end test (through lib/convert.sh and lib/print.sh, or directly).
# TEST_LEVEL is quick (make check: the sets that catch a regression in minutes) or full
# (make check-full: every random sprite, every width, the largest pictures).

# by_level QUICK FULL: the value for this run's level.
by_level() {
    if [ "${TEST_LEVEL:-quick}" = full ]; then echo "$2"; else echo "$1"; fi
}

# full_only: true in make check-full.
full_only() {
    [ "${TEST_LEVEL:-quick}" = full ]
}

# progress TEXT...: a line the runner shows while the test runs ("# " lines), so that a
# long test is never silent for long.
progress() {
    echo "# $*"
}
