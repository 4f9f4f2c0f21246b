# Shared by the tetris-print end-to-end tests (sourced, not run: tests/run-tests.sh only
# runs tests/e2e/*.sh). Sets print, the article's example script and a temporary dir
# (removed on exit); fail() counts a failure.
. tests/e2e/lib/level.sh
print="$BIN_DIR/tetris-print"
script=tests/data/article-example.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
