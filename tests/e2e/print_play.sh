#!/bin/sh
# tetris-print --play in a pseudo-terminal (script(1)): frames drawn in place with 24-bit
# colours, the cursor hidden while playing and the terminal restored at the end and on
# any signal that ends it (SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGALRM tried); without a
# terminal, a one-line error (exit 2).
set -u
. tests/e2e/lib/print.sh
esc=$(printf '\033')
restore="${esc}[0m${esc}[?25h"

# To the end: hides the cursor, draws, goes back up over the previous frame, restores.
timeout 60 script -qec "$print $script --play --no-crop --every 10 --delay 0" "$dir/typescript" \
    >/dev/null 2>&1 </dev/null || fail "--play exit $?"
grep -q "${esc}\[?25l" "$dir/typescript" || fail "--play does not hide the cursor"
grep -q "${esc}\[38;2;76;220;72m" "$dir/typescript" || fail "--play: no T cells in 4cdc48"
grep -q "${esc}\[22A" "$dir/typescript" || fail "--play does not draw in place"
grep -q 'piece 141/141  lines 25' "$dir/typescript" || fail "--play: no final counters"
grep -qF "$restore" "$dir/typescript" || fail "--play does not restore at the end"

# A signal while playing: the terminal is restored, and the signal ends the program.
for signal in INT TERM QUIT USR1 ALRM; do
    rm -f "$dir/pid" "$dir/typescript"
    timeout 60 script -qec "sh -c 'echo \$\$ >$dir/pid; exec $print $script --play --delay 50'" \
        "$dir/typescript" >/dev/null 2>&1 </dev/null &
    waited=0
    while ! grep -q 'piece 2/' "$dir/typescript" 2>/dev/null && [ $waited -lt 300 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -$signal "$(cat "$dir/pid")"
    wait $!
    grep -qF "$restore" "$dir/typescript" || fail "SIG$signal: terminal not restored"
    kill -0 "$(cat "$dir/pid")" 2>/dev/null && fail "SIG$signal: still running"
done

# Not a terminal: one line, exit 2.
"$print" "$script" --play >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
    grep -q 'standard output is not a terminal' "$dir/err" || fail "no terminal: exit $status"

[ "$failures" -eq 0 ]
