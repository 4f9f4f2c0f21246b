# tetris-printer: tetris-search, tetris-convert and tetris-print over one shared core, the
# first two over one packing engine.
#
#   make            build bin/tetris-search, bin/tetris-convert, bin/tetris-print
#   make check      install missing dependencies, then run the unit and end-to-end tests
#                   against an ASan/UBSan build (the quick sets: a few minutes)
#   make check-full the same with the full sets, the largest pictures, short fuzzer runs and
#                   the web page (make web, node and headless Chromium)
#   make check-unit the unit tests alone, against make check's build (a few minutes)
#   make check TEST=name  one test against it: a unit test by the module it tests (matrix
#                   or test_matrix) or an end-to-end script by its name (convert_golden)
#   make bench      wall time and peak memory of the pattern search and the printer
#   make web        build/web/tetris-printer.html: the tools in one page that works offline
#   make bench-web  the page's size and times against the native tools
#   make demo       regenerate a pattern set and print a bundled script to demo/
#   make install    PREFIX=/usr/local DESTDIR=
#   make readme     regenerate the README's tables of options from the man pages
#   make clean

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
CC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
PKG_CONFIG ?= pkg-config
BUILD ?= build
BIN ?= bin

# OpenMP, unless OPENMP=0 (make web: no threads in the page's WebAssembly): then one
# thread, the pragmas ignored and omp_* the OpenMP specification's stubs (web/no-openmp).
OPENMP ?= 1
OPENMP_CFLAGS = $(if $(filter 0,$(OPENMP)),-Wno-unknown-pragmas -Iweb/no-openmp,-fopenmp)
# Flags the project needs whatever CFLAGS says.
REQUIRED_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra $(WERROR) $(OPENMP_CFLAGS) \
                  -Isrc/core -MMD -MP
# Warnings are errors in make check, check-full and CI (WERROR=-Werror), not in a plain make:
# a compiler newer than the project's must not stop a user's build.
WERROR ?=
PNG_CFLAGS := $(shell $(PKG_CONFIG) --cflags libpng 2>/dev/null)
PNG_LIBS := $(or $(shell $(PKG_CONFIG) --libs libpng 2>/dev/null),-lpng)
CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS := $(or $(shell $(PKG_CONFIG) --libs check 2>/dev/null),-lcheck -lsubunit -lrt -lm)
GIF_LIBS = -lgif
IMAGEQUANT_LIBS := $(or $(shell $(PKG_CONFIG) --libs imagequant 2>/dev/null),-limagequant)
# libjpeg-turbo's libjpeg API (scaled decoding of large JPEGs)
JPEG_LIBS := $(or $(shell $(PKG_CONFIG) --libs libjpeg 2>/dev/null),-ljpeg)
ALL_CFLAGS = $(REQUIRED_CFLAGS) $(PNG_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS)
# Every image library: the unit tests (which link every tool's library) and the web page.
LIBS = $(PNG_LIBS) $(JPEG_LIBS) $(GIF_LIBS) $(IMAGEQUANT_LIBS) -lz -lm
# Each command and test tool links the libraries it calls (readelf -d lists them as NEEDED):
# tetris-search none, tetris-convert reads PNG and JPEG and quantizes, tetris-print writes
# PNG and GIF; of the test tools, picture_tool writes every format and gif_timing reads GIF.
LIBS_search = -lm
LIBS_convert = $(PNG_LIBS) $(JPEG_LIBS) $(IMAGEQUANT_LIBS) -lz -lm
LIBS_print = $(PNG_LIBS) $(GIF_LIBS) -lm
LIBS_tool_picture_tool = $(PNG_LIBS) $(JPEG_LIBS) $(GIF_LIBS) -lm
LIBS_tool_gif_timing = $(GIF_LIBS)

