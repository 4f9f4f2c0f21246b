#!/bin/sh
# tetris-convert's command line end to end: --help, --version, bad usage, bad input files (one
# line on stderr, exit 2, no output file nor temporary file left), the size limits, standard
# input and output, an existing output replaced only on success, determinism across thread
# counts and runs, --stats, --quiet, --patterns and --color-order.
set -u
. tests/e2e/lib/convert.sh

# bad_input WHAT FILE NAMED [ARGS...]: converting FILE with -o exits 2 with one line on
# stderr that contains NAMED (unless empty), and leaves nothing in the (empty) output
# directory nor on standard output.
bad_input() {
    what=$1 input=$2 named=$3
    shift 3
    rm -rf "$dir/w" && mkdir "$dir/w"
    "$convert" -q "$@" -o "$dir/w/out.txt" "$input" >"$dir/out" 2>"$dir/err"
    check_error "$what" 2 $? "$dir/err"
    [ -z "$named" ] || grep -q -- "$named" "$dir/err" ||
        fail "$what: the message does not name $named: $(head -n 1 "$dir/err")"
    [ -z "$(ls -A "$dir/w")" ] && [ ! -s "$dir/out" ] ||
        fail "$what: left output behind: $(ls -A "$dir/w") $(head -c 100 "$dir/out")"
}

heart=sprites/heart.png
forest=sprites/forest.png

# --help and --version.
"$convert" --help >"$dir/help" 2>"$dir/err" || fail "--help exit $?"
for option in --output --method realtime table --color-order fewest reading --seed --threads \
    --patterns --width --height auto --stats --quiet --help --version; do
    grep -q -- "$option" "$dir/help" || fail "--help lacks $option"
done
for option in -o -m -s -t -p -w -q -h -V; do
    grep -Eq -- "(^|[^-[:alnum:]])$option([^-[:alnum:]]|$)" "$dir/help" || fail "--help lacks $option"
done
"$convert" -h | cmp -s - "$dir/help" || fail "-h differs from --help"
"$convert" --version >"$dir/version" || fail "--version exit $?"
grep -q '^tetris-convert' "$dir/version" || fail "--version: $(head -n 1 "$dir/version")"
"$convert" -V | cmp -s - "$dir/version" || fail "-V differs from --version"

# Bad usage.
usage_error "no operand"
usage_error "two operands" "$heart" "$heart"
usage_error "unknown long option" --bogus "$heart"
usage_error "unknown short option" -x "$heart"
usage_error "bad --method" --method magic "$heart"
usage_error "bad --color-order" --color-order rainbow "$heart"
"$convert" -q --colour-order reading "$heart" >/dev/null || fail "--colour-order: exit $?"
usage_error "bad --seed" --seed twelve "$heart"
usage_error "bad --threads" --threads -3 "$heart"
usage_error "-o without its argument" "$heart" -o
usage_error "--patterns without its argument" "$heart" --patterns
for width in 20 9 73 wide ""; do
    usage_error "--width '$width'" --width "$width" "$heart"
done
usage_error "--height 3" --height 3 "$heart"
usage_error "--height 256" --height 256 "$heart"
usage_error "ambiguous prefix (--patterns, --preview)" --p x "$heart"

# The conventions of the three tools: prefixes, clustered short options, -oFILE.
"$convert" --meth table --se 3 -qo "$dir/prefix.txt" "$heart" || fail "prefixes and -qo exit $?"
"$convert" --method=table --seed=3 --quiet --output "$dir/long.txt" "$heart" || fail "long forms"
cmp -s "$dir/prefix.txt" "$dir/long.txt" || fail "prefixes and long forms give different scripts"
"$convert" -q -o"$dir/attached.txt" "$heart" && [ -s "$dir/attached.txt" ] || fail "-oFILE"

# Bad input files.
head -c 3000 /dev/urandom >"$dir/random.bin"
size=$(wc -c <sprites/lighthouse.png)
head -c 60 sprites/lighthouse.png >"$dir/truncated-header.png"
head -c $((size / 2)) sprites/lighthouse.png >"$dir/truncated-data.png"
head -c $((size - 12)) sprites/lighthouse.png >"$dir/truncated-end.png"
: >"$dir/empty.png"
mkdir "$dir/a-directory.png"
bad_input "missing file" "$dir/missing.png" missing.png
bad_input "a directory" "$dir/a-directory.png" a-directory.png
bad_input "random bytes" "$dir/random.bin" random.bin
bad_input "random bytes on standard input" - "" <"$dir/random.bin"
bad_input "an empty file" "$dir/empty.png" empty.png
bad_input "a PNG cut in its header" "$dir/truncated-header.png" truncated-header.png
bad_input "a PNG cut in its data" "$dir/truncated-data.png" truncated-data.png
bad_input "a PNG without its IEND chunk" "$dir/truncated-end.png" truncated-end.png

