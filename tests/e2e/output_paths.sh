#!/bin/sh
# What -o PATH does to what the path names (all three tools share src/core/atomic_output.c;
# tetris-print and tetris-convert are driven here): devices, FIFOs, /dev/fd/N and
# /dev/stdout are written in place; a symbolic link is followed and its target replaced,
# the link kept; an existing file keeps its mode; a 255-byte file name works; a directory
# is an error that leaves nothing behind. And a failed write on standard output is exit 1
# with one line, in every tool.
set -u
print="$BIN_DIR/tetris-print"
convert="$BIN_DIR/tetris-convert"
search="$BIN_DIR/tetris-search"
script=$(pwd)/tests/data/article-example.txt
. tests/e2e/lib/checks.sh
no_temporaries() {
    ls -A "$1" | grep -q '^\.tetris-' && fail "$2: a temporary file was left in $1"
}
"$print" "$script" -o "$dir/expected.png" || fail "reference PNG"
size=$(wc -c <"$dir/expected.png")

# A character device stays a device (as root, the old code replaced /dev/null itself).
"$print" "$script" -o /dev/null || fail "-o /dev/null exit $?"
[ -c /dev/null ] || fail "-o /dev/null: /dev/null is no longer a character device"
if mknod "$dir/null" c 1 3 2>/dev/null; then
    "$print" "$script" -o "$dir/null" || fail "-o DEVICE exit $?"
    [ -c "$dir/null" ] || fail "-o DEVICE: replaced by a regular file"
fi

# Standard output and open descriptors get the bytes, and keep their own file.
[ "$("$print" "$script" -o /dev/stdout | wc -c)" -eq "$size" ] || fail "-o /dev/stdout"
"$print" "$script" -o /dev/fd/3 3>"$dir/fd3.png" || fail "-o /dev/fd/3 exit $?"
cmp -s "$dir/expected.png" "$dir/fd3.png" || fail "-o /dev/fd/3: wrong bytes"
printf 'head' >"$dir/append.png"
"$print" "$script" -o /dev/fd/3 3>>"$dir/append.png" || fail "-o /dev/fd/3 (append) exit $?"
[ "$(wc -c <"$dir/append.png")" -eq $((size + 4)) ] || fail "-o /dev/fd/3 did not append"

# A FIFO is written in place, to its reader.
mkfifo "$dir/fifo"
cat "$dir/fifo" >"$dir/from-fifo.png" &
reader=$!
timeout 60 "$print" "$script" -o "$dir/fifo" || fail "-o FIFO exit $?"
wait "$reader"
[ -p "$dir/fifo" ] || fail "-o FIFO: the FIFO was replaced"
cmp -s "$dir/expected.png" "$dir/from-fifo.png" || fail "-o FIFO: wrong bytes"

# A symbolic link is kept and its target replaced; an existing file keeps its mode.
mkdir "$dir/real"
echo old >"$dir/real/target.png"
chmod 600 "$dir/real/target.png"
ln -s real/target.png "$dir/link.png"
"$print" "$script" -o "$dir/link.png" || fail "-o SYMLINK exit $?"
[ -L "$dir/link.png" ] || fail "-o SYMLINK: the link was replaced"
cmp -s "$dir/expected.png" "$dir/real/target.png" || fail "-o SYMLINK: target not written"
[ "$(stat -c %a "$dir/real/target.png")" = 600 ] || fail "-o FILE: mode 0600 became $(stat -c %a "$dir/real/target.png")"
ln -s real/new.png "$dir/dangling.png"
"$print" "$script" -o "$dir/dangling.png" || fail "-o DANGLING-SYMLINK exit $?"
[ -L "$dir/dangling.png" ] && cmp -s "$dir/expected.png" "$dir/real/new.png" ||
    fail "-o DANGLING-SYMLINK: link not kept or target not created"
[ "$(stat -c %a "$dir/real/new.png")" = "$(printf '%o' $((0666 & ~$(umask))))" ] ||
    fail "a new file's mode ignores the umask"
no_temporaries "$dir/real" "-o SYMLINK"

# The longest legal file name works (temporary names are short).
long=$(printf '%0251d' 0 | tr 0 x).png
"$print" "$script" -o "$dir/$long" || fail "-o 255-byte name exit $?"
cmp -s "$dir/expected.png" "$dir/$long" || fail "-o 255-byte name: wrong bytes"
"$convert" -q tests/../sprites/dot.png -o "$dir/${long%.png}.txt" || fail "convert -o 255-byte name"

# A directory is an error (1), and nothing is left behind.
mkdir "$dir/sub"
"$print" "$script" -o "$dir/sub" 2>"$dir/err"
[ $? -eq 1 ] || fail "-o DIRECTORY: exit is not 1"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q 'Is a directory' "$dir/err" ||
    fail "-o DIRECTORY: $(cat "$dir/err")"
no_temporaries "$dir" "-o DIRECTORY"

# A PNG that can't be written whole (a file size limit, SIGXFSZ ignored so that the write
# fails): one line, ours, not libpng's too; nothing left.
(trap '' XFSZ && ulimit -f 4 && exec "$print" "$script" --scale 64 -o "$dir/big.png") 2>"$dir/err"
status=$?
[ $status -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "big.png: File too large" "$dir/err" ||
    fail "a PNG past the file size limit: exit $status, $(cat "$dir/err")"
[ -e "$dir/big.png" ] && fail "a PNG past the file size limit was left"
no_temporaries "$dir" "a PNG past the file size limit"

# Write errors on standard output: exit 1 and one line, in every tool.
if [ -w /dev/full ]; then
    for tool in "$print" "$convert" "$search"; do
        for option in --help --version; do
            "$tool" $option >/dev/full 2>"$dir/err"
            status=$?
            [ $status -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] ||
                fail "$(basename "$tool") $option >/dev/full: exit $status, $(cat "$dir/err")"
        done
    done
    for format in png gif html; do # the image itself on a full device
        "$print" "$script" --format $format -o /dev/full 2>"$dir/err"
        [ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q '^tetris-print: /dev/full: ' "$dir/err" ||
            fail "print --format $format -o /dev/full: $(cat "$dir/err")"
    done
    "$print" "$script" --ascii >/dev/full 2>"$dir/err"
    [ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "print --ascii >/dev/full"
    "$convert" -q sprites/dot.png >/dev/full 2>"$dir/err"
    [ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "convert >/dev/full"
    "$search" --squares 7 -o "$dir" >/dev/full 2>"$dir/err"
    [ $? -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "search's table >/dev/full"
fi

[ "$failures" -eq 0 ]
