#!/bin/sh
# Builds the libraries the web page's WebAssembly links (zlib, libpng, libjpeg-turbo,
# libimagequant, giflib) with Debian's emscripten, from Debian's own source packages, each
# by its own build system: Emscripten's ports download from the internet.
#
#   build-wasm-libs.sh DIR
#
# DIR/src holds the unpacked source packages (`apt-get source`, which needs deb-src entries:
# `make deps-web` adds them), DIR/build the builds, DIR/include and DIR/lib the headers and
# static libraries the Makefile's `web` target compiles and links against. A library built
# once is not built again (DIR/lib/NAME.done); remove DIR to start over.
set -eu
dir=${1:?usage: build-wasm-libs.sh DIR}
mkdir -p "$dir/src" "$dir/build" "$dir/include" "$dir/lib"
dir=$(cd "$dir" && pwd)
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# Debian's emcc runs node tools that need Debian's node modules (acorn) on node's path.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
CFLAGS="-O2"
export CFLAGS

say() { echo "build-wasm-libs: $*" >&2; }

# The unpacked source of a Debian source package, fetched the first time: the newest
# version the archive still serves (a mirror may list a security update it lacks).
source_of() { # PACKAGE -> prints the source directory
    found=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d -name "$1-*" | head -n 1)
    if [ -z "$found" ]; then
        say "fetching the source package $1"
        for version in $(apt-cache showsrc "$1" | sed -n 's/^Version: //p' | sort -urV); do
            (cd "$dir/src" && apt-get source -qq "$1=$version" >"$dir/build/$1.fetch.log" 2>&1) &&
                break
        done
        found=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d -name "$1-*" | head -n 1)
        [ -n "$found" ] || {
            cat "$dir/build/$1.fetch.log" >&2
            say "can't fetch the source package $1 (make deps-web adds deb-src entries)"
            exit 1
        }
    fi
    echo "$found"
}

# A copy of a source tree to build in (the unpacked source stays as Debian ships it).
fresh_copy() { # PACKAGE NAME -> prints the build directory
    src=$(source_of "$1")
    rm -rf "$dir/build/$2"
    cp -R "$src" "$dir/build/$2"
    echo "$dir/build/$2"
}

# Runs a build step with its output in a log, shown when it fails.
logged() { # LOG COMMAND...
    log=$1
    shift
    "$@" >>"$log" 2>&1 || {
        tail -n 40 "$log" >&2
        say "failed: $* (log: $log)"
        exit 1
    }
}

build_zlib() {
    b=$(fresh_copy zlib zlib)
    cd "$b"
    logged "$b.log" emconfigure ./configure --static --prefix="$dir"
    logged "$b.log" emmake make -j"$jobs" libz.a
    logged "$b.log" emmake make install
}

build_libpng() {
    b=$(fresh_copy libpng1.6 libpng)
    mkdir "$b/out"
    cd "$b/out"
    logged "$b.log" emcmake cmake .. -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$dir" \
        -DPNG_SHARED=OFF -DPNG_EXECUTABLES=OFF -DPNG_TESTS=OFF \
        -DZLIB_INCLUDE_DIR="$dir/include" -DZLIB_LIBRARY="$dir/lib/libz.a"
    logged "$b.log" cmake --build . -j "$jobs"
    logged "$b.log" cmake --install .
}

# Emscripten's CMake runs its size checks under node, which gets 9 for size_t and unsigned
# long: wasm32's 4 is given instead.
build_libjpeg_turbo() {
    b=$(fresh_copy libjpeg-turbo libjpeg_turbo)
    mkdir "$b/out"
    cd "$b/out"
    logged "$b.log" emcmake cmake .. -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$dir" \
        -DCMAKE_INSTALL_LIBDIR=lib -DENABLE_SHARED=OFF -DWITH_SIMD=OFF -DWITH_TURBOJPEG=OFF \
        -DWITH_JAVA=OFF -DHAVE_SIZE_T=TRUE -DSIZE_T=4 -DHAVE_UNSIGNED_LONG=TRUE -DUNSIGNED_LONG=4
    grep -q '^#define SIZEOF_SIZE_T  *4$' jconfigint.h || {
        say "libjpeg-turbo: size_t is not 4 bytes in jconfigint.h"
        exit 1
    }
    logged "$b.log" cmake --build . -j "$jobs" --target jpeg-static
    cp jconfig.h ../jpeglib.h ../jmorecfg.h ../jerror.h "$dir/include/"
    cp libjpeg.a "$dir/lib/"
}

# One thread, no SSE: the page's WebAssembly has neither (the native build quantizes with
# one thread too: fit_colours.c).
build_libimagequant() {
    b=$(fresh_copy libimagequant libimagequant)
    cd "$b"
    logged "$b.log" ./configure --prefix="$dir" --disable-sse CC=emcc "CFLAGS=$CFLAGS"
    logged "$b.log" emmake make -j"$jobs" static
    cp libimagequant.h "$dir/include/"
    cp libimagequant.a "$dir/lib/"
}

build_giflib() {
    b=$(fresh_copy giflib giflib)
    cd "$b"
    logged "$b.log" emmake make -j"$jobs" libgif.a "OFLAGS=$CFLAGS"
    cp gif_lib.h "$dir/include/"
    cp libgif.a "$dir/lib/"
}

# stb_image and stb_image_resize are header-only: libstb-dev's headers.
[ -d "$dir/include/stb" ] || cp -R /usr/include/stb "$dir/include/"

for lib in zlib libpng libjpeg_turbo libimagequant giflib; do
    [ -f "$dir/lib/$lib.done" ] && continue
    say "building $lib"
    rm -f "$dir/build/$lib.log"
    (build_$lib)
    touch "$dir/lib/$lib.done"
done
