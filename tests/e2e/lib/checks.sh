# Shared by the end-to-end tests (sourced, not run): a temporary directory $dir, removed on
# exit, and fail(), which prints a failure and counts it in $failures (a test ends with
# `[ "$failures" -eq 0 ] || exit 1`).
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
