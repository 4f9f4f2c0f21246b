#!/bin/sh
# tetris-convert's cache of the patterns it searches for a width without a library
# ($XDG_CACHE_HOME/tetris-printer/patterns-v2/width-W/): written on the first use of a width,
# read back the next time (the same script), checked when read (a truncated, corrupt or
# foreign file is searched again and replaced, and the script stays the same), filled safely
# by conversions running at once, only a warning when it can't be written, and under
# $HOME/.cache when XDG_CACHE_HOME is not an absolute path. Never read or written through
# a link, nor in directories others could have made or can write (one warning, then the
# patterns are searched without it); FIFOs, huge and unreadable files refused at once and
# replaced.
set -u
. tests/e2e/lib/convert.sh
width=15
cache="$XDG_CACHE_HOME/tetris-printer/patterns-v2/width-$width"
printf 'R=c83c3c G=3cb44b B=4363d8\n.RRGGGBB.RR\nRRGBBBRRGGR\nR.G.B.R.G.R\n' | art sprite11

# convert_to NAME [ENV ARGUMENTS...]: converts sprite11 on the 15-wide field into
# DIR/NAME.txt, with env(1) ARGUMENTS such as VAR=VALUE or -u VAR.
convert_to() {
    name=$1
    shift
    env "$@" "$convert" -q --width "$width" -o "$dir/$name.txt" "$dir/sprite11.png" \
        2>"$dir/$name.err"
}

convert_to first || fail "first conversion: exit $?: $(head -n 1 "$dir/first.err")"
[ -s "$dir/first.err" ] && fail "first conversion printed: $(head -n 2 "$dir/first.err")"
"$print" --scale 1 --background transparent -o "$dir/first.png" "$dir/first.txt" &&
    "$sprite_tool" expect "$dir/sprite11.png" "$dir/first.png" || fail "first: not reproduced"
for file in emitters1.txt platforms.txt; do
    [ -s "$cache/$file" ] || fail "no $cache/$file after the first conversion"
    cp "$cache/$file" "$dir/good-$file"
done
[ "$(ls -A "$cache")" = "$(printf 'emitters1.txt\nplatforms.txt')" ] ||
    fail "the cache holds other files: $(ls -A "$cache")"
# tetris-search --check accepts the cached emitters as the width's (legal, complete, in
# order, minimal).
"$BIN_DIR/tetris-search" -q --check "$cache" --squares 1 || fail "tetris-search --check of the cache"

# A second run reads the cache: the same script, the files untouched.
touch -d '2000-01-01' "$cache/emitters1.txt" "$cache/platforms.txt"
convert_to second || fail "second conversion: exit $?"
cmp -s "$dir/first.txt" "$dir/second.txt" || fail "second conversion: another script"
[ -n "$(find "$cache" -name emitters1.txt -newer "$dir/first.txt")" ] &&
    fail "second conversion rewrote the cache"

# Every damaged file is searched again: the same script, the file restored.
damage() { # FILE HOW
    case $2 in
    truncated) head -c 200 "$dir/good-$1" >"$cache/$1" ;;
    garbage) head -c 3000 /dev/urandom >"$cache/$1" ;;
    empty) : >"$cache/$1" ;;
    foreign) cp "patterns/$1" "$cache/$1" ;;                       # the 21-wide field's
    illegal) sed '1s/[B-Z]/A/' "$dir/good-$1" >"$cache/$1" ;;     # a piece's cell given to A
    directory) rm -f "$cache/$1" && mkdir "$cache/$1" ;;
    esac
}
for file in emitters1.txt platforms.txt; do
    for how in truncated garbage empty foreign illegal; do
        damage "$file" "$how"
        cmp -s "$cache/$file" "$dir/good-$file" && fail "could not damage $file ($how)"
        convert_to damaged || fail "$file $how: exit $?: $(head -n 1 "$dir/damaged.err")"
        cmp -s "$dir/first.txt" "$dir/damaged.txt" || fail "$file $how: another script"
        cmp -s "$cache/$file" "$dir/good-$file" || fail "$file $how: the file was not restored"
    done
done
# A cache entry that can't be replaced (a directory) is searched and warned about.
damage platforms.txt directory
convert_to blocked || fail "a directory in the cache: exit $?"
cmp -s "$dir/first.txt" "$dir/blocked.txt" || fail "a directory in the cache: another script"
grep -q "warning: can't cache the patterns in .*platforms.txt" "$dir/blocked.err" ||
    fail "a directory in the cache: no warning ($(cat "$dir/blocked.err"))"
rm -rf "$cache/platforms.txt"

# A cache file or directory the user didn't make, or others could have: one warning saying
# why, the patterns searched without the cache, and nothing read or written through it.
# refused_cache WHAT EXPECTED: a conversion warns EXPECTED once and gives the same script.
refused_cache() {
    convert_to refused || fail "$1: exit $?: $(head -n 1 "$dir/refused.err")"
    cmp -s "$dir/first.txt" "$dir/refused.txt" || fail "$1: another script"
    [ "$(grep -c warning "$dir/refused.err")" -eq 1 ] && grep -q "$2" "$dir/refused.err" ||
        fail "$1: not one warning '$2': $(cat "$dir/refused.err")"
}
echo precious >"$dir/victim.txt"
for file in emitters1.txt platforms.txt; do
    rm -f "$cache/$file"
    ln -s "$dir/victim.txt" "$cache/$file"
    refused_cache "a link $file" "the pattern cache is not used: .*$file is a symbolic link"
    [ "$(cat "$dir/victim.txt")" = precious ] || fail "a link $file: its target was written"
    [ -L "$cache/$file" ] || fail "a link $file: removed"
    rm -f "$cache/$file"
    cp "$dir/good-$file" "$cache/$file"
