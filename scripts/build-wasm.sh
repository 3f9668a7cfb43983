#!/usr/bin/env bash
# Builds the core crate to WebAssembly and generates the JS glue for every host:
#   dist/pkg/node  CommonJS glue for Node (tests, benchmarks, tools)
#   dist/pkg/v8    classic-script glue for Max's v8 object (synchronous instantiation),
#                  from a size-optimised build with only the v8 host's exports (feature
#                  host-v8) and without reference types, plus barline_core_bg.js: the
#                  same module as plain JavaScript (binaryen's wasm2js) for a v8 without
#                  WebAssembly
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

# The v8 package (docs/design/v8-build.md). Reference types are what Node 20's V8 aborts
# on (node-host/bench/V8-DEOPT.md) and Max's v8 takes no flag against it, and wasm2js
# cannot translate them: our crates are built for the MVP CPU plus the features both
# V8 and wasm2js handle. The prebuilt std still declares reference types in its
# target_features section, which would make wasm-bindgen expect an externref table, so
# binaryen (npm, pinned in package.json: Debian's 108 cannot run wasm2js on this module)
# strips that section before bindgen. Profile v8 (Cargo.toml) optimises for size.
BINARYEN=node_modules/.bin
V8_WASM_DIR=target/wasm32-unknown-unknown/v8
V8_FEATURES=(--mvp-features --enable-sign-ext --enable-mutable-globals --enable-bulk-memory
  --enable-bulk-memory-opt --enable-nontrapping-float-to-int)
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-cpu=mvp -C target-feature=+sign-ext,+bulk-memory,+nontrapping-fptoint,+mutable-globals" \
  cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --profile v8 --no-default-features --features host-v8
"$BINARYEN/wasm-opt" "$V8_WASM_DIR/barline_core.wasm" "${V8_FEATURES[@]}" --strip-target-features -Oz \
  -o "$V8_WASM_DIR/barline_core.v8.wasm"
bindgen "$V8_WASM_DIR/barline_core.v8.wasm" no-modules "$OUT/v8" "${SHIP[@]}"
# wasm-bindgen leaves its own glue functions unoptimised; without an externref table a
# second pass after it is safe.
"$BINARYEN/wasm-opt" "$OUT/v8/barline_core_bg.wasm" "${V8_FEATURES[@]}" -Oz -o "$OUT/v8/barline_core_bg.wasm"
if grep -q externref "$OUT/v8/barline_core.js"; then
  echo "build-wasm: the v8 glue uses externref; reference types leaked into the v8 build" >&2
  exit 1
fi
# wasm2js aborts ("invalid type") on saturating float-to-int in this module: those and
# sign extension are lowered to MVP instructions first. Bulk memory stays: wasm2js turns
# memory.copy/fill into typed-array copies, far faster than lowered byte loops.
"$BINARYEN/wasm-opt" "$OUT/v8/barline_core_bg.wasm" "${V8_FEATURES[@]}" --llvm-nontrapping-fptoint-lowering \
  --signext-lowering -o "$V8_WASM_DIR/barline_core.mvp.wasm"
"$BINARYEN/wasm2js" "$V8_WASM_DIR/barline_core.mvp.wasm" --mvp-features --enable-mutable-globals \
  --enable-bulk-memory --enable-bulk-memory-opt -Oz -o "$OUT/v8/barline_core_bg.js"

cargo build -q -p barline-fake-live --lib --target wasm32-unknown-unknown --release
cp "$WASM_DIR/barline_fake_live.wasm" "$WASM_DIR/barline_fake_live.opt.wasm"
optimise "$WASM_DIR/barline_fake_live.opt.wasm"
NAME=barline_fake_live bindgen "$WASM_DIR/barline_fake_live.opt.wasm" nodejs "$OUT/fake"

for d in node v8 web fake; do
  f=$(ls "$OUT/$d"/*_bg.wasm)
  printf 'wasm %-5s %8d bytes  %s\n' "$d" "$(stat -c %s "$f")" "$OUT/$d/"
done
printf 'js   v8    %8d bytes  %s\n' "$(stat -c %s "$OUT/v8/barline_core_bg.js")" "$OUT/v8/barline_core_bg.js"
