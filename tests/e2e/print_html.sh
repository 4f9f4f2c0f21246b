#!/bin/sh
# tetris-print -o page.html in a real headless browser: the page is one self-contained file
# (no network, no other file); run to the end (#selftest), its canvas equals the PNG of the
# same options pixel for pixel (tests/tools/canvas_compare), and every piece's trip as the
# page animates it ends where the page dropped the piece, in as many steps as --motion
# shows. Opened, it plays by itself at the speed that lasts the play's length, ends on
# the final picture and replays; it shows the title safely (a hostile --title); it fits
# a desktop's window and a phone's, field and controls in view; and a long script's page
# takes two bytes a piece. (--no-crop where the page is compared with a PNG, which keeps
# the whole field: a page leaves out the rows that never change.)
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
dump_dom() { # PAGE OUT [HASH [BUDGET [FLAGS...]]]
    page=$1 out=$2 hash=${3-#selftest} budget=${4:-}
    shift 2
    [ $# -gt 0 ] && shift
    [ $# -gt 0 ] && shift
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --user-data-dir="$dir/profile.$$" \
        ${budget:+--virtual-time-budget=$budget} "$@" --dump-dom "file://$page$hash" >"$out" \
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
check article "$script" --no-crop
check article-small "$script" --scale 5 --background transparent --no-well --no-crop
check article-one "$script" --scale 1 --helpers 808080 --no-crop
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
"$print" "$script" --duration 3 --no-crop -o "$dir/three.html" || fail "three: exit $?"
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

# The page fits its window, a desktop's and a phone's: the whole field and every control in
# view, nothing to scroll, and the screenshot shows the final picture (the last frame of
# the same run, drawn by tetris-print) where the page says the field is, scaled as it is.
shoot() { # PAGE SIZE OUT.png: the page at the end (#selftest) in a window of SIZE
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --disable-background-networking --disable-component-update --disable-sync \
        --no-first-run --user-data-dir="$dir/profile.$$" --window-size="$2" \
        --screenshot="$3" "file://$1#selftest" >/dev/null 2>"$dir/browser.log"
    status=$?
    rm -rf "$dir/profile.$$"
    return $status
}
fits_window() { # NAME SIZE OPTIONS...
    name=$1 size=$2
    shift 2
    rm -rf "$dir/frames"
    "$print" "$script" "$@" -o "$dir/$name.html" --frames "$dir/frames" --every 1000 ||
        { fail "$name: exit $?"; return; }
    scale=$(sed -n 's/.*"scale": \([0-9]*\),.*/\1/p' "$dir/$name.html")
    last=$(ls "$dir"/frames/*.png | tail -n 1)
    dump_dom "$dir/$name.html" "$dir/$name.dom" "#selftest" "" --hide-scrollbars \
        --window-size="$size" || { fail "$name $size: browser exit $?"; return; }
    layout=$(grep -o 'layout: window [0-9][^<]*' "$dir/$name.dom")
    echo "$layout" | awk -v size="$size" -v name="$name" '
        { n = split($0, parts, "; ") }
        END {
            split(size, want, ",")
            if (parts[1] != "layout: window " want[1] "x" want[2])
                print "FAIL: " name " " size ": " parts[1]
            if (parts[2] != "page " want[1] "x" want[2])
                print "FAIL: " name " " size ": the page scrolls, " parts[2]
            for (i = 3; i <= n; i++) {
                split(parts[i], item, " ")
                split(item[2], r, ",")
                if (r[3] < 1 || r[4] < 1 || r[1] < 0 || r[2] < 0 ||
                    r[1] + r[3] > want[1] + 0.5 || r[2] + r[4] > want[2] + 0.5)
                    print "FAIL: " name " " size ": " item[1] " not in view at " item[2]
            }
            if (n < 10) print "FAIL: " name " " size ": no layout (" $0 ")"
        }' >"$dir/layout.fail"
    [ -s "$dir/layout.fail" ] && { cat "$dir/layout.fail"; failures=$((failures + 1)); }
    field=$(echo "$layout" | sed -n 's/.*; field \([^;]*\);.*/\1/p')
    shoot "$dir/$name.html" "$size" "$dir/$name-shot.png" || { fail "$name $size: screenshot exit $?"; return; }
    "$screen_compare" "$dir/$name-shot.png" "$field" "$last" "$scale" >"$dir/diff" 2>&1 ||
        fail "$name $size: the screenshot does not show the field: $(cat "$dir/diff")"
}
screen_compare="${TEST_TOOLS_DIR:-build/tools}/screen_compare"
for size in 1280,800 390,844; do
    fits_window wide "$size"                           # cropped: 23 x 12 cells
    fits_window tall "$size" --height 120 --no-crop    # 23 x 121 cells
done

# A long script: two bytes a piece, and the same picture as the PNG at the end.
structures=$(by_level 476 4762) # 10,137 or 100,143 pieces
long_article "$dir/long.txt" "$structures"
pieces=$((141 + 21 * structures))
progress "a page of $pieces pieces"
count_steps=no # its GIF of every trip step is too slow to count them
check long "$dir/long.txt" --scale 4 --duration 10 --no-crop
# The page's own code and styles are measured on the article's 141 pieces, the same options.
"$print" "$script" --scale 4 --duration 10 --no-crop -o "$dir/short.html" ||
    fail "the article's page: exit $?"
size=$(wc -c <"$dir/long.html")
fixed=$(wc -c <"$dir/short.html")
# Two bytes a piece, two more a block (here a structure of 21 pieces), 3 % to spare.
[ "$size" -le $((fixed + (2 * (pieces - 141) + 2 * structures) * 103 / 100)) ] ||
    fail "long: $size bytes for $pieces pieces ($fixed for the article's 141)"

[ "$failures" -eq 0 ]
