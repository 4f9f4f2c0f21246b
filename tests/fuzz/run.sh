#!/bin/sh
# Builds the libFuzzer harness for the script reader and player without the Makefile and
# runs it on tests/fuzz/corpus (new inputs go to a scratch directory, not the corpus).
# Usage: tests/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]   (default 60 seconds)
# -max_len=32768 lets an input hold a block taller than BLOCK_MAX_ROWS (257 lines) even on
# the widest field (72 bytes a line: 18.6 KB) and a line past BLOCK_LINE_MAX; the corpus
# has seeds at and just past both caps, which mutations start from.
# Needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev).
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
out=${FUZZ_BUILD:-build/fuzz}
mkdir -p "$out/new"
CC=${CC_FUZZ:-clang}
$CC -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Werror \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Isrc/core -Isrc/print \
    tests/fuzz/fuzz_script.c \
    src/core/tetromino.c src/core/block.c src/core/block_parser.c src/core/script_reader.c \
    src/core/printable.c src/core/image_magic.c src/core/hex_colour.c src/core/playfield.c \
    src/core/script.c src/core/player.c src/print/stats.c src/print/drawing/palette.c \
    src/print/drawing/cell_tags.c \
    src/print/drawing/raster.c src/print/ascii.c \
    -o "$out/fuzz_script"
"$out/fuzz_script" -max_total_time="$seconds" -max_len=32768 -timeout=10 \
    -artifact_prefix="$out/" "$@" "$out/new" tests/fuzz/corpus
