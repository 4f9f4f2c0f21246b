# Shared by the tetris-convert end-to-end tests (sourced, not run: tests/run-tests.sh only
# runs tests/e2e/*.sh). Sets convert, print, sprite_tool, picture_tool and a temporary dir
# (removed on exit), which also holds the cache of searched patterns (XDG_CACHE_HOME);
# fail() counts a failure; art() writes a sprite from text art.
. tests/e2e/lib/level.sh
convert="$BIN_DIR/tetris-convert"
print="$BIN_DIR/tetris-print"
sprite_tool="${TEST_TOOLS_DIR:?TEST_TOOLS_DIR is not set}/sprite_tool"
picture_tool="$TEST_TOOLS_DIR/picture_tool"
. tests/e2e/lib/checks.sh
XDG_CACHE_HOME="$dir/cache"
export XDG_CACHE_HOME

# The peak memory (GNU time's maximum resident set) a run may take: 64 MiB, or 160 MiB for
# a build with AddressSanitizer, whose shadow memory and quarantine cost more: its runtime's
# entry point, __asan_init, is named in the program (gcc links the runtime as a shared
# library, clang into the program). Without GNU time it is not checked.
memory_limit_kib=$((64 * 1024))
grep -qa __asan_init "$convert" 2>/dev/null && memory_limit_kib=$((160 * 1024))
have_time=no
[ -x /usr/bin/time ] && /usr/bin/time -f %M -o "$dir/probe" true 2>/dev/null && have_time=yes

# within_memory WHAT COMMAND...: runs COMMAND (redirected as the call is), its exit status
# in $status, and fails WHAT when its peak memory passes the limit.
within_memory() {
    what=$1
    shift
    if [ "$have_time" = yes ]; then
        /usr/bin/time -f %M -o "$dir/rss" "$@"
        status=$?
        rss=$(tail -n 1 "$dir/rss")
        [ "$rss" -lt "$memory_limit_kib" ] ||
            fail "$what: peak memory $rss KiB, limit $memory_limit_kib KiB"
    else
        "$@"
        status=$?
    fi
}

# png_size FILE: "WIDTHxHEIGHT" of a PNG, from its header.
png_size() {
    od -An -tu1 -j16 -N8 "$1" |
        awk '{ printf "%dx%d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
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

# check_error WHAT EXPECTED STATUS FILE: FILE holds exactly one line starting
# "tetris-convert: " and STATUS is the expected one.
check_error() {
    what=$1 expected=$2 status=$3 err=$4
    [ "$status" -eq "$expected" ] || fail "$what: exit $status, expected $expected ($(head -n 2 "$err"))"
    [ "$(wc -l <"$err")" -eq 1 ] || fail "$what: $(wc -l <"$err") lines on stderr: $(head -n 3 "$err")"
    head -n 1 "$err" | grep -q '^tetris-convert: ' || fail "$what: stderr is not 'tetris-convert: ...': $(head -n 1 "$err")"
}

# usage_error WHAT ARGS...: bad usage exits 2, one line on stderr, nothing on stdout.
usage_error() {
    what=$1
    shift
    "$convert" "$@" </dev/null >"$dir/out" 2>"$dir/err"
    check_error "$what" 2 $? "$dir/err"
    [ -s "$dir/out" ] && fail "$what: wrote to stdout: $(head -c 200 "$dir/out")"
}

# round_trip WHAT SCRIPT PICTURE: SCRIPT printed at one pixel a cell shows PICTURE (a
# sprite at one pixel a pixel) centred on the floor, and nothing else.
round_trip() {
    "$print" --scale 1 --background transparent -o "$dir/printed.png" "$2" 2>"$dir/err" &&
        "$sprite_tool" expect "$3" "$dir/printed.png" 2>"$dir/err" ||
        fail "$1: the print differs: $(head -n 1 "$dir/err")"
}
