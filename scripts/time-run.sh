#!/usr/bin/env bash
# Measures `make run`: the seconds from the command to the demo serving MCP (its
# "is serving MCP" line), with the build steps that ran. Run it twice to see a first
# and a second start; it stops the demo afterwards.
#   scripts/time-run.sh [PORT]      (default 3399, so a running demo on 3350 is left alone)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3399}
log=$(mktemp)
start=$(date +%s.%N)
setsid make run PORT="$port" >"$log" 2>&1 &
pid=$!
stop() { kill -INT -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"; }
trap stop EXIT
until grep -q "is serving MCP" "$log"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    cat "$log" >&2
    echo "time-run: make run ended before serving" >&2
    exit 1
  fi
  sleep 0.1
done
end=$(date +%s.%N)
grep -E '^(make|build-wasm|bootstrap|wasm ):?' "$log" || echo "(no build step ran)"
awk -v a="$start" -v b="$end" 'BEGIN { printf "make run: serving after %.1f s\n", b - a }'
