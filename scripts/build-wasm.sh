#!/usr/bin/env bash
# Builds the core crate to WebAssembly and generates the JS glue for every host:
#   dist/pkg/node  CommonJS glue for Node (tests, benchmarks, tools)
#   dist/pkg/v8    classic-script glue for Max's v8 object (synchronous instantiation),
#                  from a build with only the v8 host's exports (feature host-v8)
#   dist/pkg/web   ES-module glue for the browser playground (and node-host, which
#                  instantiates it synchronously from embedded bytes)
#   dist/pkg/fake  CommonJS glue of the fake Live Set (crate barline-fake-live,
#                  core/fake-live), which the simulator and the JS tests load
# The node and web packages share one binary with every export.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

OUT=dist/pkg
WASM_DIR=target/wasm32-unknown-unknown/release

# wasm-opt runs on rustc's output, before wasm-bindgen: binaryen before 116 (Debian's is
# 108) retypes the externref table that wasm-bindgen adds, and the module then fails at
# initSync. `-g` keeps function names for the test packages; SHIP removes them from the
# shipped ones. Every feature rustc may emit must be enabled or wasm-opt refuses.
optimise() {
  local file=$1
  command -v wasm-opt >/dev/null || return 0
  wasm-opt -Oz -g --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$file" -o "$file.opt" && mv "$file.opt" "$file"
}

bindgen() { # <wasm> <target> <out-dir> [wasm-bindgen flags…]; NAME= the glue's file name
  local wasm=$1 target=$2 out=$3
  shift 3
  rm -rf "$out"
  wasm-bindgen "$wasm" --target "$target" --out-dir "$out" --out-name "${NAME:-barline_core}" "$@"
  # The repository's package.json says "type": "module"; the nodejs glue is CommonJS.
  if [ "$target" = nodejs ]; then echo '{"type": "commonjs"}' >"$out/package.json"; fi
}

# The device and the playground ship their wasm; function names (a quarter of the
# binary) only help stack traces, so only the test packages keep them.
SHIP=(--remove-name-section --remove-producers-section)

cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --release
cp "$WASM_DIR/barline_core.wasm" "$WASM_DIR/barline_core.plain.wasm"
optimise "$WASM_DIR/barline_core.plain.wasm"
bindgen "$WASM_DIR/barline_core.plain.wasm" nodejs "$OUT/node"
bindgen "$WASM_DIR/barline_core.plain.wasm" web "$OUT/web" "${SHIP[@]}"

cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --release --no-default-features --features host-v8
cp "$WASM_DIR/barline_core.wasm" "$WASM_DIR/barline_core.v8.wasm"
optimise "$WASM_DIR/barline_core.v8.wasm"
bindgen "$WASM_DIR/barline_core.v8.wasm" no-modules "$OUT/v8" "${SHIP[@]}"

cargo build -q -p barline-fake-live --lib --target wasm32-unknown-unknown --release
cp "$WASM_DIR/barline_fake_live.wasm" "$WASM_DIR/barline_fake_live.opt.wasm"
optimise "$WASM_DIR/barline_fake_live.opt.wasm"
NAME=barline_fake_live bindgen "$WASM_DIR/barline_fake_live.opt.wasm" nodejs "$OUT/fake"

for d in node v8 web fake; do
  f=$(ls "$OUT/$d"/*_bg.wasm)
  printf 'wasm %-5s %8d bytes  %s\n' "$d" "$(stat -c %s "$f")" "$OUT/$d/"
done
