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
#
#   scripts/build-wasm.sh [web|v8|fake]…   only those packages (`web` also writes `node`);
#                                          none: all of them
# Each build has its own cargo target directory (target/wasm-web, target/wasm-v8,
# target/wasm-fake): the three compile barline-core with different features, and in one
# shared directory each build would relink over the others' output and start again.
# The Makefile runs one package at a time, and only when its sources changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

OUT=dist/pkg
WASM_SUBDIR=wasm32-unknown-unknown/release

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

# <what> <cargo target dir> <cargo build arguments…>: prints what it builds (the first
# build of a package takes minutes), then builds it.
# Source paths survive in the binaries only as panic locations. The workspace's are
# relative already; the dependencies' name the crate and file, not this machine's home
# folder (nothing private ships, and a build elsewhere gives the same bytes). RUSTFLAGS
# cannot carry a path with a space: such a home keeps its paths.
REGISTRY="${CARGO_HOME:-$HOME/.cargo}/registry/src"
REMAP=""
case $REGISTRY in *" "*) ;; *) REMAP="--remap-path-prefix=$REGISTRY=crates" ;; esac

compile() {
  local what=$1 dir=$2
  shift 2
  echo "build-wasm: compiling $what (cargo, target/$dir)" >&2
  CARGO_TARGET_DIR="target/$dir" CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$REMAP" \
    cargo build -q --lib --target wasm32-unknown-unknown --release "$@" >&2
}

build_web() {
  local dir=target/wasm-web/$WASM_SUBDIR
  compile "barline-core, every host (dist/pkg/node, dist/pkg/web)" wasm-web -p barline-core
  cp "$dir/barline_core.wasm" "$dir/barline_core.plain.wasm"
  optimise "$dir/barline_core.plain.wasm"
  bindgen "$dir/barline_core.plain.wasm" nodejs "$OUT/node"
  bindgen "$dir/barline_core.plain.wasm" web "$OUT/web" "${SHIP[@]}"
  report node web
}

# The v8 package (docs/design/v8-core.md). Reference types are what Node 20's V8 aborts
# on (node-host/bench/V8-DEOPT.md) and Max's v8 takes no flag against it, and wasm2js
# cannot translate them: our crates are built for the MVP CPU plus the features both
# V8 and wasm2js handle. The prebuilt std still declares reference types in its
# target_features section, which would make wasm-bindgen expect an externref table, so
# binaryen (npm, pinned in package.json: Debian's 108 cannot run wasm2js on this module)
# strips that section before bindgen. Profile v8 (Cargo.toml) optimises for size.
BINARYEN=node_modules/.bin
V8_FEATURES=(--mvp-features --enable-sign-ext --enable-mutable-globals --enable-bulk-memory
  --enable-bulk-memory-opt --enable-nontrapping-float-to-int)

build_v8() {
  local dir=target/wasm-v8/wasm32-unknown-unknown/v8
  echo "build-wasm: compiling barline-core, the v8 host only (dist/pkg/v8; cargo, target/wasm-v8)" >&2
  CARGO_TARGET_DIR=target/wasm-v8 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-cpu=mvp -C target-feature=+sign-ext,+bulk-memory,+nontrapping-fptoint,+mutable-globals $REMAP" \
    cargo build -q -p barline-core --lib --target wasm32-unknown-unknown --profile v8 \
    --no-default-features --features host-v8 >&2
  "$BINARYEN/wasm-opt" "$dir/barline_core.wasm" "${V8_FEATURES[@]}" --strip-target-features -Oz \
    -o "$dir/barline_core.v8.wasm"
  bindgen "$dir/barline_core.v8.wasm" no-modules "$OUT/v8" "${SHIP[@]}"
  # wasm-bindgen leaves its own glue functions unoptimised; without an externref table a
  # second pass after it is safe. Flattening and re-running the relooper first lets -Oz
  # find about 10 KB more (measured; twice the time of -Oz alone).
  "$BINARYEN/wasm-opt" "$OUT/v8/barline_core_bg.wasm" "${V8_FEATURES[@]}" --flatten --rereloop -Oz -Oz \
    -o "$OUT/v8/barline_core_bg.wasm"
  if grep -q externref "$OUT/v8/barline_core.js"; then
    echo "build-wasm: the v8 glue uses externref; reference types leaked into the v8 build" >&2
    exit 1
  fi
  # wasm2js aborts ("invalid type") on saturating float-to-int in this module: those and
  # sign extension are lowered to MVP instructions first. Bulk memory stays: wasm2js turns
  # memory.copy/fill into typed-array copies, far faster than lowered byte loops.
  echo "build-wasm: the v8 core as JavaScript (wasm2js)" >&2
  "$BINARYEN/wasm-opt" "$OUT/v8/barline_core_bg.wasm" "${V8_FEATURES[@]}" --llvm-nontrapping-fptoint-lowering \
    --signext-lowering -o "$dir/barline_core.mvp.wasm"
  "$BINARYEN/wasm2js" "$dir/barline_core.mvp.wasm" --mvp-features --enable-mutable-globals \
    --enable-bulk-memory --enable-bulk-memory-opt -Oz -o "$OUT/v8/barline_core_bg.js"
  report v8
  printf 'js   v8    %8d bytes  %s\n' "$(stat -c %s "$OUT/v8/barline_core_bg.js")" "$OUT/v8/barline_core_bg.js"
}

build_fake() {
  local dir=target/wasm-fake/$WASM_SUBDIR
  compile "barline-fake-live, the simulator's Live Set (dist/pkg/fake)" wasm-fake -p barline-fake-live
  cp "$dir/barline_fake_live.wasm" "$dir/barline_fake_live.opt.wasm"
  optimise "$dir/barline_fake_live.opt.wasm"
  NAME=barline_fake_live bindgen "$dir/barline_fake_live.opt.wasm" nodejs "$OUT/fake"
  report fake
}

report() {
  local d f
  for d in "$@"; do
    f=$(ls "$OUT/$d"/*_bg.wasm)
    printf 'wasm %-5s %8d bytes  %s\n' "$d" "$(stat -c %s "$f")" "$OUT/$d/"
  done
}

[ $# -gt 0 ] || set -- web v8 fake
for package in "$@"; do
  case $package in
    web) build_web ;;
    v8) build_v8 ;;
    fake) build_fake ;;
    *) echo "build-wasm: unknown package '$package' (web, v8 or fake)" >&2; exit 2 ;;
  esac
done