# Every src/<tool>/ with a main.c is a command bin/tetris-<tool>.
TOOLS = $(patsubst src/%/main.c,%,$(wildcard src/*/main.c))
CORE_SRC = $(wildcard src/core/*.c)
CORE_LIB = $(BUILD)/libtetris.a
# The packing engine (src/engine/), shared by the tools in ENGINE_TOOLS.
ENGINE_SRC = $(wildcard src/engine/*.c)
ENGINE_LIB = $(BUILD)/libengine.a
ENGINE_TOOLS = search convert
tool_engine_lib = $(if $(filter $(1),$(ENGINE_TOOLS)),$(ENGINE_LIB))
# Each tool is its main.c plus a library of its other files (in src/<tool>/ and its rooms,
# src/<tool>/<room>/), which the unit tests link. A tool's files include core and engine
# headers by name, their own room's by name and another room's as "room/file.h".
tool_src = $(filter-out src/$(1)/main.c,$(wildcard src/$(1)/*.c src/$(1)/*/*.c))
tool_lib = $(BUILD)/lib$(1).a
TOOL_LIBS = $(foreach t,$(TOOLS),$(call tool_lib,$(t)))
PROGRAMS = $(foreach t,$(TOOLS),$(BIN)/tetris-$(t))
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BINS = $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

# tetris-convert carries the pattern library: patterns/*.txt compiled in as C strings.
PATTERN_FILES = $(sort $(wildcard patterns/*.txt))
EMBEDDED_PATTERNS = $(BUILD)/gen/embedded_patterns
EXTRA_OBJ_convert = $(EMBEDDED_PATTERNS).o
# tetris-print carries its HTML page: src/print/outputs/page.html compiled in as a C string.
PAGE_HTML = $(BUILD)/gen/page_html
EXTRA_OBJ_print = $(PAGE_HTML).o

# Texts: man/tetris-<tool>.1.in is the one source of the tool's man page, its --help and
# the README's table of its options (docs/design.md, "Texts"). man/numbers.c prints the
# numbers the pages quote, from the headers that own them; scripts/man-fill.awk puts them
# in ($(BUILD)/gen/man/, the pages installed); scripts/man-render.awk renders a page as the
# --help text, compiled in as a C string (<TOOL>_HELP_TEXT), and as a README table.
AWK ?= awk
MAN_PAGES = $(foreach t,$(TOOLS),$(BUILD)/gen/man/tetris-$(t).1)
MAN_NUMBERS = $(BUILD)/gen/man-numbers
HELP_TEXTS = $(foreach t,$(TOOLS),$(BUILD)/gen/help/tetris-$(t).txt)
OPTION_TABLES = $(foreach t,$(TOOLS),$(BUILD)/gen/options/tetris-$(t).md)
help_obj = $(BUILD)/gen/help_$(1).o
.SECONDARY: $(HELP_TEXTS) $(foreach t,$(TOOLS),$(BUILD)/gen/help_$(t).c)

# The unit tests and test tools include any header by its name: -I for every folder of src/.
SRC_INCLUDES = $(addprefix -I,$(sort $(patsubst %/,%,$(dir $(wildcard src/*/*.h src/*/*/*.h)))))

