#!/usr/bin/env bash
# The release build into dist/: the start page (local games; small first load) and, under
# dist/peer/, the full app with peer-to-peer play. Expects the tools on PATH (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
public_url="${1:-./}"
# Relative URLs stay relative to each page; an absolute base gets peer/ appended.
case "$public_url" in
  .*) peer_url="./" ;;
  *) peer_url="${public_url%/}/peer/" ;;
esac
trunk build --release --public-url "$public_url"
trunk build --release --public-url "$peer_url" --dist dist/peer peer.html
# Trunk cannot minify wasm-bindgen's glue; terser does (−2.5 KB gzipped on the first load).
node scripts/minify-js.mjs dist dist/peer
