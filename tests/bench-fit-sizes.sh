#!/bin/sh
# How large --fit should print a picture: for pictures nobody here drew, at each of a few
# widths, how recognisable the print is (tests/tools/likeness: the SSIM of the preview's
# lightness against the picture's, and their mean distance in Oklab x 100) and what the
# conversion costs (pieces, wall time on this machine's cores, its own pattern cache: the
# first conversion at a width searches that width's patterns, as a user's would).
#
# Usage: tests/bench-fit-sizes.sh BIN_DIR TOOLS_DIR DIR
#        tests/bench-fit-sizes.sh --corpus DIR [EMOJI_DIR]
# DIR holds the pictures, named KIND-NAME.png or .jpg (KIND: photo, emoji, icon, pixel...);
# each is converted with `tetris-convert --fit --max-width S` for S in BENCH_FIT_SIZES
# (default 17 25 33 41 49), one line each, then the medians by kind and size. --corpus
# fills DIR with the pictures the README's table was measured on, from Debian packages
# (python3-skimage's photos, gnome-backgrounds' and desktop-base's wallpapers, Adwaita's
# and desktop-base's icons, crawl-tiles-data's pixel art; ffmpeg crops and converts) and,
# when EMOJI_DIR is given, Noto emoji at 64 x 64 from it (the img/google/64 directory of
# npm's emoji-datasource-google). BENCH_CORPUS_ROOT, when set, is where those packages were
# unpacked instead of installed (`apt-get download P; dpkg -x P.deb ROOT` for each).
set -eu

make_corpus() { # DIR [EMOJI_DIR]
    out=$1
    root=${BENCH_CORPUS_ROOT:-}
    mkdir -p "$out"
    skimage=$root/usr/lib/python3/dist-packages/skimage/data
    for name in astronaut chelsea coffee camera; do
        cp "$skimage/$name.png" "$out/photo-$name.png"
    done
    cp "$skimage/motorcycle_left.png" "$out/photo-motorcycle.png"
    cp "$skimage/rocket.jpg" "$out/photo-rocket.jpg"
    cp "$skimage/hubble_deep_field.jpg" "$out/photo-hubble.jpg"
    cp "$root/usr/share/desktop-base/joy-theme/login/sddm-preview.jpg" "$out/photo-joy-wallpaper.jpg"
    for name in wood adwaita; do
        ffmpeg -loglevel error -y -i "$root/usr/share/backgrounds/gnome/$name-l.webp" -q:v 3 \
            "$out/photo-$name-wallpaper.jpg"
    done
    adwaita=$root/usr/share/icons/Adwaita/512x512
    for icon in devices/input-gaming devices/camera-web devices/audio-headphones \
        places/folder-pictures devices/printer-network; do
        cp "$adwaita/$icon.png" "$out/icon-$(basename "$icon").png"
    done
    cp "$root/usr/share/desktop-base/debian-logos/logo-256.png" "$out/icon-debian-logo.png"
    tiles=$root/usr/share/crawl/dat/tiles
    cp "$tiles/stone_soup_icon-512x512.png" "$out/icon-stone-soup.png"
    cp "$tiles/stone_soup_icon-32x32.png" "$out/pixel-stone-soup-32.png"
    ffmpeg -loglevel error -y -i "$tiles/main.png" -vf crop=32:32:0:0 "$out/pixel-amulet.png"
    ffmpeg -loglevel error -y -i "$tiles/player.png" -vf crop=32:32:0:0 "$out/pixel-boots.png"
    ffmpeg -loglevel error -y -i "$tiles/player.png" -vf crop=32:32:128:32 "$out/pixel-monster.png"
    ffmpeg -loglevel error -y -i "$tiles/player.png" -vf crop=32:32:64:0,scale=256:256:flags=neighbor \
        "$out/pixel-creature-x8.png"
    if [ -n "${2:-}" ]; then
        for emoji in 1f600 2764-fe0f 1f355 1f436 1f680 1f308 1f98a 1f1ef-1f1f5; do
            cp "$2/$emoji.png" "$out/emoji-$emoji.png"
        done
    fi
}

