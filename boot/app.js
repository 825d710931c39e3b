// The app's loader (issue 41), put into index.html by the build step (xtask/) right after the
// build's manifest, `vrhcabyBuild` (its app part: the glue, the wasm and, in a release build, the
// packed wasm that boot/lzma.js has been fetching since the head was read). It imports the glue
// (already preloaded) and starts the app with the inflated wasm; if anything about the packed
// one fails, with the plain wasm beside it.
const build = window.vrhcabyBuild;
const glue = await import(build.glue);
try {
  if (!window.vrhcabyPacked) throw new Error('no packed wasm');
  await glue.default({ module_or_path: window.vrhcabyPacked });
} catch (e) {
  if (window.vrhcabyPacked) console.warn('the packed wasm failed, loading the plain one:', e);
  await glue.default({ module_or_path: build.wasm });
}
