# Shared by the tetris-print end-to-end tests (sourced, not run: tests/run-tests.sh only
# runs tests/e2e/*.sh). Sets print, the article's example script and a temporary dir
# (removed on exit); fail() counts a failure.
. tests/e2e/lib/level.sh
print="$BIN_DIR/tetris-print"
script=tests/data/article-example.txt
. tests/e2e/lib/checks.sh

# long_article FILE STRUCTURES: the article's example after STRUCTURES structures of 21
# vertical I pieces that clear their 4 rows: 141 + 21 * STRUCTURES pieces that print the
# article's picture.
long_article() {
    {
        head -n 1 "$script"
        echo
        awk -v n="$2" 'BEGIN { for (i = 0; i < n; i++) {
            for (r = 0; r < 4; r++) print "ABCDEFGHIJKLMNOPQRSTU"; print "" } }'
        tail -n +3 "$script"
    } >"$1"
}
