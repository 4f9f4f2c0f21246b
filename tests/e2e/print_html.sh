#!/bin/sh
# tetris-print -o page.html in a real headless browser: the page is one self-contained file
# (no network, no other file); run to the end (#selftest), its canvas equals the PNG of the
# same options pixel for pixel (tests/tools/canvas_compare), and every piece's trip as the
# page animates it ends where the page dropped the piece, in as many steps as --motion
# shows. Opened, it plays by itself at the speed that lasts the play's length, ends on
# the final picture and replays; it shows the title safely (a hostile --title), and a
# long script's page takes two bytes a piece.
set -u
. tests/e2e/lib/print.sh
compare="${TEST_TOOLS_DIR:-build/tools}/canvas_compare"
browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
    echo "FAIL: no chromium-headless-shell or chromium (make deps installs it)"
    exit 1
fi

# Chromium without network: these flags keep it from waiting on connections; a fresh
# profile each time; `timeout` bounds a hung browser. BUDGET milliseconds of virtual time
# (the page's timers run that long, faster than real time) before the DOM is printed.
dump_dom() { # PAGE OUT [HASH [BUDGET]]
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --user-data-dir="$dir/profile.$$" \
        ${4:+--virtual-time-budget=$4} --dump-dom "file://$1${3-#selftest}" >"$2" \
        2>"$dir/browser.log"
    status=$?
    rm -rf "$dir/profile.$$"
    return $status
}
# The piece counter of a dumped page.
counter() { sed -n 's/.*id="piece">\([0-9]*\)<.*/\1/p' "$1"; }

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
    # the page's own replay of each piece's trip ends where the page dropped it, in as many
    # steps as --motion shows (its frames less the one after each lock), and it clears the
    # rows tetris-print clears
    "$print" "$input" --stats 2>"$dir/stats"
    pieces=$(sed -n 's/^pieces: \([0-9]*\).*/\1/p' "$dir/stats")
    rows=$(sed -n 's/^rows cleared: \([0-9]*\).*/\1/p' "$dir/stats")
    expected="trips: $pieces/$pieces end where their pieces lock, [0-9]* steps,"
    if [ "$count_steps" = yes ]; then
        frames=$("$print" "$input" --motion --every 1 --stats --scale 1 -o "$dir/motion.gif" \
            2>&1 | sed -n 's/^frames: //p')
        expected="trips: $pieces/$pieces end where their pieces lock, $((frames - pieces)) steps,"
    fi
    expected="$expected $rows rows cleared"
    grep -q "$expected" "$dir/$name.dom" ||
        fail "$name: $(grep -o 'trips: [^<]*cleared' "$dir/$name.dom"), expected $expected"
}

count_steps=yes
check article "$script"
check article-small "$script" --scale 5 --background transparent --no-well
check article-one "$script" --scale 1 --helpers 808080
check article-crop "$script" --scale 7 --crop

# The counters and the controls are there.
for id in play back forward scrub speed loop piece total lines field title picture; do
    grep -q "id=\"$id\"" "$dir/article.html" || fail "the page lacks #$id"
done

# Opened, it plays by itself: 141 pieces at 10 a second, about 10 after one second (of
# the browser's virtual time), with nothing clicked.
dump_dom "$dir/article.html" "$dir/opened.dom" "" 1000 || fail "opened: browser exit $?"
n=$(counter "$dir/opened.dom")
[ "${n:-0}" -ge 5 ] && [ "$n" -le 15 ] || fail "opened: piece ${n:-none} after 1 s, expected about 10"
grep -q 'id="field">21 × 42<' "$dir/opened.dom" || fail "opened: the field's size is not shown"
grep -q 'id="title">article-example<' "$dir/opened.dom" || fail "opened: not titled by the script"
# --duration 3: it ends by itself after 3 s on the PNG's picture; replay starts again.
"$print" "$script" --duration 3 -o "$dir/three.html" || fail "three: exit $?"
dump_dom "$dir/three.html" "$dir/three.dom" "#selftest-play" 8000 || fail "three: browser exit $?"
took=$(sed -n 's/.*ended after \([0-9]*\) ms$/\1/p' "$dir/three.dom")
[ "${took:-0}" -ge 2900 ] && [ "$took" -le 3300 ] || fail "three: ended after ${took:-never} ms"
"$compare" "$dir/three.dom" "$dir/article.png" >"$dir/diff" 2>&1 ||
    fail "three: the canvas it ended on is not the PNG: $(cat "$dir/diff")"
n=$(sed -n 's/^replay: piece \([0-9]*\)$/\1/p' "$dir/three.dom" | head -n 1)
[ "${n:-0}" -ge 1 ] && [ "$n" -lt 141 ] || fail "three: replay at piece ${n:-none}"

# A hostile title is text, not markup: the page still plays and shows it as it is.
title='</script><script>document.title="owned"</script><b>&amp;"\'
"$print" "$script" --title "$title" -o "$dir/hostile.html" || fail "hostile: exit $?"
grep -qF '</script><script>document' "$dir/hostile.html" && fail "hostile: the title is raw"
dump_dom "$dir/hostile.html" "$dir/hostile.dom" || fail "hostile: browser exit $?"
grep -qF '<h1 id="title">&lt;/script&gt;&lt;script&gt;document.title="owned"&lt;/script&gt;&lt;b&gt;&amp;amp;"\</h1>' \
    "$dir/hostile.dom" || fail "hostile: $(grep -o '<h1[^/]*' "$dir/hostile.dom")"
grep -q '<title>owned' "$dir/hostile.dom" && fail "hostile: the title ran as a script"
grep -q 'trips: 141/141' "$dir/hostile.dom" || fail "hostile: the page did not run"
# Standard input has no name: the page says tetris-print.
"$print" - -o "$dir/stdin.html" <"$script" || fail "stdin: exit $?"
grep -q '"title": "",' "$dir/stdin.html" || fail "stdin: titled"

# A long script: two bytes a piece, and the same picture as the PNG at the end.
structures=$(by_level 476 4762) # 10,137 or 100,143 pieces
long_article "$dir/long.txt" "$structures"
pieces=$((141 + 21 * structures))
progress "a page of $pieces pieces"
count_steps=no # its GIF of every trip step is too slow to count them
check long "$dir/long.txt" --scale 4 --duration 10
size=$(wc -c <"$dir/long.html")
[ "$size" -le $((2 * pieces * 103 / 100 + 20000)) ] ||
    fail "long: $size bytes for $pieces pieces"

[ "$failures" -eq 0 ]
