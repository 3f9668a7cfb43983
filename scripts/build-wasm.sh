#!/usr/bin/env bash
# Builds the core crate to WebAssembly and generates the JS glue for every host:
#   dist/pkg/node  CommonJS glue for Node (tests, benchmarks, tools)
#   dist/pkg/v8    classic-script glue for Max's v8 object (synchronous instantiation)
#   dist/pkg/web   ES-module glue for the browser playground (and node-host, which
#                  instantiates it synchronously from embedded bytes)
#   dist/pkg/fake  CommonJS glue of the build with the fake Live Set (feature fake-live)
# One wasm binary serves the first three; only the fake build compiles twice.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

OUT=dist/pkg
WASM_DIR=target/wasm32-unknown-unknown/release

optimise() {
  # Debian's wasm-opt; every feature Rust may emit must be enabled or it refuses.
  local file=$1
  # Binaryen before 116 retypes wasm-bindgen's externref table as funcref, and the
  # module then fails at initSync ("Table.set(): Argument 1 is invalid"): skip it there.
  local version
  version=$(wasm-opt --version 2>/dev/null | grep -o '[0-9]\+' | head -1 || true)
  if [ -n "$version" ] && [ "$version" -ge 116 ]; then
    wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$file" -o "$file.opt" && mv "$file.opt" "$file"
  fi
}

bindgen() { # <wasm> <target> <out-dir> [wasm-bindgen flags…]
  local wasm=$1 target=$2 out=$3
  shift 3
  rm -rf "$out"
  wasm-bindgen "$wasm" --target "$target" --out-dir "$out" --out-name barline_core "$@"
  optimise "$out/barline_core_bg.wasm"
  # The repository's package.json says "type": "module"; the nodejs glue is CommonJS.
  if [ "$target" = nodejs ]; then echo '{"type": "commonjs"}' >"$out/package.json"; fi
}

# The device and the playground ship their wasm; function names (a quarter of the
# binary) only help stack traces, so only the test packages keep them.
SHIP=(--remove-name-section --remove-producers-section)

cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --release
cp "$WASM_DIR/barline_core.wasm" "$WASM_DIR/barline_core.plain.wasm"
bindgen "$WASM_DIR/barline_core.plain.wasm" nodejs "$OUT/node"
bindgen "$WASM_DIR/barline_core.plain.wasm" no-modules "$OUT/v8" "${SHIP[@]}"
bindgen "$WASM_DIR/barline_core.plain.wasm" web "$OUT/web" "${SHIP[@]}"

cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --release --features fake-live
bindgen "$WASM_DIR/barline_core.wasm" nodejs "$OUT/fake"

for d in node v8 web fake; do
  printf 'wasm %-5s %8d bytes  %s\n' "$d" "$(stat -c %s "$OUT/$d/barline_core_bg.wasm")" "$OUT/$d/"
done