# Too large for the field asked for: the message says which width fits.
printf 'R=c83c3c\nRRRRRRRRRRRRRRRRRR\n' | art wide18
bad_input "an 18-wide sprite on the 21-wide field" "$dir/wide18.png" "(try tetris-convert --width 23 " \
    --width 21
{ echo R=c83c3c; i=0; while [ $i -lt 33 ]; do echo R; i=$((i + 1)); done; } | art tall33
bad_input "a 33-tall sprite on the 21-wide field" "$dir/tall33.png" "21x42 field (at most 17x32)" \
    --width 21
bad_input "a 33-tall sprite under --height 42" "$dir/tall33.png" "too large for any field" \
    --height 42
# A field too low for any sprite says the height that holds one (not "at most 67x-6").
bad_input "--width 71 --height 4" sprites/dot.png "a field 4 rows tall holds no sprite: .* so --height 11 at least" \
    --width 71 --height 4
# Too large for any field: the message names --width.
{ echo R=c83c3c; echo RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR; } | art wide68
bad_input "a 68-wide sprite" "$dir/wide68.png" "at most 67x245 can be printed"
printf 'R=c83c3c G=3cb44b B=4363d8 Y=ffe119 C=42d4f4 M=f032e6 K=000000 W=ffffff\nRGBYCMKW\nRRRRRRRR\n' |
    art colours8
bad_input "8 colours" "$dir/colours8.png" colours8.png
for colour in c83c3c 3cb44b 4363d8 ffe119; do
    grep -qi "#$colour" "$dir/err" || fail "8 colours: the message does not name #$colour: $(cat "$dir/err")"
done
grep -q "at most 7" "$dir/err" || fail "8 colours: the message does not say 7: $(cat "$dir/err")"
printf 'R=c83c3c\n...\n...\n' | art transparent
bad_input "a fully transparent image" "$dir/transparent.png" transparent.png
printf 'R=c83c3c\nRR.\n...\n.RR\n' | art gap
bad_input "an interior transparent row" "$dir/gap.png" gap.png
grep -Eqi 'empty row|transparent' "$dir/err" || fail "interior transparent row: $(cat "$dir/err")"

# --width auto (the default) takes the 21-wide field when the sprite fits it, otherwise the
# smallest that does (twice as tall): the 18-wide and the 33-tall sprites go to 23 x 46
# (the column of 33 would be tried on 25 too, and takes more pieces there).
for name in wide18 tall33; do
    "$convert" -q --stats -o "$dir/$name.txt" "$dir/$name.png" 2>"$dir/err" &&
        grep -q '^field: *23x46$' "$dir/err" &&
        "$print" --scale 1 --background transparent -o "$dir/$name.out.png" "$dir/$name.txt" &&
        "$sprite_tool" expect "$dir/$name.png" "$dir/$name.out.png" ||
        fail "$name with --width auto: not reproduced on 23 x 46 ($(cat "$dir/err"))"
done
# ... or, for the real-time method, the next wider when it prints the sprite in fewer pieces:
# tried when parity favours it. Lone pixels (stars) take 5-row passes on 23 columns and 3-row
# ones on 25; the script is the 25-wide one, fewer pieces than --width 23's.
awk 'BEGIN { print "R=c83c3c"; print "R................R"
             for (y = 1; y < 20; y++) { row = ""; for (x = 0; x < 18; x++) row = row (x == (y * 7) % 18 ? "R" : ".")
                                        print row } }' | art stars