# Test helpers (sprite generator, image comparison): tests/tools/<name>.c, each one file.
TEST_TOOLS = $(patsubst tests/tools/%.c,$(BUILD)/tools/%,$(wildcard tests/tools/*.c))

# Builds run one job per processor (make demo, check, check-full and bench).
NPROC := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

.PHONY: all deps deps-full deps-web web check check-unit check-full test-all test-all-full \
        test-unit test-one golden-accept bench bench-web demo install uninstall readme clean format
all: $(PROGRAMS) $(CORE_LIB) $(ENGINE_LIB) $(MAN_PAGES)

# The folders a source's includes may name, so that they point down only: every source sees
# src/core (REQUIRED_CFLAGS); all but src/core's see src/engine; a file of src/<tool>/ or of
# its rooms sees src/<tool>, for another room's "room/file.h".
source_tool = $(filter-out core engine,$(word 2,$(subst /, ,$(filter src/%,$(1)))))
source_includes = $(if $(filter src/core/%,$(1)),,-Isrc/engine) \
                  $(addprefix -Isrc/,$(call source_tool,$(1)))

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call source_includes,$<) -c $< -o $@

$(CORE_LIB): $(call obj,$(CORE_SRC))
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

$(ENGINE_LIB): $(call obj,$(ENGINE_SRC))
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

$(EMBEDDED_PATTERNS).c: $(PATTERN_FILES) scripts/embed-patterns.sh
	@mkdir -p $(dir $@)
	sh scripts/embed-patterns.sh $(PATTERN_FILES) > $@.tmp && mv $@.tmp $@

$(EMBEDDED_PATTERNS).o: $(EMBEDDED_PATTERNS).c
	$(CC) $(ALL_CFLAGS) -Isrc/convert/library -c $< -o $@

$(PAGE_HTML).c: src/print/outputs/page.html scripts/embed-text.sh
	@mkdir -p $(dir $@)
	sh scripts/embed-text.sh PAGE_HTML src/print/outputs/page.html > $@.tmp && mv $@.tmp $@

$(PAGE_HTML).o: $(PAGE_HTML).c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# man/numbers runs during the build: HOST_CC builds it when CC builds for another machine.
HOST_CC ?= $(CC)
$(call obj,man/numbers.c): man/numbers.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(ALL_CFLAGS) -Isrc/engine $(foreach t,$(TOOLS),-Isrc/$(t)) -c $< -o $@

$(MAN_NUMBERS): $(call obj,man/numbers.c)
	$(HOST_CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^

$(BUILD)/gen/numbers.txt: $(MAN_NUMBERS)
	$(MAN_NUMBERS) > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/man/%.1: man/%.1.in $(BUILD)/gen/numbers.txt scripts/man-fill.awk
	@mkdir -p $(dir $@)
	$(AWK) -f scripts/man-fill.awk $(BUILD)/gen/numbers.txt $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/help/%.txt: $(BUILD)/gen/man/%.1 scripts/man-render.awk
	@mkdir -p $(dir $@)
	$(AWK) -v output=help -f scripts/man-render.awk $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/help_%.c: $(BUILD)/gen/help/tetris-%.txt scripts/embed-text.sh
	sh scripts/embed-text.sh "$$(echo $* | tr a-z A-Z)_HELP_TEXT" $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/help_%.o: $(BUILD)/gen/help_%.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/gen/options/%.md: $(BUILD)/gen/man/%.1 scripts/man-render.awk
	@mkdir -p $(dir $@)
	$(AWK) -v output=table -f scripts/man-render.awk $< > $@.tmp && mv $@.tmp $@

# README.md with its tables of options regenerated: make readme copies it over README.md,
# and the tests (tests/e2e/texts.sh) fail while the two differ.
$(BUILD)/gen/README.md: README.md scripts/readme-tables.awk $(OPTION_TABLES)
	$(AWK) -v tables=$(BUILD)/gen/options -f scripts/readme-tables.awk README.md > $@.tmp && \
	    mv $@.tmp $@

readme: $(BUILD)/gen/README.md
	cp $< README.md

define tool_rules
$(call tool_lib,$(1)): $(call obj,$(call tool_src,$(1))) $(EXTRA_OBJ_$(1)) $(call help_obj,$(1))
	@mkdir -p $$(dir $$@)
	rm -f $$@ && $(AR) rcs $$@ $$^

$(BIN)/tetris-$(1): $(call obj,src/$(1)/main.c) $(call tool_lib,$(1)) $(call tool_engine_lib,$(1)) \
                   $(CORE_LIB)
	@mkdir -p $$(dir $$@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $$@ $$^ $$(LIBS_$(1))
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rules,$(t))))

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(TOOL_LIBS) $(ENGINE_LIB) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/unit $(SRC_INCLUDES) $(LDFLAGS) -o $@ $< \
	    $(TOOL_LIBS) $(ENGINE_LIB) $(CORE_LIB) \
	    $(CHECK_LIBS) $(LIBS)

# stb_image_write's JPEG encoder shifts negative ints (undefined behaviour that only a
# sanitizer notices): picture_tool, which writes test JPEGs with it, is built without that check.
$(BUILD)/tools/picture_tool: override LDFLAGS += -fno-sanitize=shift

$(BUILD)/tools/%: tests/tools/%.c tests/tools/tool_image.h $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SRC_INCLUDES) $(LDFLAGS) -o $@ $< $(CORE_LIB) $(or $(LIBS_tool_$*),-lm)

# The web page, build/web/tetris-printer.html (web/README.md): tetris-convert and
# tetris-print compiled from these sources by Debian's emscripten, without OpenMP, into one
# WebAssembly module that runs either (web/tetris_web.c; their mains under other names),
# linked with the image libraries built from Debian's source packages
# (scripts/build-wasm-libs.sh); web/build-page.js puts it, the front end and the sample
# sprites in one file.
WEB = build/web
WEB_LIBS = $(WEB)/libs
# Debian's emcc runs node tools that need Debian's node modules (acorn) on node's path.
EMCC ?= env NODE_PATH=$(if $(NODE_PATH),$(NODE_PATH):)/usr/share/nodejs emcc
WEB_MAKE = BUILD=$(WEB) BIN=$(WEB)/bin CC="$(EMCC)" AR=emar HOST_CC="$(CC)" OPENMP=0 \
           CFLAGS="-O2 -DTETRIS_NO_VIDEO" LDFLAGS= CHECK_CFLAGS= \
           PNG_CFLAGS="-I$(WEB_LIBS)/include" \
           LIBS="-L$(WEB_LIBS)/lib -lpng16 -lz -ljpeg -lgif -limagequant -lm"
# The module: a factory (createTetris) whose instances run main once each (web/page/worker.js);
# memory grows as a large photo needs; node's file system for tests/web/run-wasm.js.
WEB_LDFLAGS = -sMODULARIZE=1 -sEXPORT_NAME=createTetris -sINVOKE_RUN=0 -sEXIT_RUNTIME=1 \
              -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=2147483648 \
              -sTOTAL_STACK=8388608 -sENVIRONMENT=web,worker,node -lnodefs.js \
              -sEXPORTED_RUNTIME_METHODS=callMain,FS,NODEFS,ENV --pre-js web/module-pre.js
WEB_PAGE_SOURCES = $(wildcard web/page/*) web/build-page.js $(wildcard sprites/*.png)

web: deps-web
	@sh scripts/build-wasm-libs.sh $(WEB_LIBS)
	@$(MAKE) --no-print-directory -j$(NPROC) $(WEB_MAKE) $(WEB)/tetris-printer.html

$(BUILD)/obj/web/main_%.o: src/%/main.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call source_includes,$<) -Dmain=tetris_$*_main -c $< -o $@

$(BUILD)/tetris-web.js: web/module-pre.js $(BUILD)/obj/web/tetris_web.o \
                        $(BUILD)/obj/web/main_convert.o $(BUILD)/obj/web/main_print.o \
                        $(call tool_lib,convert) $(call tool_lib,print) $(ENGINE_LIB) $(CORE_LIB)
	$(CC) $(ALL_CFLAGS) $(WEB_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(LIBS)

$(BUILD)/tetris-printer.html: $(BUILD)/tetris-web.js $(BUILD)/gen/numbers.txt $(WEB_PAGE_SOURCES)
	node web/build-page.js $(BUILD)/tetris-web.js $(BUILD)/tetris-web.wasm $(BUILD)/gen/numbers.txt \
	    $@.tmp && mv $@.tmp $@

deps:
	@CC="$(CC)" sh scripts/install-deps.sh

deps-full:
	@CC="$(CC)" sh scripts/install-deps.sh --full

deps-web:
	@CC="$(CC)" sh scripts/install-deps.sh --web

# The tests run against a sanitized build of everything, kept apart in build/asan (in
# build/asan-clang with CC=clang, whose objects and runtimes don't mix with gcc's), with
# warnings as errors.
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
IS_CLANG = $(findstring clang,$(notdir $(firstword $(CC))))
ASAN_BUILD = build/asan$(if $(IS_CLANG),-clang)
# clang 14's LeakSanitizer crashes at exit ("Tracer caught signal 11") on the dynamic TLS of
# glibc 2.36's threads when it intercepts __tls_get_addr (fixed in LLVM 15): off for clang.
SANITIZER_ENVIRONMENT = \
    $(if $(IS_CLANG),LSAN_OPTIONS="intercept_tls_get_addr=0$${LSAN_OPTIONS:+:$$LSAN_OPTIONS}")
SANITIZED = BUILD=$(ASAN_BUILD) BIN=$(ASAN_BUILD)/bin CFLAGS="-O1 -g $(SANITIZE)" \
            LDFLAGS="$(SANITIZE)" WERROR=-Werror
# make check TEST=name runs one test: a unit program (matrix or test_matrix) or a script of
# tests/e2e or tests/full (convert_golden); make check-unit, the unit programs alone.
TEST ?=
check: deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(SANITIZED) $(if $(TEST),test-one,test-all)

check-unit: deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(SANITIZED) test-unit

# check-full also tests the web page (tests/full/web_*.sh): make web first.
check-full: deps-full
	@$(MAKE) --no-print-directory WERROR=-Werror web
	@$(MAKE) --no-print-directory -j$(NPROC) $(SANITIZED) test-all-full

TEST_PREREQUISITES = $(PROGRAMS) $(UNIT_BINS) $(TEST_TOOLS) $(MAN_PAGES) $(BUILD)/gen/README.md
TEST_ENVIRONMENT = TEST_TOOLS_DIR="$(BUILD)/tools" GEN_DIR="$(BUILD)/gen" $(SANITIZER_ENVIRONMENT)
test-all: $(TEST_PREREQUISITES)
	@$(TEST_ENVIRONMENT) TEST_TIMES="$(BUILD)/test-times" \
	    bash tests/run-tests.sh "$(BIN)" $(UNIT_BINS)

test-all-full: $(TEST_PREREQUISITES)
	@$(TEST_ENVIRONMENT) TEST_TIMES="$(BUILD)/test-times-full" \
	    bash tests/run-tests.sh --full "$(BIN)" $(UNIT_BINS)

test-unit: $(UNIT_BINS)
	@$(TEST_ENVIRONMENT) bash tests/run-tests.sh --unit "$(BIN)" $(UNIT_BINS)

# One test needs its own unit program, or (a script) everything but the unit programs.
TEST_UNIT = $(filter $(BUILD)/tests/test_$(patsubst test_%,%,$(TEST)),$(UNIT_BINS))
test-one: $(or $(TEST_UNIT),$(filter-out $(UNIT_BINS),$(TEST_PREREQUISITES)))
	@$(TEST_ENVIRONMENT) bash tests/run-tests.sh --only "$(TEST)" "$(BIN)" $(TEST_UNIT)

# make golden-accept: after a deliberate change to the scripts tetris-convert writes, store
# the new ones as tests/golden/ (tests/e2e/convert_golden.sh); review them with git diff.
golden-accept: all $(BUILD)/tools/sprite_tool
	@GOLDEN_ACCEPT=1 TEST_LEVEL=full BIN_DIR="$(BIN)" $(TEST_ENVIRONMENT) \
	    sh tests/e2e/convert_golden.sh

# After deps, a fresh make reads the flags of the libraries deps may just have installed.
bench: deps
	@$(MAKE) --no-print-directory -j$(NPROC) all $(TEST_TOOLS)
	@TEST_TOOLS_DIR="$(BUILD)/tools" sh tests/bench.sh "$(BIN)"

# The web page against the native tools (tests/bench-web.sh): size, first frame, conversions.
bench-web: web
	@$(MAKE) --no-print-directory -j$(NPROC) all $(TEST_TOOLS)
	@sh tests/bench-web.sh $(WEB) $(BIN) $(BUILD)/tools

demo: deps
	@$(MAKE) --no-print-directory -j$(NPROC) all
	@sh scripts/demo.sh "$(BIN)"

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 $(PROGRAMS) $(DESTDIR)$(BINDIR)
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)

uninstall:
	rm -f $(foreach t,$(TOOLS),$(DESTDIR)$(BINDIR)/tetris-$(t) $(DESTDIR)$(MANDIR)/tetris-$(t).1)

# Every C file of the project, in every subfolder (clang-format reads .clang-format).
FORMAT_FILES = $(shell find src tests man web -name '*.[ch]')
format:
	clang-format -i $(FORMAT_FILES)

clean:
	rm -rf build bin demo

# What each object, unit test and test tool was built from (-MMD), so a changed header
# rebuilds them.
-include $(shell find $(BUILD)/obj $(BUILD)/tests $(BUILD)/tools -name '*.d' 2>/dev/null)
