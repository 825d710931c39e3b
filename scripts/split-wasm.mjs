// Splits the app's wasm (issue 19; run by scripts/build.sh right after Trunk, before
// minify-js.mjs and pack-wasm.mjs): `node scripts/split-wasm.mjs dist`.
//
// Trunk builds the app with the `split` feature, so each screen of `src/screens/lazy.rs` is a
// split point of `wasm_split_helpers`, and the linker keeps its relocations (build.rs). Trunk's
// own wasm-bindgen output cannot load those screens; this script redoes that step:
//   - wasm-split-cli cuts Trunk's raw cargo output into the main module and one chunk per screen
//     (plus chunks of code several screens share) and writes the JS that fetches a chunk the
//     first time its screen is opened;
//   - wasm-bindgen makes the main module's glue, as Trunk did (same name, so Trunk's loader in
//     index.html is unchanged), and wasm-opt shrinks every module as Trunk's -Oz did;
//   - every chunk and the loader JS get a content hash in their names (a page never mixes two
//     builds), the glue imports the renamed loader, and index.html's integrity hash of the glue
//     is updated;
//   - the service worker (sw.js) is given the chunks' names to cache at install, so every screen
//     works offline from the second visit.
// Needs wasm-split-cli (crates.io `wasm_split_cli_support`, installed by scripts/setup.sh),
// wasm-bindgen and npm's wasm-opt on PATH.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sri = (bytes) => 'sha384-' + createHash('sha384').update(bytes).digest('base64');
const short = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });

// As Trunk's `data-wasm-opt="z"` with the page's `data-wasm-opt-params` (index.html). A chunk
// imports the main module's memory, which is not zero-filled when the chunk arrives: it gets
// only the flags that assume nothing about memory.
const OPT_MAIN = ['-Oz', '--low-memory-unused', '--zero-filled-memory', '--strip-producers', '--strip-target-features'];
const OPT_CHUNK = ['-Oz', '--strip-producers', '--strip-target-features', '--strip-debug'];

async function split(dir) {
  const target = process.env.CARGO_TARGET_DIR ?? 'target';
  const raw = join(target, 'wasm32-unknown-unknown', 'web', 'vrhcaby-web.wasm');
  const names = await readdir(dir);
  const glueName = names.find((n) => /^vrhcaby-web-[0-9a-f]+\.js$/.test(n));
  if (!glueName) throw new Error(`no app glue in ${dir}`);
  const stem = glueName.replace(/\.js$/, '');
  const work = await mkdtemp(join(tmpdir(), 'vrhcaby-split-'));
  try {
    const cut = join(work, 'cut');
    run('wasm-split-cli', [raw, cut, '--out-name', stem]);
    const bound = join(work, 'bound');
    run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--keep-lld-exports', '--out-dir', bound, '--out-name', stem, join(cut, `${stem}.wasm`)]);
    run('wasm-opt', [...OPT_MAIN, join(bound, `${stem}_bg.wasm`), '-o', join(dir, `${stem}_bg.wasm`)]);

    let loader = await readFile(join(cut, '__wasm_split.js'), 'utf8');
    const chunks = [];
    for (const name of (await readdir(cut)).sort()) {
      if (!name.endsWith('.wasm') || name === `${stem}.wasm`) continue;
      const optimised = join(work, name);
      run('wasm-opt', [...OPT_CHUNK, join(cut, name), '-o', optimised]);
      const bytes = await readFile(optimised);
      const hashed = `${stem}-${name.replace(/\.wasm$/, '')}-${short(bytes)}.wasm`;
      const reference = `"./${name}"`;
      if (!loader.includes(reference)) throw new Error(`the split loader never names ${name}`);
      loader = loader.replaceAll(reference, `"./${hashed}"`);
      await writeFile(join(dir, hashed), bytes);
      chunks.push(hashed);
    }
    if (chunks.length === 0) throw new Error('wasm-split-cli made no chunk: was the app built with the `split` feature?');
    const loaderName = `${stem}-split-${short(Buffer.from(loader))}.js`;
    await writeFile(join(dir, loaderName), loader);

    let glue = await readFile(join(bound, `${stem}.js`), 'utf8');
    if (!glue.includes('from "./__wasm_split.js"')) throw new Error('the glue does not import the split loader');
    glue = glue.replaceAll('from "./__wasm_split.js"', `from "./${loaderName}"`);
    const before = await readFile(join(dir, glueName));
    await writeFile(join(dir, glueName), glue);

    const htmlPath = join(dir, 'index.html');
    const html = await readFile(htmlPath, 'utf8');
    if (!html.includes(sri(before))) throw new Error("index.html has no integrity hash of Trunk's glue");
    await writeFile(htmlPath, html.replaceAll(sri(before), sri(Buffer.from(glue))));

    const swPath = join(dir, 'sw.js');
    const sw = await readFile(swPath, 'utf8');
    const marker = 'const SPLIT = [];';
    if (!sw.includes(marker)) throw new Error(`sw.js has no "${marker}"`);
    const list = [loaderName, ...chunks].map((n) => `'./${n}'`).join(', ');
    await writeFile(swPath, sw.replace(marker, `const SPLIT = [${list}];`));

    const sizes = await Promise.all(chunks.map(async (n) => (await readFile(join(dir, n))).length));
    console.log(`${join(dir, stem)}: main module and ${chunks.length} chunks (${sizes.reduce((a, b) => a + b, 0)} bytes)`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) await split(dir);
}
