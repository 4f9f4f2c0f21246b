# Writes README.md with its tables of options regenerated from the man pages: the lines
# between "<!-- options of tetris-TOOL: ... -->" and "<!-- end of options -->" become the
# table in TABLES/tetris-TOOL.md (scripts/man-render.awk -v output=table).
# Usage: awk -v tables=DIR -f scripts/readme-tables.awk README.md > README.md.new
function fail(message) {
    printf "%s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
    failed = 1
    exit 1
}
/^<!-- options of tetris-[a-z]+: / {
    if (inside)
        fail("a table starts inside another")
    print
    tool = $0
    sub(/^<!-- options of /, "", tool)
    sub(/:.*/, "", tool)
    file = tables "/" tool ".md"
    print ""
    while ((status = (getline line < file)) > 0)
        print line
    if (status < 0)
        fail("cannot read " file)
    close(file)
    print ""
    inside = 1
    count++
    next
}
/^<!-- end of options -->/ {
    if (!inside)
        fail("an end of options without a start")
    inside = 0
}
!inside {
    print
}
END {
    if (failed)
        exit 1
    if (inside)
        fail("a table of options is not closed")
    if (!count)
        fail("no table of options")
}
