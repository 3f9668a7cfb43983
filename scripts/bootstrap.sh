#!/usr/bin/env bash
# Installs what a fresh machine lacks to build (and, with `test`, to test) Barline.
# Idempotent: every step checks first and does nothing when the tool is present.
#   scripts/bootstrap.sh        toolchain and npm dev dependencies for building everything
#   scripts/bootstrap.sh test   also Debian's Chromium and ChromeDriver for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin in core/Cargo.toml
WASM_PACK_VERSION=0.15.1
NODE_MAJOR=20                  # the one Node version: .nvmrc, package.json "engines", node-host
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf 'bootstrap: %s\n' "$*" >&2; }

apt_updated=""
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ -z "$apt_updated" ]; then
    say "apt-get update"
    $sudo apt-get update -qq >&2
    apt_updated=1
  fi
  say "installing Debian packages: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt "$NODE_MAJOR" ]; then
  say "Barline needs Node $NODE_MAJOR (found: $(node --version 2>/dev/null || echo none)); install Node $NODE_MAJOR first"
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown >&2
fi
for comp in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$comp" || rustup component add "$comp" >&2
done

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "building wasm-bindgen-cli $WASM_BINDGEN_VERSION from source (a few minutes, once)"
  cargo install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force >&2
fi
if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  say "building wasm-pack $WASM_PACK_VERSION from source (a few minutes, once)"
  cargo install -q wasm-pack --version "$WASM_PACK_VERSION" --force >&2
fi
# wasm-pack cannot download binaryen here; Debian's wasm-opt is used instead.
command -v wasm-opt >/dev/null || apt_install binaryen

# The build bundles the hosts with esbuild, so the npm dev dependencies are needed by
# `make run` as well as by the tests.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dev dependencies"
  npm ci --no-audit --no-fund --loglevel=error >&2
fi

if [ "${1:-}" = "test" ]; then
  apt_install chromium chromium-driver
fi
