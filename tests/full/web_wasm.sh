#!/bin/sh
# make check-full: the web page's WebAssembly (make web: tetris-convert and tetris-print
# compiled by emscripten, without OpenMP) run under node (tests/web/run-wasm.js) gives what
# the native tools give, byte for byte: the exit status, standard output and error and every
# file written (scripts, previews, PNG, GIF, page, the patterns searched for a new width),
# on every sample sprite, on fitted pictures of every format the tests make (PNG, JPEG
# baseline, progressive and grey, GIF, BMP, PNM; up to a 12-megapixel JPEG and a 4-megapixel
# PNG read scaled), with the page's options, and on bad input.
# Usage: BIN_DIR=bin TEST_TOOLS_DIR=build/tools WEB_DIR=build/web sh tests/full/web_wasm.sh
set -u
. tests/e2e/lib/convert.sh
umask 022 # the WebAssembly's (web/tetris_web.c), so that the files' modes compare
web=${WEB_DIR:-build/web}
module="$web/tetris-web.js"
if [ ! -f "$module" ] || ! command -v node >/dev/null 2>&1; then
    echo "FAIL: no $module or no node (make check-full builds it with make web)"
    exit 1
fi
root=$PWD
runner="$root/tests/web/run-wasm.js"
module="$(cd "$(dirname "$module")" && pwd)/$(basename "$module")"
native="$(cd "$BIN_DIR" && pwd)"
mkdir -p "$dir/in" "$dir/native" "$dir/wasm"
cases=0

# same NAME TOOL ARG...: TOOL ARG... run natively and as WebAssembly, each in an empty
# directory of its own with a pattern cache of its own, ARG's relative paths leading there:
# the exit status, standard output and error (but the times of --stats) and every file left
# must be equal. The files stay until the next call (in $dir/native).
same() {
    name=$1 tool=$2
    shift 2
    cases=$((cases + 1))
    for side in native wasm; do
        rm -rf "${dir:?}/$side"/* "$dir/$side"/.[!.]* 2>/dev/null
        if [ "$side" = native ]; then
            (cd "$dir/native" && XDG_CACHE_HOME="$dir/native-cache" "$native/$tool" "$@" \
                >stdout 2>stderr; echo $? >status)
        else
            (cd "$dir/wasm" && XDG_CACHE_HOME="$dir/wasm-cache" node "$runner" "$module" "$tool" \
                "$@" >stdout 2>stderr; echo $? >status)
        fi
    done
    # --stats' times may differ, and a width's first search's estimate (it counts the
    # threads: the WebAssembly has one) and the cache it names (each side has its own)
    for side in native wasm; do
        sed -i '/^load: /d; /^time: /d
            s/\(searching the patterns of the [0-9]*-wide field\), about .*/\1/' "$dir/$side/stderr"
    done
    diff -r "$dir/native" "$dir/wasm" >"$dir/diff" 2>&1 ||
        fail "$name: $tool $*: the WebAssembly differs: $(head -c 400 "$dir/diff")"
    # the files' modes too: the WebAssembly's umask is its own (web/tetris_web.c)
    [ "$(cd "$dir/native" && stat -c '%n %a' ./*)" = "$(cd "$dir/wasm" && stat -c '%n %a' ./*)" ] ||
        fail "$name: $tool $*: the files' modes differ"
}

