# Sourced by the benchmarks that convert (bench-convert.sh, bench-placements.sh,
# bench-widths.sh) from the project's top directory: a temporary directory $tmp, removed on
# exit, holding the run's own pattern cache (XDG_CACHE_HOME: the first conversion at a width
# searches its patterns, as a user's first would), and $cores, the processors the figures
# were measured with.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
XDG_CACHE_HOME="$tmp/cache"
export XDG_CACHE_HOME
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