done
ln -s /dev/zero "$cache/emitters1.txt.zero" && mv "$cache/emitters1.txt.zero" "$cache/emitters1.txt"
refused_cache "a link to /dev/zero" "emitters1.txt is a symbolic link"
cp --remove-destination "$dir/good-emitters1.txt" "$cache/emitters1.txt"
top="$XDG_CACHE_HOME/tetris-printer"
chmod 777 "$cache"
refused_cache "a directory others can write" "others can write in $cache"
chmod 700 "$cache"
if chown nobody "$top" 2>/dev/null; then
    refused_cache "a directory of another user" "$top belongs to another user"
    chown "$(id -u)" "$top"
fi
mv "$top" "$dir/elsewhere"
ln -s "$dir/elsewhere" "$top"
refused_cache "a linked cache directory" "$top is a symbolic link"
rm "$top"
mv "$dir/elsewhere" "$top"
# Files that are not regular files, or too large, are refused at once (not read) and
# replaced, without a word.
rm -f "$cache/platforms.txt"
mkfifo "$cache/platforms.txt"
timeout 60 env "$convert" -q --width "$width" -o "$dir/fifo.txt" "$dir/sprite11.png" \
    2>"$dir/fifo.err" || fail "a FIFO in the cache: exit $? ($(head -n 1 "$dir/fifo.err"))"
cmp -s "$cache/platforms.txt" "$dir/good-platforms.txt" || fail "a FIFO in the cache: not replaced"
truncate -s 1500M "$cache/emitters1.txt"
within_memory "a 1.5 GB cache file" timeout 60 "$convert" -q --width "$width" \
    -o "$dir/sparse.txt" "$dir/sprite11.png" 2>"$dir/sparse.err"
[ "$status" -eq 0 ] || fail "a 1.5 GB cache file: exit $status ($(head -n 1 "$dir/sparse.err"))"
cmp -s "$cache/emitters1.txt" "$dir/good-emitters1.txt" || fail "a 1.5 GB cache file: not replaced"
# A damaged file at mode 000 is replaced by one that can be read (not another at 000).
head -c 100 "$dir/good-platforms.txt" >"$cache/platforms.txt"
chmod 000 "$cache/platforms.txt"
convert_to mode000 || fail "a file at mode 000: exit $?"
[ "$(stat -c %a "$cache/platforms.txt")" != 0 ] || fail "a file at mode 000: rewritten at mode 000"
cmp -s "$cache/platforms.txt" "$dir/good-platforms.txt" || fail "a file at mode 000: not replaced"

# Conversions running at once on an empty cache: all succeed with the same script and the
# cache ends whole, without temporary files.
rm -rf "$XDG_CACHE_HOME"
for run in 1 2 3; do
    convert_to "parallel$run" &
done
wait
for run in 1 2 3; do
    cmp -s "$dir/first.txt" "$dir/parallel$run.txt" ||
        fail "parallel run $run: another script ($(head -n 1 "$dir/parallel$run.err"))"
done
for file in emitters1.txt platforms.txt; do
    cmp -s "$cache/$file" "$dir/good-$file" || fail "parallel runs: $file differs"
done
[ "$(ls -A "$cache" | wc -l)" -eq 2 ] || fail "parallel runs left: $(ls -A "$cache")"

# A cache that can't be written: a warning, and the script all the same.
: >"$dir/not-a-directory"
convert_to unwritable XDG_CACHE_HOME="$dir/not-a-directory" || fail "unwritable cache: exit $?"
cmp -s "$dir/first.txt" "$dir/unwritable.txt" || fail "unwritable cache: another script"
grep -q "warning: can't cache the patterns" "$dir/unwritable.err" ||
    fail "unwritable cache: no warning ($(cat "$dir/unwritable.err"))"

# XDG_CACHE_HOME relative or empty: $HOME/.cache, as the XDG spec says.
mkdir "$dir/home"
for value in relative/cache ""; do
    rm -rf "$dir/home/.cache"
    convert_to home HOME="$dir/home" XDG_CACHE_HOME="$value" || fail "HOME cache: exit $?"
    [ -s "$dir/home/.cache/tetris-printer/patterns-v2/width-$width/platforms.txt" ] ||
        fail "XDG_CACHE_HOME='$value': no cache under \$HOME/.cache"
done
[ ! -e relative ] || fail "a relative XDG_CACHE_HOME was used"
# Neither: no cache, a warning, and the script all the same.
convert_to nowhere -u HOME XDG_CACHE_HOME= || fail "no cache at all: exit $?"
cmp -s "$dir/first.txt" "$dir/nowhere.txt" || fail "no cache at all: another script"
grep -q "warning: no cache for the patterns of the 15-wide field (set HOME or XDG_CACHE_HOME)" \
    "$dir/nowhere.err" || fail "no cache at all: no warning ($(cat "$dir/nowhere.err"))"
# A cache path too long says so, not to set what is set.
long=$dir/$(printf '%04100d' 0)
convert_to toolong XDG_CACHE_HOME="$long" || fail "a long XDG_CACHE_HOME: exit $?"
grep -q "no cache for the patterns of the 15-wide field (XDG_CACHE_HOME is too long" \
    "$dir/toolong.err" || fail "a long XDG_CACHE_HOME: $(cat "$dir/toolong.err")"

[ "$failures" -eq 0 ]