if "$convert" --stats -o "$dir/stars.txt" "$dir/stars.png" 2>"$dir/err" &&
    "$convert" -q --width 23 -o "$dir/stars-23.txt" "$dir/stars.png"; then
    grep -q '^field: *25x50$' "$dir/err" || fail "stars with --width auto: $(grep field: "$dir/err")"
    # ... and a line says so, naming both fields' pieces
    grep -Eq "^$dir/stars.png: printed on the 25x50 field, [0-9]+ pieces against [0-9]+ on 23x46 \(--width auto\)\$" \
        "$dir/err" || fail "stars: no line naming the field chosen ($(tr '\r' '\n' <"$dir/err" | grep -v '^rows'))"
    [ "$(count_pieces "$dir/stars.txt")" -lt "$(count_pieces "$dir/stars-23.txt")" ] ||
        fail "stars: $(count_pieces "$dir/stars.txt") pieces on --width auto's field, $(count_pieces "$dir/stars-23.txt") on 23"
    "$print" --scale 1 --background transparent -o "$dir/stars.out.png" "$dir/stars.txt" &&
        "$sprite_tool" expect "$dir/stars.png" "$dir/stars.out.png" ||
        fail "stars with --width auto: not reproduced"
else
    fail "stars: converting failed ($(cat "$dir/err"))"
fi
# The real-time method also converts a sprite 1 and 2 columns either side of centred and
# keeps the fewest pieces: this sprite, centred at column 7 of 21, takes fewer one column
# left (86 pieces, 107 centred); --stats names the column, and --center keeps it centred.
printf 'R=d268e9\n.R....\n....RR\nRR.RR.\n...R..\n' | art lattice
if "$convert" -q --stats -o "$dir/lattice.txt" "$dir/lattice.png" 2>"$dir/err" &&
    "$convert" -q --stats --center -o "$dir/lattice-c.txt" "$dir/lattice.png" 2>"$dir/err-c"; then
    grep -q '^column: *6 (centred: 7)$' "$dir/err" || fail "lattice: $(grep column: "$dir/err")"
    grep -q '^column: *7 (centred: 7)$' "$dir/err-c" || fail "lattice --center: $(grep column: "$dir/err-c")"
    [ "$(count_pieces "$dir/lattice.txt")" -lt "$(count_pieces "$dir/lattice-c.txt")" ] ||
        fail "lattice: $(count_pieces "$dir/lattice.txt") pieces, $(count_pieces "$dir/lattice-c.txt") with --center"
    "$print" --scale 1 --background transparent -o "$dir/lattice.out.png" "$dir/lattice.txt" &&
        "$sprite_tool" expect "$dir/lattice.png" "$dir/lattice.out.png" ||
        fail "lattice: not reproduced"
    "$print" --scale 1 --background transparent -o "$dir/lattice-c.out.png" "$dir/lattice-c.txt" &&
        "$sprite_tool" expect --center "$dir/lattice.png" "$dir/lattice-c.out.png" ||
        fail "lattice --center: not reproduced centred"
    # ... and the oracle tells the two apart
    "$sprite_tool" expect --center "$dir/lattice.png" "$dir/lattice.out.png" 2>/dev/null &&
        fail "sprite_tool expect --center: the lattice printed at column 6 passes as centred"
else
    fail "lattice: converting failed ($(cat "$dir/err" "$dir/err-c"))"
fi
# The real-time method converts the estimate's next colour assignments too and keeps the
# fewest pieces: this sprite takes 54 pieces with the estimate's first, 33 with its second;
# --stats says which printed.
printf 'A=43b282 B=6654db C=4e3923\n............A....\nB...C...B......BA\n' | art ranked
if "$convert" -q --stats -o "$dir/ranked.txt" "$dir/ranked.png" 2>"$dir/err"; then
    grep -q '^assigned: *colour assignment 2 of ' "$dir/err" ||
        fail "ranked: $(grep assigned: "$dir/err")"
    [ "$(count_pieces "$dir/ranked.txt")" -eq 33 ] ||
        fail "ranked: $(count_pieces "$dir/ranked.txt") pieces, not 33"
    "$print" --scale 1 --background transparent -o "$dir/ranked.out.png" "$dir/ranked.txt" &&
        "$sprite_tool" expect "$dir/ranked.png" "$dir/ranked.out.png" ||
        fail "ranked: not reproduced"
else
    fail "ranked: converting failed ($(cat "$dir/err"))"
fi
# --height: a taller field takes a taller sprite on the 21-wide field, and the script
# prints on it (tetris-print --height).
"$convert" -q --width 21 --height 43 -o "$dir/tall33-43.txt" "$dir/tall33.png" &&
    "$print" --height 43 --scale 1 --background transparent -o "$dir/tall33-43.png" \
        "$dir/tall33-43.txt" && "$sprite_tool" expect "$dir/tall33.png" "$dir/tall33-43.png" ||
    fail "--width 21 --height 43: a 33-tall sprite not reproduced"

