// Ships the app's wasm LZMA-compressed (issue 19; run by scripts/build.sh after minify-js.mjs):
// `node scripts/pack-wasm.mjs dist`. For the page's wasm (vrhcaby-web-<hash>_bg.wasm) it
//   - writes <same name>.lzma beside it: xz's .lzma format (preset 9e; lc=4, lp=0, pb=0 pack
//     this wasm best) with the real size in the header, which boot/lzma.js requires;
//   - puts boot/lzma.js (minified) first in the page's head, starting the download there (in
//     place of the wasm's preload), and has the loader take the inflated wasm as it arrives,
//     falling back to the plain wasm (kept beside it, named only in the loader) if anything
//     about the .lzma fails;
//   - writes the same inflater as lzma.js, for the service worker (public/sw.js).
// Needs `xz` (Debian's xz-utils; scripts/setup.sh installs it when missing).
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';

export const LZMA_OPTIONS = ['--format=lzma', '--lzma1=preset=9e,lc=4,lp=0,pb=0'];

/** The .lzma of `bytes`, with their length in the header's size field. */
export function compress(bytes, options = LZMA_OPTIONS) {
  const packed = execFileSync('xz', [...options, '--stdout'], { input: bytes, maxBuffer: 1 << 30 });
  packed.writeBigUInt64LE(BigInt(bytes.length), 5);
  return packed;
}

async function pack(dir) {
  const names = await readdir(dir);
  const wasmName = names.find((n) => /^vrhcaby-web-[0-9a-f]+_bg\.wasm$/.test(n));
  if (!wasmName) throw new Error(`no app wasm in ${dir}`);
  const lzmaName = wasmName.replace(/\.wasm$/, '.lzma');
  const wasm = await readFile(join(dir, wasmName));
  const packed = compress(wasm);
  await writeFile(join(dir, lzmaName), packed);

  const htmlPath = join(dir, 'index.html');
  let html = await readFile(htmlPath, 'utf8');
  const esc = wasmName.replace(/[.]/g, '\\.');
  // The inflater goes first in the head and starts the download at once (as a preload would, but
  // a later visit takes the service worker's inflated copy and fetches nothing); the glue's
  // preload goes there too, before the inlined styles (on the throttled phone both then start
  // about 0.2 s sooner).
  const wasmPreload = new RegExp(`<link [^>]*href=(["']?)\\./${esc}\\1[^>]*>`);
  if (!wasmPreload.test(html)) throw new Error('no preload of the wasm in index.html');
  html = html.replace(wasmPreload, '');
  const gluePreload = /<link [^>]*\brel=modulepreload\b[^>]*>/;
  const glue = gluePreload.exec(html);
  if (!glue) throw new Error("no preload of the glue in index.html");
  html = html.replace(gluePreload, '');
  const source = await readFile(new URL('../boot/lzma.js', import.meta.url), 'utf8');
  const { code } = await minify(source, { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!code) throw new Error('terser gave nothing for boot/lzma.js');
  // Handled at once (no unhandled rejection); the loader awaits it and falls back on failure.
  const start = `vrhcabyPacked=vrhcabyWasm('./${lzmaName}','./${wasmName}');vrhcabyPacked.catch(()=>{});`;
  const head = /<meta charset=("?)utf-8\1>/i;
  if (!head.test(html)) throw new Error('no <meta charset> in index.html');
  html = html.replace(head, (m) => `${m}${glue[0]}<script>${code}\n${start}</script>`);
  const init = new RegExp(`const wasm = await init\\(\\{ module_or_path: '\\./${esc}' \\}\\);`);
  if (!init.test(html)) throw new Error('no wasm-bindgen init of the wasm in index.html');
  html = html.replace(init, () => [
    'let wasm;',
    "try { if (!window.vrhcabyPacked) throw new Error('no inflater'); wasm = await init({ module_or_path: window.vrhcabyPacked }); }",
    `catch (e) { console.warn('the packed wasm failed, loading the plain one:', e); wasm = await init({ module_or_path: './${wasmName}' }); }`,
  ].join('\n'));
  await writeFile(htmlPath, html);
  // The service worker inflates the .lzma into its cache with the same code (public/sw.js).
  await writeFile(join(dir, 'lzma.js'), code);
  console.log(`${join(dir, lzmaName)}: ${wasm.length} → ${packed.length} bytes (inflater ${code.length} bytes in the page)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) await pack(dir);
}
