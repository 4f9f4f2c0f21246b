#!/bin/sh
# tetris-print -o page.html in a real headless browser: the page is one self-contained file
# (no network, no other file); run to the end (#selftest), its canvas equals the PNG of the
# same options pixel for pixel (tests/tools/canvas_compare), and every piece's trip as the
# page animates it ends where the piece locked.
set -u
. tests/e2e/lib/print.sh
compare="${TEST_TOOLS_DIR:-build/tools}/canvas_compare"
browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
    echo "FAIL: no chromium-headless-shell or chromium (make deps installs it)"
    exit 1
fi

# Chromium without network: these flags keep it from waiting on connections; a fresh
# profile each time; `timeout` bounds a hung browser.
dump_dom() { # PAGE OUT
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --user-data-dir="$dir/profile.$$" \
        --dump-dom "file://$1#selftest" >"$2" 2>"$dir/browser.log"
    rm -rf "$dir/profile.$$"
}

# check NAME INPUT OPTIONS...: the page's final canvas equals the PNG.
check() {
    name=$1 input=$2
    shift 2
    "$print" "$input" "$@" -o "$dir/$name.html" || { fail "$name: html exit $?"; return; }
    "$print" "$input" "$@" -o "$dir/$name.png" || { fail "$name: png exit $?"; return; }
    grep -qE '(src|href)=|@import|[^a-zA-Z]url\(|https?:' "$dir/$name.html" &&
        fail "$name: the page refers to another file"
    dump_dom "$dir/$name.html" "$dir/$name.dom" || { fail "$name: browser exit $?"; return; }
    "$compare" "$dir/$name.dom" "$dir/$name.png" >"$dir/diff" 2>&1 ||
        fail "$name: canvas and PNG differ: $(cat "$dir/diff")"
    # the page's own replay of each piece's trip ends where the piece locked, in as many
    # steps as --motion shows (its frames less the one after each lock)
    pieces=$("$print" "$input" --stats 2>&1 | sed -n 's/^pieces: \([0-9]*\).*/\1/p')
    frames=$("$print" "$input" --motion --stats --scale 1 -o "$dir/motion.gif" 2>&1 |
        sed -n 's/^frames: //p')
    expected="trips: $pieces/$pieces end where their pieces lock, $((frames - pieces)) steps"
    grep -q "$expected" "$dir/$name.dom" ||
        fail "$name: $(grep -o 'trips: [^<]*steps' "$dir/$name.dom"), expected $expected"
}

check article "$script"
check article-small "$script" --scale 5 --background transparent --no-well
check article-one "$script" --scale 1 --helpers 808080
check article-crop "$script" --scale 7 --crop

# The counters and the controls are there.
for id in play back forward scrub speed piece lines picture; do
    grep -q "id=\"$id\"" "$dir/article.html" || fail "the page lacks #$id"
done

[ "$failures" -eq 0 ]
