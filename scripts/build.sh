#!/usr/bin/env bash
# The release build into dist/: the one page (its start screen painted by index.html before any
# script, the app's wasm, the computer's two workers loaded when first needed) and peer/, which
# sends the old second page's addresses to it. Expects the tools on PATH (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
public_url="${1:-./}"
trunk build --release --public-url "$public_url"
# The screens a game does not need go into wasm chunks fetched when first opened.
node scripts/split-wasm.mjs dist
# Trunk cannot minify wasm-bindgen's glue; terser does (−2.5 KB gzipped on the first load).
node scripts/minify-js.mjs dist
# The app's wasm travels LZMA-compressed, inflated in the page as it arrives (boot/lzma.js).
node scripts/pack-wasm.mjs dist
