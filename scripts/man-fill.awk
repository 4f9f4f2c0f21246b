# Fills in the numbers of a man page source: every @NAME@ becomes the value NAME has in the
# numbers file, whose lines are "NAME VALUE" (printed by man/numbers.c from the headers that
# own them). An unknown name is an error, so that a misspelt one can't reach a page.
# Usage: awk -f scripts/man-fill.awk NUMBERS man/tetris-TOOL.1.in > tetris-TOOL.1
FILENAME == ARGV[1] {
    value[$1] = $2
    next
}
{
    line = $0
    filled = ""
    while (match(line, /@[A-Z0-9_]+@/)) {
        name = substr(line, RSTART + 1, RLENGTH - 2)
        if (!(name in value)) {
            printf "%s:%d: no number is called %s\n", FILENAME, FNR, name > "/dev/stderr"
            failed = 1
            exit 1
        }
        filled = filled substr(line, 1, RSTART - 1) value[name]
        line = substr(line, RSTART + RLENGTH)
    }
    print filled line
}
END {
    if (failed)
        exit 1
}
