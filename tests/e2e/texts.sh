#!/bin/sh
# The texts have one source (docs/design.md, "Texts"): each tool's man page source,
# man/tetris-TOOL.1.in. Checks that every option of each tool's parser (its option table in
# src/TOOL/) is documented there and has a line in --help, and nothing else does; that
# --help is the page rendered as the build renders it (so a stale binary fails), is short
# (its usage lines, one line per option, the manual's name), stays within 79 columns and
# quotes field.h's numbers; that the
# installed page is the source with the numbers filled in and renders without warnings;
# that README.md's tables of options are up to date; and that the renderer refuses what it
# can't render instead of dropping it. GEN_DIR is the build's generated files ($(BUILD)/gen).
set -u
gen=${GEN_DIR:-build/gen}
. tests/e2e/lib/checks.sh

# A number #defined in a header: define_of HEADER NAME
define_of() {
    sed -n "s/^#define $2 \([0-9][0-9]*\).*/\1/p" "$1"
}
min_width=$(define_of src/core/field.h FIELD_MIN_WIDTH)
max_width=$(define_of src/core/field.h FIELD_MAX_WIDTH)
min_height=$(define_of src/core/field.h FIELD_MIN_HEIGHT)
max_height=$(define_of src/core/field.h FIELD_MAX_HEIGHT)
[ -n "$min_width" ] && [ -n "$max_width" ] && [ -n "$min_height" ] && [ -n "$max_height" ] ||
    fail "field.h: no FIELD_MIN_WIDTH, FIELD_MAX_WIDTH, FIELD_MIN_HEIGHT or FIELD_MAX_HEIGHT"