# The limits themselves are accepted, and a transparent border does not count.
{ echo R=c83c3c; i=0; while [ $i -lt 32 ]; do echo .R; i=$((i + 1)); done; echo ..; } | art tall32
printf 'G=3cb44b B=4363d8\n..................\n.GBGBGBGBGBGBGBGBG\n' | art wide17
for name in tall32 wide17; do
    "$convert" -q -o "$dir/$name.txt" "$dir/$name.png" 2>"$dir/err" &&
        "$print" --scale 1 --background transparent -o "$dir/$name.out.png" "$dir/$name.txt" &&
        "$sprite_tool" expect "$dir/$name.png" "$dir/$name.out.png" ||
        fail "$name: not reproduced ($(head -n 1 "$dir/err"))"
done

# Standard input, standard output and -o give the same script.
"$convert" -q -o "$dir/heart.txt" "$heart" || fail "-o FILE exit $?"
[ -s "$dir/heart.txt" ] || fail "-o FILE wrote nothing"
"$convert" -q "$heart" >"$dir/stdout.txt" || fail "standard output exit $?"
cmp -s "$dir/heart.txt" "$dir/stdout.txt" || fail "standard output differs from -o FILE"
"$convert" -q -o - - <"$heart" >"$dir/stdin.txt" || fail "standard input exit $?"
cmp -s "$dir/heart.txt" "$dir/stdin.txt" || fail "standard input differs from a file"
"$convert" -q --output="$dir/long.txt" "$heart" && cmp -s "$dir/heart.txt" "$dir/long.txt" ||
    fail "--output=FILE"

# An existing output is replaced on success only, and no temporary file is left.
mkdir "$dir/keep"
echo old >"$dir/keep/script.txt"
"$convert" -q -o "$dir/keep/script.txt" "$dir/colours8.png" 2>/dev/null
[ $? -eq 2 ] || fail "failing conversion over an existing file: exit not 2"
[ "$(cat "$dir/keep/script.txt")" = old ] || fail "a failing conversion changed the existing output"
"$convert" -q -o "$dir/keep/script.txt" "$heart" || fail "conversion over an existing file"
cmp -s "$dir/heart.txt" "$dir/keep/script.txt" || fail "the existing output was not replaced"
[ "$(ls -A "$dir/keep")" = script.txt ] || fail "files left beside the output: $(ls -A "$dir/keep")"

# An output that can't be written: exit 1, one line.
"$convert" -q -o "$dir/no-such-directory/out.txt" "$heart" 2>"$dir/err"
check_error "unwritable output" 1 $? "$dir/err"

