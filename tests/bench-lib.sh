# Sourced by the benchmarks (bench.sh and those that convert): a temporary directory $tmp,
# removed on exit, holding the run's own pattern cache (XDG_CACHE_HOME: the first conversion
# at a width searches its patterns, as a user's first would, and the user's cache is left
# alone), $cores, the processors the figures were measured with, median, largest and ratio.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
XDG_CACHE_HOME="$tmp/cache"
export XDG_CACHE_HOME
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")

# median: the middle of the numbers on standard input.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# largest: the largest of the numbers on standard input.
largest() { sort -n | tail -n 1; }

# ratio A B: A / B to two decimals (0 when B is 0).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
