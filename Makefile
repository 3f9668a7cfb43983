# Barline. The two commands that matter are in README.md: `make run` and `make test`.
#
# Every build step is a file target that depends on its real inputs, so a second
# `make run` with nothing changed starts serving at once and a changed file rebuilds
# only what depends on it (docs/design/builds.md).
.PHONY: run test build artifacts wasm device playground dist docs bench bootstrap clean
# A step that fails leaves no output behind that would look up to date next time.
.DELETE_ON_ERROR:

PORT ?= 3350

# The inputs of each wasm package: its crate's sources, manifests and the lock file.
CORE_SRC := Cargo.toml Cargo.lock core/Cargo.toml $(shell find core/src -type f)
FAKE_SRC := $(CORE_SRC) core/fake-live/Cargo.toml $(shell find core/fake-live/src -type f)
# The outputs: node and web come from one binary, so one recipe writes both.
WASM_WEB := dist/pkg/web/barline_core_bg.wasm
WASM_V8 := dist/pkg/v8/barline_core_bg.wasm
WASM_FAKE := dist/pkg/fake/barline_fake_live_bg.wasm
DEVICE := dist/device/frozen/Barline.amxd
PLAYGROUND := dist/playground/index.html
# esbuild's version is in the lock file; a new one bundles differently.
DEVICE_SRC := $(wildcard node-host/src/*.mjs v8-host/src/*.mjs) patch/device.mjs patch/bundle.mjs \
  patch/amxd.mjs patch/build.mjs patch/version.mjs package-lock.json Cargo.toml \
  $(wildcard www-tests/chat/src/*.js) www-tests/chat/index.html www-tests/chat/style.css \
  www-tests/chat/build.mjs
PLAYGROUND_SRC := $(wildcard www-tests/js/*.js) www-tests/build.mjs www-tests/index.html www-tests/style.css \
  core/tests/data/barbeat-examples.json core/tests/data/transforms-examples.json

## run: build everything and start the simulated device with the demo Live Set
run: build
	node node-host/bin/barline-demo.mjs --port $(PORT)

## test: every test ring (installs what a fresh machine lacks first)
test:
	scripts/test.sh

## build: wasm packages, the device files and the playground (only what is out of date)
build: bootstrap
	@$(MAKE) --no-print-directory artifacts

# After bootstrap (the npm packages and the tools must be there before any step runs).
artifacts: wasm $(DEVICE) docs/device.svg $(PLAYGROUND)
	@:

## bootstrap: what a fresh machine lacks (checks only, once it is all there)
bootstrap:
	@scripts/bootstrap.sh

## wasm: dist/pkg/{node,web,v8,fake}, each in its own cargo target directory
wasm: $(WASM_WEB) $(WASM_V8) $(WASM_FAKE)

$(WASM_WEB): $(CORE_SRC) scripts/build-wasm.sh
	@scripts/build-wasm.sh web

$(WASM_V8): $(CORE_SRC) scripts/build-wasm.sh
	@scripts/build-wasm.sh v8

$(WASM_FAKE): $(FAKE_SRC) scripts/build-wasm.sh
	@scripts/build-wasm.sh fake

## device: dist/device/ — Barline.amxd (unfrozen and frozen) and the files it loads (the
## chat page, dist/chat, is built and embedded on the way);
## docs/device.svg/.png — the device's presentation view
device: $(DEVICE) docs/device.svg

$(DEVICE): $(WASM_WEB) $(WASM_V8) $(DEVICE_SRC)
	@echo "make: bundling the hosts into dist/device/"
	@node patch/build.mjs

docs/device.svg: patch/device.mjs patch/version.mjs patch/render-device.mjs patch/png.mjs Cargo.toml
	@echo "make: drawing the device's panel (docs/device.svg, .png)"
	@node patch/render-device.mjs

## playground: dist/playground/ — the bar|beat playground as static files
playground: $(PLAYGROUND)

$(PLAYGROUND): $(WASM_WEB) $(PLAYGROUND_SRC)
	@echo "make: writing the playground to dist/playground/"
	@node www-tests/build.mjs

## dist: dist/release/ — the files a user downloads (docs/install.md)
dist: build
	@node release/build.mjs

## docs: regenerate docs/tools.md from the device's tools/list (commit the result)
docs:
	BARLINE_UPDATE_DOCS=1 cargo test -q -p barline-core --test docs tools::

## bench: benchmarks (print numbers; never part of `make test`)
bench: build
	cargo bench -p barline-core -p barline-fake-live
	for b in $$(find core/js-bench node-host/bench patch/sim/bench -name '*.bench.mjs' 2>/dev/null | sort); do \
	  echo "=== $$b"; node $$b || exit 1; done

clean:
	rm -rf dist target/wasm-web target/wasm-v8 target/wasm-fake target/wasm32-unknown-unknown