for tool in search convert print; do
    program="$BIN_DIR/tetris-$tool"
    source=man/tetris-$tool.1.in
    page=$gen/man/tetris-$tool.1
    "$program" --help >"$dir/help" 2>"$dir/err" || fail "$tool --help: exit $?"
    [ -s "$dir/err" ] && fail "$tool --help wrote on standard error: $(cat "$dir/err")"

    # The parser's options: the entries {"name", 'l' or 0, true|false, OPT_...} of its table
    # (the source file holding `OPTIONS[]`), and those of the rows it takes from
    # src/core/cli_options.h (CLI_OPTION_SEED, ...: the options tools share).
    parser=$(grep -l 'struct cli_option OPTIONS\[\]' src/$tool/*.c)
    {
        cat $parser
        for shared in $(grep -o 'CLI_OPTIONS*_[A-Z_]*' $parser | sort -u); do
            # the macro's lines joined into one (clang-format may split a row)
            awk -v name="$shared" '$1 == "#define" && $2 == name { rows = 1 }
                                   rows { line = line " " $0 } rows && !/\\$/ { rows = 0 }
                                   END { gsub(/\\/, "", line); print line }' \
                src/core/cli_options.h
        done
    } | grep -o '{ *"[a-z-]*", *\('"'"'.'"'"'\|0\), *\(true\|false\), *[A-Z_]*OPT_[A-Z_]* *}' |
        sed 's/{ *"\([a-z-]*\)", *\(.*\), *\(true\|false\),.*/\1 \2/' >"$dir/table"
    count=$(wc -l <"$dir/table")
    [ "$count" -ge 8 ] || fail "$tool: only $count options read from its parser's table"
    while read -r name letter; do
        man_name=$(printf '%s' "$name" | sed 's/-/\\\\-/g')
        if [ "$letter" = 0 ]; then
            help_line="^      --$name\( \|$\)"
            man_line="^\\\\fB\\\\-\\\\-$man_name\\\\fR"
        else
            letter=$(printf '%s' "$letter" | tr -d "'")
            help_line="^  -$letter, --$name\( \|$\)"
            man_line="^\\\\fB\\\\-$letter\\\\fR, \\\\fB\\\\-\\\\-$man_name\\\\fR"
        fi
        grep -q -- "$help_line" "$dir/help" || fail "$tool --help has no line for --$name"
        grep -A1 '^\.TP' "$source" | grep -q -- "$man_line" ||
            fail "$source documents no option --$name"
    done <"$dir/table"
    documented=$(grep -c -- '^  -[A-Za-z], --[a-z]\|^      --[a-z]' "$dir/help")
    [ "$documented" -eq "$count" ] ||
        fail "$tool --help lists $documented options, its parser $count"

    # --help is the page rendered, and looks like --help.
    awk -v output=help -f scripts/man-render.awk "$page" | cmp -s - "$dir/help" ||
        fail "$tool --help is not $page rendered (a stale build?)"
    head -n 1 "$dir/help" | grep -q "^Usage: tetris-$tool " ||
        fail "$tool --help does not start with its usage: $(head -n 1 "$dir/help")"
    long=$(awk 'length > 79' "$dir/help")
    [ -z "$long" ] || fail "$tool --help has lines over 79 columns: $long"
    grep -q "^Options:\$" "$dir/help" || fail "$tool --help has no Options:"
    lines=$(wc -l <"$dir/help")
    [ "$lines" -le $((count + 14)) ] ||
        fail "$tool --help is $lines lines for $count options: not short"
    tail -n 1 "$dir/help" | grep -qx "Full documentation: man tetris-$tool" ||
        fail "$tool --help does not end by naming its manual"
    "$program" -h | cmp -s - "$dir/help" || fail "$tool -h differs from --help"

    # The page is its source with the numbers filled in, and renders cleanly.
    awk -f scripts/man-fill.awk "$gen/numbers.txt" "$source" | cmp -s - "$page" ||
        fail "$page is not $source filled in"
    grep -q '@[A-Z0-9_]*@' "$page" && fail "$page keeps a number's name"
    if command -v groff >/dev/null 2>&1; then
        groff -man -Tutf8 -ww -z "$page" >"$dir/warnings" 2>&1
        [ -s "$dir/warnings" ] && fail "groff warns about $page: $(head -n 3 "$dir/warnings")"
    else
        echo "note: no groff; $page not rendered"
    fi
done

# The field's numbers come from field.h, in --help and in the pages.
for tool in search convert; do
    "$BIN_DIR/tetris-$tool" --help | tr -s ' \n' '  ' |
        grep -q -- "--width W[^-]*odd number from $min_width to $max_width" ||
        fail "tetris-$tool --help does not give --width as from $min_width to $max_width"
done
"$BIN_DIR/tetris-print" --help | tr -s ' \n' '  ' |
    grep -q -- "--height H The playfield's rows, $min_height to $max_height" ||
    fail "tetris-print --help does not give --height up to $max_height"
grep -q "odd number from $min_width to $max_width" "$gen/man/tetris-convert.1" ||
    fail "tetris-convert.1 does not give the widths of field.h"

# README.md's tables are the man pages' options.
if ! cmp -s README.md "$gen/README.md"; then
    fail "README.md's tables of options are out of date: run make readme"
    diff README.md "$gen/README.md" | head -n 10
fi

# The renderer refuses what it can't render, and an option --help would leave out.
refused() { # refused WHAT REASON ROFF: rendering ROFF as --help fails, saying REASON
    printf '.TH T 1\n.SH NAME\nt \\- x\n.SH SYNOPSIS\n.B t\n%b\n' "$3" >"$dir/page.1"
    awk -v output=help -f scripts/man-render.awk "$dir/page.1" >/dev/null 2>"$dir/err" &&
        fail "the renderer accepts $1"
    grep -q -- "$2" "$dir/err" || fail "the renderer refuses $1 without saying $2: $(cat "$dir/err")"
}
refused "an unknown request" "unsupported request .UR" '.SH OPTIONS\n.TP\n\\fB\\-a\\fR\nA.\n.UR x'
refused "an unknown escape" "unsupported character" '.SH DESCRIPTION\nsome \\(co text'
refused "an option in a man-only region" "every option is in --help" \
    '.SH OPTIONS\n.\\" begin man-only\n.TP\n\\fB\\-a\\fR\nA.\n.\\" end man-only'
refused "an option's second paragraph outside a man-only region" ".IP among the options" \
    '.SH OPTIONS\n.TP\n\\fB\\-a\\fR\nA.\n.IP\nMore.'
refused "an unclosed man-only region" "not closed" '.SH DESCRIPTION\n.\\" begin man-only\nx'
refused "a line over 79 columns" "longer than 79 columns" \
    '.SH OPTIONS\n.TP\n\\fB\\-a\\fR\n.\\" help: 0123456789012345678901234567890123456789012345678901234567\nA.'
refused "an option without its line of help" "has no" '.SH OPTIONS\n.TP\n\\fB\\-a\\fR\nA.'
refused "a line of help that is not an option's" "doesn't follow an option's tag" \
    '.SH DESCRIPTION\n.\\" help: x\nA.'
printf '.TH T 1\n.SH NAME\nt \\- x\n.SH OPTIONS\n.TP\nx\ny\n' >"$dir/page.1"
awk -f scripts/man-fill.awk /dev/null "$dir/page.1" | cmp -s - "$dir/page.1" ||
    fail "man-fill.awk changes a page without numbers"
printf 'A 1\n' >"$dir/numbers"
printf 'from @A@ to @B@\n' | awk -f scripts/man-fill.awk "$dir/numbers" - >/dev/null 2>&1 &&
    fail "man-fill.awk fills in a number it doesn't know"

[ "$failures" -eq 0 ]
