#!/bin/sh
# The modules of src/ include one another one way only (each folder's README says what it
# depends on): no cycle among them (scripts/module-cycles.sh, a module being x.c with x.h).
# Checks the script itself on a small tree with cycles and without, then src/.
set -u
. tests/e2e/lib/checks.sh

# A tree with two cycles: a.c includes b.h and b.c a.h, in src/core; in a tool's rooms,
# c.c includes its own room's d.h by name and d.c c.h as "room/c.h".
mkdir -p "$dir/src/core" "$dir/src/tool/room"
printf '#include "b.h"\n' >"$dir/src/core/a.c"
printf '#include "a.h"\n' >"$dir/src/core/b.c"
: >"$dir/src/core/a.h"
: >"$dir/src/core/b.h"
printf '#include "a.h"\n#include "d.h"\n#include <stdio.h>\n' >"$dir/src/tool/room/c.c"
printf '#include "room/c.h"\n' >"$dir/src/tool/room/d.c"
: >"$dir/src/tool/room/c.h"
: >"$dir/src/tool/room/d.h"
out=$(sh scripts/module-cycles.sh "$dir/src")
status=$?
[ "$status" -eq 1 ] || fail "a tree with cycles: exit $status, not 1"
expected="cycle: $dir/src/core/a -> $dir/src/core/b -> $dir/src/core/a
cycle: $dir/src/tool/room/c -> $dir/src/tool/room/d -> $dir/src/tool/room/c"
[ "$out" = "$expected" ] || fail "a tree with cycles: printed '$out', not '$expected'"

# The same tree without them.
: >"$dir/src/core/b.c"
: >"$dir/src/tool/room/d.c"
out=$(sh scripts/module-cycles.sh "$dir/src")
status=$?
if [ "$status" -ne 0 ] || [ -n "$out" ]; then
    fail "a tree without cycles: exit $status, '$out'"
fi

# src/ itself.
out=$(sh scripts/module-cycles.sh src)
status=$?
if [ "$status" -ne 0 ] || [ -n "$out" ]; then
    fail "src/: exit $status, module cycles:
$out"
fi

[ "$failures" -eq 0 ] || exit 1
echo "module cycles: none"