if [ "${1:-}" = --corpus ]; then
    make_corpus "${2:?usage: bench-fit-sizes.sh --corpus DIR [EMOJI_DIR]}" "${3:-}"
    exit 0
fi
bin_dir=${1:?usage: bench-fit-sizes.sh BIN_DIR TOOLS_DIR DIR}
tools_dir=${2:?usage: bench-fit-sizes.sh BIN_DIR TOOLS_DIR DIR}
dir=${3:?usage: bench-fit-sizes.sh BIN_DIR TOOLS_DIR DIR}
sizes=${BENCH_FIT_SIZES:-17 25 33 41 49}
options=${BENCH_FIT_OPTIONS:-} # more options of tetris-convert
. "$(dirname "$0")/bench-lib.sh"

echo "tetris-convert --fit by size ($cores cores): SSIM and Oklab error x 100 of the preview against the picture, pieces (and times the one-row parity bound), the share of passes from the table, seconds"
printf '%-32s %5s %9s %6s %6s %8s %6s %6s %8s\n' picture size sprite ssim error pieces bound table seconds
: >"$tmp/results"
for picture in "$dir"/*.png "$dir"/*.jpg; do
    [ -f "$picture" ] || continue
    name=$(basename "$picture")
    kind=${name%%-*}
    for size in $sizes; do
        start=$(date +%s.%N)
        if "$bin_dir/tetris-convert" --fit --max-width "$size" $options --stats \
            --preview "$tmp/preview.png" -o /dev/null "$picture" 2>"$tmp/err"; then
            end=$(date +%s.%N)
            seconds=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
            sprite=$(awk '$1 == "sprite:" { print $2 }' "$tmp/err")
            pieces=$(awk '$1 == "pieces:" { print $2 }' "$tmp/err")
            # times the bound; the table's share of the passes ("passes: N (R real-time, T table, ...")
            times_bound=$(ratio "$pieces" "$(awk '$1 == "bound:" { print $2 }' "$tmp/err")")
            table=$(awk '$1 == "passes:" { printf "%.1f", ($2 > 0 ? 100 * $5 / $2 : 0) }' "$tmp/err")
            set -- $("$tools_dir/likeness" "$picture" "$tmp/preview.png")
            printf '%-32s %5s %9s %6s %6s %8s %6s %5s%% %8s\n' "$name" "$size" "$sprite" "$2" "$4" \
                "$pieces" "$times_bound" "$table" "$seconds"
            echo "$kind $size $2 $4 $pieces $seconds $times_bound $table" >>"$tmp/results"
        else
            printf '%-32s %5s refused: %s\n' "$name" "$size" "$(tail -n 1 "$tmp/err")"
        fi
    done
done

# field N: column N of the results of one kind and size.
field() { cut -d ' ' -f "$1" "$tmp/one"; }
echo "medians by kind and size (pictures, SSIM, error, pieces, seconds; the slowest, the most times the bound, the largest share of table passes)"
for kind in $(cut -d ' ' -f 1 "$tmp/results" | sort -u); do
    for size in $sizes; do
        awk -v k="$kind" -v s="$size" '$1 == k && $2 == s' "$tmp/results" >"$tmp/one"
        [ -s "$tmp/one" ] || continue
        printf '  %-8s %3s: %2d pictures, SSIM %s, error %s, %6s pieces, %6s s (slowest %s s; at most %s times the bound, %s %% table passes)\n' \
            "$kind" "$size" "$(wc -l <"$tmp/one")" "$(field 3 | median)" "$(field 4 | median)" \
            "$(field 5 | median)" "$(field 6 | median)" "$(field 6 | largest)" \
            "$(field 7 | largest)" "$(field 8 | largest)"
    done
done
