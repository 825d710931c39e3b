#!/usr/bin/env bash
# Installs what building (and, with `--test`, testing) the game needs, skipping what is there:
# the wasm32 target, Trunk, the wasm-bindgen-cli matching Cargo.lock, wasm-split-cli, xz, npm's
# binaryen (wasm-opt), playwright-core, axe-core and ws (package-lock.json), and for tests Debian's
# chromium + chromium-driver and a Nostr relay from PyPI.
# Source it (`. scripts/setup.sh`) to get the tools on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TRUNK_VERSION=0.21.14
command -v cargo >/dev/null || { echo "Rust is required first: https://rustup.rs" >&2; exit 1; }
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
rustup component add rustfmt clippy >/dev/null 2>&1 || true

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  echo "== installing trunk $TRUNK_VERSION (takes a while, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# wasm-bindgen-cli must be exactly the wasm-bindgen version the app is built with.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q "$WBG_VERSION"; then
  echo "== installing wasm-bindgen-cli $WBG_VERSION (once)"
  cargo install wasm-bindgen-cli --version "$WBG_VERSION"
fi

# wasm-split-cli cuts the app's wasm into the main module and the chunks of the screens a game
# does not need (the build step, xtask/); its version must read the split points of the
# wasm_split_helpers crate Leptos links.
WSC_VERSION=0.2.4
if ! cargo install --list | grep -q "^wasm_split_cli_support v$WSC_VERSION:"; then
  echo "== installing wasm-split-cli $WSC_VERSION (once)"
  cargo install wasm_split_cli_support --version "$WSC_VERSION" --features build-binary --locked
fi

# xz packs the app's wasm, terser (npm) minifies its JS (the build step, xtask/).
if ! command -v xz >/dev/null; then
  apt-get update -qq && apt-get install -y -qq xz-utils
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get update -qq && apt-get install -y -qq nodejs npm
fi
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ ! -d node_modules/axe-core ] || [ ! -d node_modules/terser ] || [ ! -d node_modules/ws ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--test" ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "== installing chromium and chromium-driver"
    apt-get update -qq && apt-get install -y -qq chromium chromium-driver
  fi
  # A Nostr relay for the signalling tests (PyPI's nostr-relay, in its own environment under
  # target/): the tests start it on a loopback port (tests/e2e/relay.mjs).
  if [ ! -x target/relay-venv/bin/nostr-relay ]; then
    echo "== installing nostr-relay (PyPI) into target/relay-venv"
    if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
      apt-get update -qq && apt-get install -y -qq python3-venv
    fi
    rm -rf target/relay-venv
    python3 -m venv target/relay-venv
    target/relay-venv/bin/pip install -q nostr-relay==1.14
  fi
fi