# Same seed, same bytes: one thread, two threads, and a second run; --stats the same too but
# its times (the placements searched count as one thread searches them).
for run in t1 t2 t2-again; do
    threads=${run#t}
    threads=${threads%-again}
    "$convert" --stats --seed 77 --threads "$threads" -o "$dir/forest-$run.txt" "$forest" \
        2>"$dir/forest-$run.stats" || fail "--seed 77 --threads $threads exit $?"
    sed -i '/^load: /d; /^time: /d' "$dir/forest-$run.stats"
done
cmp -s "$dir/forest-t1.txt" "$dir/forest-t2.txt" || fail "--threads 1 and --threads 2 differ"
cmp -s "$dir/forest-t2.txt" "$dir/forest-t2-again.txt" || fail "a second run differs"
diff "$dir/forest-t1.stats" "$dir/forest-t2.stats" >"$dir/diff" ||
    fail "--stats differs between --threads 1 and 2: $(cat "$dir/diff")"
cmp -s "$dir/forest-t2.stats" "$dir/forest-t2-again.stats" || fail "a second run's --stats differs"
"$convert" -q -s 77 -t 1 -m realtime "$forest" | cmp -s - "$dir/forest-t1.txt" ||
    fail "short options -s -t -m give different output"

# Seven colours: the same bytes with one thread and two; the colour line lists the colours of
# J, T, L, I, O, S and Z ("-" for a piece type that prints none).
balloon=sprites/balloon.png
"$convert" -q --threads 1 -o "$dir/balloon-t1.txt" "$balloon" || fail "balloon --threads 1 exit $?"
"$convert" -q --threads 2 -o "$dir/balloon-t2.txt" "$balloon" || fail "balloon --threads 2 exit $?"
cmp -s "$dir/balloon-t1.txt" "$dir/balloon-t2.txt" || fail "balloon: --threads 1 and 2 differ"
[ "$(awk 'NF { print NF; exit }' "$dir/balloon-t1.txt")" -eq 7 ] ||
    fail "balloon: the colour line is not 7 colours: $(head -n 1 "$dir/balloon-t1.txt")"

# --color-order: reading order gives colour k to J, T, L, I, O, S, Z in turn; a lone pixel
# of the 4th colour (an I's) with nothing on its right can't be printed so, and the message
# names it; the default finds pieces that print every pixel.
printf 'R=c83c3c G=3cb44b B=4363d8 Y=ffe119\nY.R.G.B\nRRRRRRR\n' | art lone-fourth
bad_input "--color-order reading, a lone I pixel" "$dir/lone-fourth.png" \
    "pixel 6,0 (#4363d8) can't be printed: an I piece" --color-order reading
"$convert" -q -o "$dir/lone-fourth.txt" "$dir/lone-fourth.png" || fail "lone-fourth exit $?"
"$print" --scale 1 --background transparent -o "$dir/lone-fourth-print.png" \
    "$dir/lone-fourth.txt" || fail "lone-fourth: tetris-print exit $?"
"$sprite_tool" expect "$dir/lone-fourth.png" "$dir/lone-fourth-print.png" ||
    fail "lone-fourth: printed sprite differs"
"$convert" -q --color-order reading -o "$dir/heart-reading.txt" "$heart" ||
    fail "--color-order reading exit $?"
# A row the search can miss (found by make check-full's soak): an S pair left of six O
# pixels, over a full row; a pass that leaves pixels must leave them printable.
printf 'a=ff0000 b=00ff00 c=0000ff d=ffff00 x=00ffff y=ff00ff\nabcdddd.\nxx......\n%s\n%s\n' \
    yyxxxxxx xxxxxxxx | art s-beside-o
if "$convert" -q --color-order reading -o "$dir/s-beside-o-script.txt" "$dir/s-beside-o.png"; then
    round_trip "S pair beside six O" "$dir/s-beside-o-script.txt" "$dir/s-beside-o.png"
else
    fail "S pair beside six O, --color-order reading: exit $?"
fi
# Another (the soak's picture 777 as --fit --colors 7 prepares it): on the 21-wide field,
# row 11 (7 of one colour, then 3, 1, 1 and 5) found no pass until a row's retries also
# tried options further from the best estimate.
art soak-777 <<'ART'
a=9ad86a b=73b85a c=4c7413 d=17252e e=314923 f=361735 g=2fe718
aaaaaaaaaaaaaaaaa
baaaaaaaaaaaaaaaa
aaaaaaaaaaaaaaaab
aaaaaaaaaaabaaaaa
aaaaaaaaaaaaaabba
aaaaaaaaaaaaacddc
aaaaaaaaaaaabdddd
aaaaaaaaaaaaedddd
aaaaaaaaaaabddddd
abaaaaaaababddddd
aaaaaaaaaaabddddd
aaaaaaabbbabddddd
aaaaaabedebbddddd
aaaabaeffdecddddd
cccccedffffeddddd
cccccedffffceeeee
cccccffffffebbggg
cccccffffffeggggg
cccccffffffeggggg
cccccffffffeggggg
cccccdffdffeggggg
ccccceffdffcggggg
cccccedffffcggggg
ccccccedffegggggg
cccccccddebgggggg
cccccccccbggggggg
ccccccccbgggggggg
ccccccccbgggggggg
ccccccccbgggggggg
ART
if "$convert" -q --width 21 -o "$dir/soak-777.txt" "$dir/soak-777.png"; then
    round_trip "soak picture 777 on the 21-wide field" "$dir/soak-777.txt" "$dir/soak-777.png"
else
    fail "soak picture 777, --width 21: exit $?"
fi
# Runs of I pixels of 2, each held up by pixels on both sides, a lone Z at the end: every
# piece type's rule at once (with a search that finds no pass, fallback passes print it:
# test_converter.c's fallback_passes_print_what_the_search_cannot).
printf '%s\n%s\n%s\n' 'J=2040e0 T=a040e0 L=f09020 I=40d0f0 O=f0e040 S=40c040 Z=e03030' \
    JTLIIIIOOSSZZ.... .JJJII.II..IIZZZL | art every-rule
if "$convert" -q --width 21 --color-order reading -o "$dir/every-rule.txt" \
    "$dir/every-rule.png" 2>"$dir/every-rule.err"; then
    round_trip "every piece type's rule in a row" "$dir/every-rule.txt" "$dir/every-rule.png"
else
    fail "every piece type's rule in a row: exit $?: $(cat "$dir/every-rule.err")"
fi
printf 'R=c83c3c G=3cb44b B=4363d8 Y=ffe119 C=42d4f4 M=f032e6 K=101010\nRGBYCMK\nRGBYCMK\n' |
    art seven-lone
bad_input "7 colours, none in pairs" "$dir/seven-lone.png" "none of the 7 colours can be printed by O"

# --stats goes to stderr only; --quiet alone prints nothing on stderr.
"$convert" -q --stats "$heart" >"$dir/stats.out" 2>"$dir/stats.err" || fail "--stats exit $?"
cmp -s "$dir/heart.txt" "$dir/stats.out" || fail "--stats changed standard output"
for word in pieces bound passes platforms rows time; do
    grep -qi "$word" "$dir/stats.err" || fail "--stats lacks $word: $(cat "$dir/stats.err")"
done
stat_pieces=$(grep -i pieces "$dir/stats.err" | head -n 1 | tr -c '0-9\n' ' ' | awk '{print $1}')
[ "$stat_pieces" = "$(count_pieces "$dir/heart.txt")" ] ||
    fail "--stats says ${stat_pieces:-no number of} pieces, the script has $(count_pieces "$dir/heart.txt")"
"$convert" -q "$heart" 2>"$dir/err" >/dev/null
[ -s "$dir/err" ] && fail "--quiet printed on stderr: $(head -n 2 "$dir/err")"

# --patterns: a copy of patterns/ gives the built-in library's output; a missing or damaged
# file is bad input.
cp -R patterns "$dir/patterns"
for method in realtime table; do
    "$convert" -q -m "$method" "$heart" >"$dir/builtin.txt" || fail "-m $method exit $?"
    "$convert" -q -m "$method" --patterns "$dir/patterns" "$heart" >"$dir/copy.txt" ||
        fail "--patterns copy -m $method exit $?"
    cmp -s "$dir/builtin.txt" "$dir/copy.txt" || fail "--patterns copy -m $method differs"
done
cp -R patterns "$dir/missing-file"
rm "$dir/missing-file/emitters2.txt"
bad_input "--patterns missing emitters2.txt" "$heart" emitters2.txt \
    --patterns "$dir/missing-file"
bad_input "--patterns no such directory" "$heart" no-such-patterns \
    --patterns "$dir/no-such-patterns"
for file in emitters1.txt emitters3.txt platforms.txt; do
    rm -rf "$dir/damaged" && cp -R patterns "$dir/damaged"
    # Cut the middle line of the file (a pattern row) short.
    lines=$(wc -l <"patterns/$file")
    awk -v target=$((lines / 2)) 'NR >= target && !done && length($0) > 5 {
        print substr($0, 1, 10); done = 1; next } { print }' "patterns/$file" >"$dir/damaged/$file"
    cmp -s "patterns/$file" "$dir/damaged/$file" && fail "could not damage $file"
    bad_input "--patterns with $file cut short" "$heart" "$file" --patterns "$dir/damaged"
