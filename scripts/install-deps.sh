#!/bin/sh
# Installs the Debian packages the build needs when they are missing: as root with
# apt-get, otherwise it prints the exact command to run and fails.
#   install-deps.sh          what make, make check, make demo and make bench need
#   install-deps.sh --full   and what make check-full adds: clang with libFuzzer
set -eu
full=
[ "${1:-}" = --full ] && full=yes

packages=""
have_pc() { pkg-config --exists "$1" 2>/dev/null; }
need() { packages="$packages $1"; }

command -v pkg-config >/dev/null 2>&1 || need pkg-config
have_pc libpng || need libpng-dev
# libjpeg-turbo's libjpeg API, for JPEG pictures decoded scaled
[ -f /usr/include/jpeglib.h ] || need libjpeg62-turbo-dev
have_pc check || need check
[ -f /usr/include/stb/stb_image.h ] || need libstb-dev
[ -f /usr/include/gif_lib.h ] || need libgif-dev
[ -x /usr/bin/time ] || need time
have_pc imagequant || need libimagequant-dev
# tetris-print's tests: video through ffmpeg, the HTML page in a headless browser, --play
# in a pseudo-terminal (script)
command -v ffmpeg >/dev/null 2>&1 || need ffmpeg
command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 ||
    need chromium-headless-shell
command -v script >/dev/null 2>&1 || need bsdutils
if [ -n "$full" ]; then
    command -v clang >/dev/null 2>&1 || need clang
    # libFuzzer's runtime, with clang's sanitizer runtimes
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
        ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
        need libclang-rt-14-dev # Debian 12: clang 14
fi

[ -z "$packages" ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: installing$packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $packages >&2
else
    echo "install-deps: missing packages; run: sudo apt-get install$packages" >&2
    exit 1
fi
