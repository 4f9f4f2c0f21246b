# Shared by the tetris-convert end-to-end tests (sourced, not run: tests/run-tests.sh only
# runs tests/e2e/*.sh). Sets convert, print, sprite_tool and a temporary dir (removed on
# exit), which also holds the cache of searched patterns (XDG_CACHE_HOME); fail() counts a
# failure; art() writes a sprite from text art.
convert="$BIN_DIR/tetris-convert"
print="$BIN_DIR/tetris-print"
sprite_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/sprite_tool"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
XDG_CACHE_HOME="$dir/cache"
export XDG_CACHE_HOME
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# art NAME: the text art on standard input to DIR/NAME.png.
art() {
    cat >"$dir/$1.txt"
    "$sprite_tool" art "$dir/$1.txt" "$dir/$1.png" || fail "sprite_tool art $1"
}

# Pieces in a script: the distinct piece letters of each block, summed over the blocks (the
# first non-blank line is the colour line; blocks are separated by blank lines, or by a '+'
# line when the second continues the first).
count_pieces() {
    awk '
        function flush(   c) { for (c in seen) pieces++; split("", seen) }
        { gsub(/[ \t\r]/, "") }
        $0 == "" || $0 == "+" { flush(); next }
        !colours { colours = 1; next }
        { for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); if (c != ".") seen[c] = 1 } }
        END { flush(); print pieces + 0 }
    ' "$1"
}
