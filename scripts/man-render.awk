# Renders a man page of the project (its numbers filled in: scripts/man-fill.awk) as the
# program's --help text (output=help) or as the Markdown table of its options that the
# README shows (output=table). The man page is the one source of a tool's texts
# (docs/design.md, "Texts"); this is why it is written in a small roff subset, which this
# renders without groff:
#   requests  .TH .SH .SS .TP .PP .LP .IP .RS .RE .nf .fi .br .B .I .BR, comments .\"
#   escapes   \fB \fI \fR \fP \- \(em \(mu \e \& and "\ " (a space that doesn't break)
# Anything else is an error, so that no text of a page can silently go missing.
#
# --help is short: "Usage:" lines from SYNOPSIS (one per .br), the summary from NAME, then
# "Options:" and one line per option (a .TP of OPTIONS): its tag, then its line of help,
# written in the page as a comment after the tag, '.\" help: TEXT' (an option without one
# is an error); the texts aligned in a column, a long option without a short one under the
# long names; every line at most 79 columns (an error otherwise); a last line naming the
# manual, which keeps everything else. The README's table holds each option's whole text,
# outside the lines between '.\" begin man-only' and '.\" end man-only' (the manual's long
# explanations). Every option must stay in the table: one in a man-only region is an
# error, and so is a second paragraph of an option outside one (.IP, .RS, .nf), which the
# table could not hold.
# Usage: awk -v output=help|table -f scripts/man-render.awk tetris-TOOL.1
BEGIN {
    width = 79
    option_column = 26 # where an option's line of help starts
    NBSP = "\001"      # "\ ": a space where a line may not break
    BREAK = "\002"     # .br: the line breaks here
    if (output != "help" && output != "table") {
        print "man-render.awk: output must be help or table" > "/dev/stderr"
        failed = 1
        exit 1
    }
    kind = "p"
}

function fail(message) {
    printf "%s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
    failed = 1
    exit 1
}

function spaces(n, s) {
    s = ""
    while (length(s) < n)
        s = s " "
    return s
}

# The arguments of a request, its double quotes removed.
function arguments(line) {
    sub(/^\.[A-Za-z]+[ \t]*/, "", line)
    gsub(/"/, "", line)
    return line
}

# Roff text as plain text (markdown = 0) or as Markdown (1): fonts, escapes, and in
# Markdown the characters a table cell must escape.
function render(s, markdown, out, i, n, c, font, next_font, name) {
    out = ""
    font = "R"
    n = length(s)
    for (i = 1; i <= n; i++) {
        c = substr(s, i, 1)
        if (c != "\\") {
            out = out (markdown ? markdown_char(c, font) : c)
            continue
        }
        i++
        c = substr(s, i, 1)
        if (c == "f") {
            i++
            next_font = substr(s, i, 1)
            if (next_font == "P")
                next_font = "R"
            if (next_font != "B" && next_font != "I" && next_font != "R")
                fail("unsupported font \\f" next_font)
            if (markdown)
                out = out font_change(font, next_font)
            font = next_font
        } else if (c == "(") {
            name = substr(s, i + 1, 2)
            i += 2
            if (name == "em")
                out = out (markdown ? "—" : "--")
            else if (name == "mu")
                out = out (markdown ? "×" : "x")
            else
                fail("unsupported character \\(" name)
        } else if (c == "-")
            out = out "-"
        else if (c == "e")
            out = out (markdown ? markdown_char("\\", font) : "\\")
        else if (c == " ")
            out = out (markdown ? " " : NBSP)
        else if (c != "&")
            fail("unsupported escape \\" c)
    }
    if (markdown)
        out = out font_change(font, "R")
    return out
}

# Bold is code in Markdown (commands, options, literal values), italic is emphasis.
function font_mark(font) {
    return font == "B" ? "`" : font == "I" ? "*" : ""
}

function font_change(from, to) {
    return from == to ? "" : font_mark(from) font_mark(to)
}

function markdown_char(c, font) {
    if (c == "|")
        return "\\|" # even in code: it would end the table cell
    if (font != "B" && index("\\`*_<[", c))
        return "\\" c
    return c
}

# Words of a paragraph filled into lines of at most `width` columns: the first starts with
# `lead`, the others with `indent` spaces.
function fill(text, lead, indent, n, words, i, line, word, blank) {
    n = split(text, words, " ")
    blank = spaces(indent)
    line = ""
    for (i = 1; i <= n; i++) {
        word = words[i]
        if (word == "")
            continue
        if (word == BREAK) {
            put(lead line)
            lead = blank
            line = ""
        } else if (line != "" && length(lead) + length(line) + 1 + length(word) > width) {
            put(lead line)
            lead = blank
            line = word
        } else
            line = line == "" ? word : line " " word
    }
    if (line != "" || lead != blank)
        put(lead line)
}

function put(line) {
    gsub(NBSP, " ", line)
    sub(/ +$/, "", line)
    if (length(line) > width)
        fail("a line of --help is longer than " width " columns: " line)
    print line
    printed = 1
}

function heading(title) {
    if (printed)
        put("")
    put(title)
}

# The paragraph read so far, out.
function flush() {
    if (want_tag)
        fail(".TP without a tag line")
    if (paragraph == "" && tag == "")
        return
    if (section == "NAME")
        summary = paragraph
    else if (section == "SYNOPSIS")
        synopsis = synopsis " " paragraph
    else if (output == "table") {
        if (section == "OPTIONS" && kind == "tp")
            table_row(tag, paragraph)
    } else if (section == "OPTIONS" && kind == "tp") {
        option_line(tag)
    } else {
        render(tag " " paragraph, 0) # not in --help, but held to the subset all the same
    }
    paragraph = ""
    tag = ""
    help_text = ""
}

# An option's line of --help: its tag, and its help at the options' column (two spaces
# after a longer tag).
function option_line(tag, tag_text, at, column, line) {
    if (help_text == "")
        fail("the option " render(tag, 0) " has no '.\\\" help:' line")
    tag_text = render(tag, 0)
    at = 2 + (tag_text ~ /^--/ ? 4 : 0)
    column = option_column
    line = spaces(at) tag_text
    line = line (length(line) + 2 <= column ? spaces(column - length(line)) : "  ")
    put(line render(help_text, 0))
}

function table_row(tag, text, cell) {
    if (!rows++) {
        print "| option | |"
        print "|---|---|"
    }
    cell = render(tag, 0)
    gsub(NBSP, " ", cell)
    gsub(/\|/, "\\|", cell)
    text = render(text, 1)
    gsub(BREAK, " ", text)
    gsub(/  +/, " ", text)
    sub(/^ /, "", text)
    sub(/ $/, "", text)
    print "| `" cell "` | " text " |"
}

# The usage lines and the summary, which --help starts with.
function usage(n, lines, i, line, count, name) {
    n = split(synopsis, lines, BREAK)
    count = 0
    for (i = 1; i <= n; i++) {
        line = render(lines[i], 0)
        if (line ~ /^ *$/)
            continue
        fill(line, count++ ? "  or:  " : "Usage: ", 8 + length(program))
    }
    if (!count)
        fail("SYNOPSIS gives no usage line")
    name = render(summary, 0)
    if (!sub(/^[^ ]+ - /, "", name))
        fail("NAME is not \"program \\- what it does\"")
    fill(toupper(substr(name, 1, 1)) substr(name, 2) ".", "", 0)
}

function start_section(title) {
    if (section == "SYNOPSIS" && output == "help")
        usage()
    section = title
    kind = "p"
    if (output == "help" && title == "OPTIONS")
        heading("Options:")
}

# A line of text: a .TP's tag, a line of a literal block, or words of the paragraph.
function text(line) {
    if (want_tag) {
        tag = line
        want_tag = 0
    } else if (literal) {
        render(line, 0) # the manual's alone, held to the subset
    } else
        paragraph = paragraph == "" ? line : paragraph " " line
}

/^\.\\" help: / {
    if (section != "OPTIONS" || kind != "tp" || want_tag || tag == "")
        fail("a help line that doesn't follow an option's tag")
    help_text = $0
    sub(/^\.\\" help: */, "", help_text)
    next
}

/^\.\\"/ {
    if ($0 ~ /^\.\\" *begin man-only *$/) {
        if (man_only)
            fail("man-only regions don't nest")
        man_only = 1
    } else if ($0 ~ /^\.\\" *end man-only *$/) {
        if (!man_only)
            fail("end man-only without a beginning")
        man_only = 0
    }
    next
}