done

# A platform without its last piece (its notch left empty) is refused.
rm -rf "$dir/notch" && cp -R patterns "$dir/notch"
sed -i '1,4s/U/./g' "$dir/notch/platforms.txt"
bad_input "--patterns with a platform's notch empty" "$heart" "platforms.txt: block 1: the notch is empty" \
    --patterns "$dir/notch"

# A library of another width: --patterns DIR sets the width with --width auto, and is bad
# input for a field of another width.
mkdir "$dir/patterns13"
"$BIN_DIR/tetris-search" -q --width 13 -o "$dir/patterns13" || fail "tetris-search --width 13"
printf 'R=c83c3c G=3cb44b\nRGRGRGRG.\n.RRRGGGRR\n' | art small9
"$convert" -q --stats --patterns "$dir/patterns13" -o "$dir/small9.txt" "$dir/small9.png" \
    2>"$dir/err" && grep -q '^field: *13x26$' "$dir/err" &&
    "$print" --scale 1 --background transparent -o "$dir/small9.out.png" "$dir/small9.txt" &&
    "$sprite_tool" expect "$dir/small9.png" "$dir/small9.out.png" ||
    fail "--patterns of the 13-wide field: not reproduced on 13 x 26 ($(cat "$dir/err"))"
bad_input "--patterns of the 13-wide field with --width 21" "$dir/small9.png" "13-wide field" \
    --width 21 --patterns "$dir/patterns13"

[ "$failures" -eq 0 ]
