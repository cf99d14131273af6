# deckscope - the commands a person runs. Each installs what it needs first
# (scripts/setup.sh: Debian packages, SDL2 built for WebAssembly once per
# machine, npm ci), and is quick when nothing changed.
#
#   make serve    build the visualizer and serve it on http://127.0.0.1:$(PORT)/
#                 (HOST=0.0.0.0 make serve: for other machines, e.g. a classroom)
#   make test     build native + WebAssembly, run every test in one ctest run
#   make check    the fast set while working: build native (ASan), run every
#                 test but the browser ones and those labelled slow (ctest
#                 --preset check; one game: ctest --test-dir build/native-asan
#                 -L game:mahjong)
#   make native   Release CLI + desktop front end in build/native/
#   make web      the static site in build/dist/ (copy it to any web server):
#                 build/site bundled, one esbuild module per page (scripts/site-bundle.mjs)
#   make bench    the speed/memory benchmarks of all four games, then one table
#                 paired against a baseline build (bench/table.sh; README: Benchmarks)
#   make fuzz     every libFuzzer harness FUZZ_RUNS times (default 1000000;
#                 FUZZ_JOBS at a time), a table per harness (docs/fuzzing.md);
#                 then the page's parsers' properties, PROP_RUNS cases each
#                 (default 100000; tests/js/props.test.mjs)
#   make scorm    a SCORM 1.2 zip of the site for an LMS (LESSON= or ASSIGN=)
#   make typecheck  TypeScript's checker (strict, JSDoc types) and ESLint over
#                 web/shell and tests/browser (scripts/typecheck.mjs; also in
#                 make test as frontend_typecheck)
#   make clean    remove build/
SHELL := /bin/bash
PORT ?= 8000
JOBS ?= 2
CACHE_DIR := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/deckscope
# SDL2 for WebAssembly, built by scripts/setup.sh. Set it empty to use emcc's
# own port instead (-sUSE_SDL=2, e.g. with the emsdk).
DS_SDL2_WASM_PREFIX ?= $(CACHE_DIR)/sdl2-wasm
export DS_SDL2_WASM_PREFIX
# Debian's emscripten needs Debian's node modules (acorn, ...) on NODE_PATH:
# appended to the user's NODE_PATH, if any, never instead of it.
EMENV := NODE_PATH=$(if $(NODE_PATH),$(NODE_PATH):)/usr/share/nodejs
# Run cmake --build as a top-level make (no "Entering directory" noise).
BUILD := env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS cmake --build
CTEST_ARGS ?=

.PHONY: all native web dist wasm serve test check clean setup sizes bench offline fuzz scorm typecheck
all: native

setup:
	@scripts/setup.sh

native:
	@scripts/setup.sh native
	@cmake --preset native >/dev/null
	@$(BUILD) --preset native -j $(JOBS)
	@echo "native: build/native/deckscope, build/native/deckscope-view"

# build/wasm: deckscope-view.{js,wasm}, deckscope.js (CLI for node), and build/site.
wasm:
	@scripts/setup.sh web
	@$(EMENV) emcmake cmake --preset wasm >build-wasm-configure.log 2>&1 \
	  || { cat build-wasm-configure.log; rm -f build-wasm-configure.log; exit 1; }
	@rm -f build-wasm-configure.log
	@$(EMENV) $(BUILD) --preset wasm -j $(JOBS)

# build/site (the page as module files) as it ships, and as the browser tests
# load it: one minified module per page (its first frame is faster; README).
dist: wasm
	@node scripts/site-bundle.mjs build/site build/dist >/dev/null

web: dist
	@scripts/site-size.sh build/dist
	@echo "web: the static site is in build/dist/"

serve: web
	@PORT=$(PORT) node scripts/serve.mjs build/dist

test:
	@scripts/setup.sh test
	@$(MAKE) --no-print-directory dist
	@$(EMENV) node scripts/offline.mjs >/dev/null
	@cmake --preset native-asan >/dev/null
	@$(BUILD) --preset native-asan -j $(JOBS)
	@ctest --test-dir build/native-asan --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The loop while working (README: Tests): no WebAssembly build, no browser,
# nothing labelled slow; the same build directory as make test.
check:
	@scripts/setup.sh test
	@cmake --preset native-asan >/dev/null
	@$(BUILD) --preset native-asan -j $(JOBS)
	@ctest --preset check -j $(JOBS) $(CTEST_ARGS)

# One self-contained page that runs from file:// with no server and no network
# (scripts/offline.mjs: the wasm build's deckscope-view.js and .wasm inlined
# with the page, the WebAssembly as base64 handed to the glue as wasmBinary).
offline: wasm
	@scripts/setup.sh test
	@$(EMENV) node scripts/offline.mjs
	@echo "offline: open build/deckscope.html in a browser (file://)"

# A SCORM 1.2 package of the site for an LMS (docs/teaching.md, "SCORM"):
# make scorm LESSON=my.deckscope.json, or ASSIGN='<assignment link or code>';
# neither: the page itself. OUT= the zip (default build/deckscope-scorm.zip).
scorm: dist
	@node scripts/scorm.mjs --site build/dist --out $(or $(OUT),build/deckscope-scorm.zip) \
	  $(if $(LESSON),--lesson '$(LESSON)') $(if $(ASSIGN),--assignment '$(ASSIGN)') $(if $(TITLE),--title '$(TITLE)')

sizes:
	@scripts/site-size.sh build/dist

typecheck:
	@scripts/setup.sh test
	@node scripts/typecheck.mjs

clean:
	rm -rf build

# Benchmarks: Release builds under build/bench, medians printed by each script.
bench:
	@scripts/setup.sh bench
	@bash bench/cirno.sh $(CURDIR)/build/bench
	@bash bench/thegame_bench.sh 20000 5
	@bash bench/mahjong.sh $(CURDIR)/build/bench-mahjong
	@bash bench/goudan.sh $(CURDIR)/build/bench-goudan 9
	@scripts/setup.sh test
	@bash bench/table.sh $(CURDIR)/build/bench-table
	@bash bench/web.sh 3

# Fuzzing (not part of `make test`): scripts/fuzz.sh, FUZZ_RUNS / FUZZ_JOBS
# from the environment or the command line (make fuzz FUZZ_RUNS=10000000).
fuzz: native
	@FUZZ_RUNS=$(or $(FUZZ_RUNS),1000000) FUZZ_JOBS=$(or $(FUZZ_JOBS),1) scripts/fuzz.sh
	@# the page's parsers, property-based (fast-check): 100,000 cases of each
	@DS_PROP_RUNS=$(or $(PROP_RUNS),100000) node --test tests/js/props.test.mjs
	@$(MAKE) --no-print-directory wasm
	@DS_PROP_RUNS=$(or $(PROP_RUNS),100000) DS_SITE_DIR=$(CURDIR)/build/site DS_CLI=$(CURDIR)/build/native/deckscope \
	  node --test --test-name-pattern 'postMessage handler' tests/browser/harden.test.mjs
