# Barline. The two commands that matter are in README.md: `make run` and `make test`.
.PHONY: run test build wasm device playground docs bench bootstrap clean

PORT ?= 3350

## run: build everything and start the simulated device with the demo Live Set
run: build
	node node-host/bin/barline-demo.mjs --port $(PORT)

## test: every test ring (installs what a fresh machine lacks first)
test:
	scripts/test.sh

## build: wasm packages, the device files and the playground
build: bootstrap wasm device playground

bootstrap:
	@scripts/bootstrap.sh

wasm:
	scripts/build-wasm.sh

## device: dist/device/ — Barline.amxd (unfrozen and frozen) and the files it loads (the
## chat page, dist/chat, is built and embedded on the way);
## docs/device.svg/.png — the device's presentation view
device: wasm
	node patch/build.mjs
	node patch/render-device.mjs

## playground: dist/playground/ — the bar|beat playground as static files
playground: wasm
	node www-tests/build.mjs

## docs: regenerate docs/tools.md from the device's tools/list (commit the result)
docs:
	BARLINE_UPDATE_DOCS=1 cargo test -q -p barline-core --test docs_tools

## bench: benchmarks (print numbers; never part of `make test`)
bench: build
	cargo bench -p barline-core -p barline-fake-live
	for b in $$(find core/js-bench node-host/bench patch/sim/bench -name '*.bench.mjs' 2>/dev/null | sort); do \
	  echo "=== $$b"; node $$b || exit 1; done

clean:
	rm -rf dist target/wasm32-unknown-unknown
