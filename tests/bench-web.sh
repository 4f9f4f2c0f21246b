#!/bin/sh
# Benchmarks the web page (make web) against the native tools (make bench-web):
#   size      the page's bytes, gzipped (gzip -9), and its WebAssembly and glue
#   first     time to the first frame of a print opened from a link (#sample=lighthouse,
#             a new page, from the navigation): WebAssembly compiled, converted, printed
#   samples   every sample sprite at its own size (#sample=NAME&max-width=67: --fit leaves
#             it as it is, as the command line converts a sprite), converted in the page's
#             Worker (from the job's start to its script) against the native tetris-convert
#             with the page's options, one thread and all threads; the patterns of the
#             wider fields already searched (each is converted twice, the second counted)
#   pictures  a 64x64 drawing (--fit --max-width 64 --colors 7, on the 69-wide field) and
#             a 12-megapixel JPEG photo, with the page's defaults (--fit: 33 columns on the
#             37-wide field, 7 colours) and at --fit's former size (--max-width 17 --colors
#             3, on the 21-wide field), given to the file input
# Usage: tests/bench-web.sh WEB_DIR BIN_DIR TOOLS_DIR
set -eu
web=${1:?usage: bench-web.sh WEB_DIR BIN_DIR TOOLS_DIR}
bin=${2:?usage: bench-web.sh WEB_DIR BIN_DIR TOOLS_DIR}
tools=${3:?usage: bench-web.sh WEB_DIR BIN_DIR TOOLS_DIR}
. "$(dirname "$0")/bench-lib.sh"
page="$web/tetris-printer.html"

# Wall time of a native command, in seconds (3 decimals); its output thrown away.
seconds() {
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
}

kib() { awk -v b="$1" 'BEGIN { printf "%.0f KiB (%.2f MB)", b / 1024, b / 1e6 }'; }
echo "web page benchmark ($cores processors)"
echo "  page:    $(kib "$(wc -c <"$page")"), gzipped $(kib "$(gzip -9c "$page" | wc -c)")"
echo "  inside:  WebAssembly $(kib "$(wc -c <"$web/tetris-web.wasm")"), glue $(kib "$(wc -c <"$web/tetris-web.js")")"

# The jobs: the lighthouse's link three times for its first frame, the samples, the pictures.
"$tools/picture_tool" drawing --seed 3 --width 64 --height 64 "$tmp/drawing-64.png"
"$tools/picture_tool" photo --seed 3 --width 4032 --height 3024 "$tmp/photo-12mp.jpg"
{
    echo "["
    for sprite in sprites/*.png; do
        name=$(basename "$sprite" .png)
        echo "{\"label\": \"$name\", \"link\": \"#sample=$name&max-width=67\"},"
    done
    echo "{\"label\": \"drawing-64\", \"link\": \"\", \"file\": \"$tmp/drawing-64.png\", \"colors\": 7, \"maxWidth\": 64},"
    echo "{\"label\": \"photo-12mp\", \"file\": \"$tmp/photo-12mp.jpg\"},"
    echo "{\"label\": \"photo-12mp-17\", \"file\": \"$tmp/photo-12mp.jpg\", \"colors\": 3, \"maxWidth\": 17},"
    echo "{\"label\": \"first frame\", \"link\": \"#sample=lighthouse\"},"
    echo "{\"label\": \"first frame\", \"link\": \"#sample=lighthouse\"}"
    echo "]"
} >"$tmp/jobs.json"
node "$(dirname "$0")/web/bench-page.js" "$page" "$tmp/jobs.json" >"$tmp/page.jsonl"
field() { sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p"; }
# page_time LABEL FIELD: the second run's FIELD
page_time() { grep "\"label\":\"$1\",\"run\":2" "$tmp/page.jsonl" | field "$2"; }

first=$(grep '"label":"first frame"' "$tmp/page.jsonl" | field firstFrame | median)
compiled=$(grep '"label":"first frame"' "$tmp/page.jsonl" | field compiled | median)
echo "  first frame of #sample=lighthouse: $first ms from the navigation (WebAssembly compiled at" \
    "$compiled ms; median of 4 opened)"

# native: the page's options; a run first to search the wider fields' patterns
echo "  conversion, page (Worker, one thread) against native tetris-convert, seconds:"
printf '    %-14s %8s %10s %10s %8s\n' sprite page native-1 native-all ratio-1
total_page=0 total_one=0 total_all=0
for sprite in sprites/*.png; do
    name=$(basename "$sprite" .png)
    set -- --fit --max-width 67 --stats "$sprite" -o "$tmp/out.txt"
    "$bin/tetris-convert" "$@" >/dev/null 2>&1 || true
    one=$(seconds "$bin/tetris-convert" --threads 1 "$@")
    all=$(seconds "$bin/tetris-convert" "$@")
    ms=$(page_time "$name" convertMs)
    p=$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')
    printf '    %-14s %8s %10s %10s %8s\n' "$name" "$p" "$one" "$all" \
        "$(awk -v a="$p" -v b="$one" 'BEGIN { printf "%.2f", a / b }')"
    total_page=$(awk -v a="$total_page" -v b="$p" 'BEGIN { print a + b }')
    total_one=$(awk -v a="$total_one" -v b="$one" 'BEGIN { print a + b }')
    total_all=$(awk -v a="$total_all" -v b="$all" 'BEGIN { print a + b }')
done
printf '    %-14s %8.3f %10.3f %10.3f %8.2f\n' total "$total_page" "$total_one" "$total_all" \
    "$(awk -v a="$total_page" -v b="$total_one" 'BEGIN { print a / b }')"

for picture in drawing-64 photo-12mp photo-12mp-17; do
    case $picture in
    drawing-64) set -- --fit --max-width 64 --colors 7 "$tmp/drawing-64.png" ;;
    photo-12mp) set -- --fit "$tmp/photo-12mp.jpg" ;;
    photo-12mp-17) set -- --fit --max-width 17 --colors 3 "$tmp/photo-12mp.jpg" ;;
    esac
    "$bin/tetris-convert" "$@" -o "$tmp/out.txt" >/dev/null 2>&1 || true
    one=$(seconds "$bin/tetris-convert" --threads 1 "$@" -o "$tmp/out.txt")
    all=$(seconds "$bin/tetris-convert" "$@" -o "$tmp/out.txt")
    ms=$(page_time "$picture" convertMs)
    echo "  $picture ($*): page $(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }') s," \
        "native $one s with one thread, $all s with all"
done
