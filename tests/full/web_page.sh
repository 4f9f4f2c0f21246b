#!/bin/sh
# make check-full: the web page (make web) in headless Chromium, opened from disk: a sample
# played from its link (#sample=NAME); a picture given to its file input, converted as the
# command line converts it (the prepared sprite, the script and the PNG, GIF and page
# downloaded byte for byte the native tools'), played to the end with the canvas equal to
# the native final frame; a file that is no picture giving the command line's one-line
# error; cancel; a wider field's patterns kept across a reload. The browser and its
# processes are ended by the test (tests/web/page-test.js, tests/web/browser.js).
# Usage: BIN_DIR=bin TEST_TOOLS_DIR=build/tools WEB_DIR=build/web sh tests/full/web_page.sh
set -u
. tests/e2e/lib/level.sh
page="${WEB_DIR:-build/web}/tetris-printer.html"
if [ ! -f "$page" ] || ! command -v node >/dev/null 2>&1; then
    echo "FAIL: no $page or no node (make check-full builds it with make web)"
    exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
progress "the page in headless Chromium"
node tests/web/page-test.js "$page" "${BIN_DIR:?}" "${TEST_TOOLS_DIR:?}" "$dir"
