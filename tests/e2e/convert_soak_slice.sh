#!/bin/sh
# make check's slice of make check-full's soak (tests/full/convert_soak.sh, which runs
# instead in make check-full): 24 pictures, seeds 128 to 151 (SOAK_SEED, SOAK_COUNT): every
# format, --colors 7 and 4, a fixed width from 11 to 71 and --width auto. Among them seed
# 137, a JPEG whose row 19 no search printed on the 21-wide field with --colors 4 (exit 1
# before the fallback passes).
set -eu
. tests/e2e/lib/level.sh
if full_only; then
    echo "convert_soak_slice: make check-full runs the whole soak"
    exit 0
fi
SOAK_SEED=${SOAK_SEED:-128} SOAK_COUNT=${SOAK_COUNT:-24} exec sh tests/full/convert_soak.sh