# The sample sprites, as the command line and the page convert them (the wider fields'
# patterns searched on the way), and their scripts printed to each output the page offers.
progress "the sample sprites"
for sprite in sprites/*.png; do
    name=$(basename "$sprite" .png)
    same "$name" tetris-convert "$PWD/$sprite" -o "$name.txt" --preview preview.png
    cp "$dir/native/$name.txt" "$dir/in/$name.txt" 2>/dev/null || continue
    same "$name (page)" tetris-convert --fit --stats "$PWD/$sprite" -o "$name.txt"
    for format in png gif html; do
        same "$name.$format" tetris-print "$dir/in/$name.txt" -o "$name.$format"
    done
done
diff -r "$dir/native-cache" "$dir/wasm-cache" >"$dir/diff" 2>&1 ||
    fail "the patterns searched differ: $(head -c 400 "$dir/diff")"
same "lighthouse, table" tetris-convert --method table "$PWD/sprites/lighthouse.png" -o l.txt
same "rocket, seed 7, 25 wide" tetris-convert --seed 7 --width 25 "$PWD/sprites/rocket.png" -o r.txt
same "kite, scale 1" tetris-print --scale 1 --background transparent "$dir/in/kite.txt" -o k.png
same "article, stats and moves" tetris-print --stats --moves --ascii tests/data/article-example.txt

# Fitted pictures of every format, with the options the page gives.
progress "fitted pictures"
for seed in 1 2 3 4 5 6 7 8; do
    set -- png jpg bmp gif
    shift $((seed % 4))
    "$picture_tool" random --seed "$seed" "$dir/in/random-$seed.$1" >/dev/null
done
"$picture_tool" photo --seed 3 --width 4032 --height 3024 "$dir/in/photo-12mp.jpg"
"$picture_tool" photo --seed 4 --width 640 --height 480 --progressive "$dir/in/progressive.jpg"
"$picture_tool" photo --seed 5 --width 300 --height 200 --grey "$dir/in/grey.jpg"
"$picture_tool" photo --seed 6 --width 2100 --height 2000 "$dir/in/photo-4mp.png"
"$picture_tool" logo --seed 1 --width 400 --height 300 "$dir/in/logo.jpg"
"$picture_tool" emoji --seed 2 --width 96 --height 96 "$dir/in/emoji.png"
"$picture_tool" drawing --seed 3 --width 64 --height 48 "$dir/in/drawing.png"
# a PNM (stb_image's reader): a 40x30 gradient, binary P6
awk 'BEGIN { printf "P6\n40 30\n255\n"; for (y = 0; y < 30; y++) for (x = 0; x < 40; x++)
    printf "%c%c%c", x * 6, y * 8, (x + y) % 2 ? 200 : 40 }' >"$dir/in/gradient.ppm"
for picture in "$dir"/in/random-* "$dir/in/photo-12mp.jpg" "$dir/in/progressive.jpg" \
    "$dir/in/grey.jpg" "$dir/in/photo-4mp.png" "$dir/in/logo.jpg" "$dir/in/emoji.png" \
    "$dir/in/drawing.png" "$dir/in/gradient.ppm"; do
    name=$(basename "$picture")
    same "$name" tetris-convert --fit --colors 3 --stats "$picture" -o out.txt --preview p.png
done
same "photo, the page's defaults" tetris-convert --fit --stats "$dir/in/progressive.jpg" \
    -o out.txt --preview p.png
same "photo, 7 colours dithered" tetris-convert --fit --colors 7 --dither \
    "$dir/in/progressive.jpg" -o out.txt --preview p.png
same "logo, 33 wide, white background" tetris-convert --fit --max-width 33 --colors 2 \
    --background ffffff "$dir/in/logo.jpg" -o out.txt --preview p.png
same "emoji, --fit's defaults" tetris-convert --fit "$dir/in/emoji.png" -o out.txt
same "drawing, background kept" tetris-convert --fit --colors 4 --background keep \
    "$dir/in/drawing.png" -o out.txt

# Bad input: the same one-line error and exit status.
progress "bad input"
printf 'not a picture\n' >"$dir/in/notes.txt"
: >"$dir/in/empty.png"
head -c 300 sprites/lighthouse.png >"$dir/in/truncated.png"
same "text" tetris-convert --fit "$dir/in/notes.txt" -o out.txt
same "empty" tetris-convert --fit "$dir/in/empty.png" -o out.txt
same "truncated" tetris-convert --fit "$dir/in/truncated.png" -o out.txt
same "too large" tetris-convert "$dir/in/photo-4mp.png" -o out.txt
same "too many colours" tetris-convert "$dir/in/gradient.ppm" -o out.txt
same "bad option" tetris-convert --colors 9 "$dir/in/logo.jpg"
same "a picture to print" tetris-print "$PWD/sprites/heart.png" -o out.png
# The WebAssembly writes no video: refused in one line, exit 1, nothing written.
(cd "$dir/wasm" && rm -f ./* && node "$runner" "$module" tetris-print \
    "$root/tests/data/article-example.txt" -o out.mp4 2>stderr; echo $? >status)
[ "$(cat "$dir/wasm/status")" = 1 ] && [ "$(ls "$dir/wasm")" = "$(printf 'status\nstderr')" ] &&
    [ "$(cat "$dir/wasm/stderr")" = \
        "tetris-print: out.mp4: this build of tetris-print writes no mp4 (it can't run ffmpeg)" ] ||
    fail "no video: exit $(cat "$dir/wasm/status"): $(cat "$dir/wasm/stderr")"

progress "$cases runs compared"
[ "$failures" -eq 0 ]