man_only {
    if ($1 == ".SH") {
        flush()
        start_section(arguments($0))
    } else if ($1 == ".TP" && section == "OPTIONS")
        fail("an option in a man-only region: every option is in --help")
    next
}

/^\./ {
    request = $1
    if (section == "OPTIONS" && (request == ".IP" || request == ".RS" || request == ".nf"))
        fail(request " among the options: an option's text is one paragraph, mark the rest man-only")
    if (request == ".TH")
        program = tolower($2)
    else if (request == ".SH") {
        flush()
        start_section(arguments($0))
    } else if (request == ".SS") {
        flush()
        kind = "p"
    } else if (request == ".TP") {
        flush()
        kind = "tp"
        want_tag = 1
    } else if (request == ".PP" || request == ".LP" || request == ".P") {
        flush()
        kind = "p"
    } else if (request == ".IP") {
        flush()
        kind = "ip"
        tag = arguments($0)
    } else if (request == ".RS" || request == ".RE") {
        flush()
        kind = "p"
    } else if (request == ".nf") {
        flush()
        literal = 1
    } else if (request == ".fi") {
        literal = 0
    } else if (request == ".br") {
        if (!literal)
            paragraph = paragraph " " BREAK " "
    } else if (request == ".B")
        text("\\fB" arguments($0) "\\fR")
    else if (request == ".I")
        text("\\fI" arguments($0) "\\fR")
    else if (request == ".BR") {
        n = split(arguments($0), parts, " ")
        joined = ""
        for (i = 1; i <= n; i++)
            joined = joined (i % 2 ? "\\fB" : "\\fR") parts[i]
        text(joined "\\fR")
    } else
        fail("unsupported request " request)
    next
}

/^$/ {
    fail("a blank line (use .PP)")
}

{
    text($0)
}

END {
    if (failed)
        exit 1
    flush()
    if (man_only)
        fail("a man-only region is not closed")
    if (output == "help") {
        if (section == "SYNOPSIS")
            usage()
        put("")
        put("Full documentation: man " program)
    } else if (!rows)
        fail("no options in OPTIONS")
}
