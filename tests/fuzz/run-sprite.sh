#!/bin/sh
# Builds the libFuzzer harness for tetris-convert's sprite loader (libpng, libjpeg-turbo,
# stb_image) without the
# Makefile and runs it on tests/fuzz/sprite-corpus (new inputs go to a scratch directory,
# not the corpus; merge them with -merge=1 by hand when they are worth keeping).
# Usage: tests/fuzz/run-sprite.sh [SECONDS] [extra libFuzzer flags...]   (default 60 seconds)
# Needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev), libstb-dev,
# libpng-dev, libjpeg62-turbo-dev and libimagequant-dev. The fitting steps are fuzzed too (see fuzz_sprite.c).
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
out=${FUZZ_BUILD:-build/fuzz}
mkdir -p "$out/sprite-new"
CC=${CC_FUZZ:-clang}
# The harness and the picture room (src/convert/picture/: decoding, preparing, the sprite
# rules) with the colour plan and rules of src/convert/colours/ (not the converter's choice,
# which searches), and the core files they use.
$CC -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Werror \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Isrc/core -Isrc/convert -Isrc/convert/picture \
    tests/fuzz/fuzz_sprite.c src/convert/picture/*.c src/convert/colours/colour_plan.c \
    src/convert/colours/colour_rules.c src/core/cli.c src/core/atomic_output.c \
    src/core/exit_signals.c \
    src/core/png_rgba.c src/core/printable.c src/core/tetromino.c \
    -lpng -ljpeg -limagequant -lgomp -lz -lm \
    -o "$out/fuzz_sprite"
"$out/fuzz_sprite" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=1024 \
    -malloc_limit_mb=64 -timeout=10 \
    -artifact_prefix="$out/sprite-" "$@" "$out/sprite-new" tests/fuzz/sprite-corpus
