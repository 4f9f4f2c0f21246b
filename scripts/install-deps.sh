#!/bin/sh
# Installs the Debian packages the build needs when they are missing: as root with
# apt-get, otherwise it prints the exact command to run and fails.
#   install-deps.sh          what make, make check, make demo and make bench need (with
#                            CC=clang, as make CC=clang deps runs it, clang and its OpenMP
#                            and sanitizer runtimes too)
#   install-deps.sh --full   and what make check-full adds: clang with libFuzzer, and the web
#                            page's tools (--web)
#   install-deps.sh --web    and what make web and its tests need: Debian's emscripten, node,
#                            cmake and dpkg-dev (apt-get source) for the image libraries
#                            built from Debian's source packages, chromium (or the headless
#                            shell make check installs); deb-src entries for the Debian
#                            archive when there are none
set -eu
full= web=
case "${1:-}" in
--full) full=yes web=yes ;;
--web) web=yes ;;
esac

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
# make check-full's fuzzers, and any build with CC=clang
clang=
case "$(basename "${CC:-cc}")" in
clang*) clang=yes ;;
esac
if [ -n "$full" ] || [ -n "$clang" ]; then
    command -v clang >/dev/null 2>&1 || need clang
    # clang's sanitizer runtimes (ASan, UBSan) with libFuzzer's
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
        ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
        need libclang-rt-14-dev # Debian 12: clang 14
fi
# clang's OpenMP runtime, libomp (-fopenmp)
if [ -n "$clang" ]; then
    ls /usr/lib/llvm-*/lib/libomp.so >/dev/null 2>&1 || need libomp-dev
fi
if [ -n "$web" ]; then
    command -v emcc >/dev/null 2>&1 || need emscripten
    command -v node >/dev/null 2>&1 || need nodejs
    command -v cmake >/dev/null 2>&1 || need cmake
    command -v dpkg-source >/dev/null 2>&1 || need dpkg-dev
    command -v chromium >/dev/null 2>&1 || command -v chromium-headless-shell >/dev/null 2>&1 ||
        need chromium
fi

# scripts/build-wasm-libs.sh fetches Debian's source packages: deb-src entries mirroring the
# Debian archive's deb entries, when apt has none.
deb_src=
if [ -n "$web" ] && ! apt-cache showsrc zlib 2>/dev/null | grep -q '^Package:'; then
    deb_src=/etc/apt/sources.list.d/tetris-printer-deb-src
fi

[ -z "$packages" ] && [ -z "$deb_src" ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    [ -n "$packages" ] && echo "install-deps: missing packages; run: sudo apt-get install$packages" >&2
    [ -n "$deb_src" ] &&
        echo "install-deps: apt has no deb-src entries (apt-get source); add them and run: sudo apt-get update" >&2
    exit 1
fi
if [ -n "$deb_src" ]; then
    echo "install-deps: adding deb-src entries for the Debian archive ($deb_src.*)" >&2
    if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
        awk 'BEGIN { RS = ""; ORS = "\n\n" }
             /(^|\n)Types:[^\n]*deb/ && /URIs:[^\n]*debian/ && !/Types:[^\n]*deb-src/ {
                 sub(/Types:[^\n]*/, "Types: deb-src"); print }' \
            /etc/apt/sources.list.d/*.sources >"$deb_src.sources"
    fi
    if [ -f /etc/apt/sources.list ]; then
        sed -n 's/^deb \(.*debian.*\)$/deb-src \1/p' /etc/apt/sources.list >"$deb_src.list"
    fi
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
if [ -n "$packages" ]; then
    echo "install-deps: installing$packages" >&2
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $packages >&2
fi
