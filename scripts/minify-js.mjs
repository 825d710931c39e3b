// Minifies the wasm-bindgen glue of each page (Trunk's own JS minifier cannot parse it) with
// terser, and updates the page's subresource-integrity hash for it. Run by scripts/build.sh
// after Trunk: `node scripts/minify-js.mjs dist`. The glue is an ES module; names it
// exports stay as they are. It also clears the console warning of Trunk's worker loaders and
// puts the stylesheets into the page (see below); the wasm's preload, whose integrity Chromium
// warned about, is replaced by scripts/pack-wasm.mjs, run next.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';

const sri = (bytes) => 'sha384-' + createHash('sha384').update(bytes).digest('base64');

for (const dir of process.argv.slice(2)) {
  const htmlPath = join(dir, 'index.html');
  let html = await readFile(htmlPath, 'utf8');
  for (const name of await readdir(dir)) {
    if (!/^vrhcaby-web-[0-9a-f]+(-split-[0-9a-f]+)?\.js$/.test(name)) continue;
    const path = join(dir, name);
    const before = await readFile(path);
    const out = await minify(before.toString('utf8'), {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    if (!out.code) throw new Error(`terser gave nothing for ${path}`);
    const after = Buffer.from(out.code);
    const [oldHash, newHash] = [sri(before), sri(after)];
    if (html.includes(oldHash)) html = html.replaceAll(oldHash, newHash);
    await writeFile(path, after);
    console.log(`${path}: ${before.length} → ${after.length} bytes`);
  }
  // The styles go into the page itself: the start screen paints without waiting one more round
  // trip for them (about 6 KB gzipped).
  const styles = [];
  html = html.replace(/<link ([^>]*\brel=stylesheet[^>]*)>/g, (tag, attrs) => {
    const href = /\bhref=(?:"([^"]+)"|(\S+))/.exec(attrs);
    const name = href && (href[1] ?? href[2]).replace(/^\.\//, '');
    if (!name || !/^[\w.-]+\.css$/.test(name)) return tag;
    styles.push(name);
    return `<style data-from=${name}>@@${name}@@</style>`;
  });
  for (const name of styles) {
    const css = await readFile(join(dir, name), 'utf8');
    html = html.replace(`@@${name}@@`, () => css.replaceAll('</style', '<\\/style'));
  }
  await writeFile(htmlPath, html);
  // Trunk's worker loader calls the wasm-bindgen init with a bare path, which wasm-bindgen
  // deprecates (a console warning each time a worker starts): pass it as `module_or_path`.
  for (const name of await readdir(dir)) {
    if (!/_loader\.js$/.test(name)) continue;
    const path = join(dir, name);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(/wasm_bindgen\(("[^"]+\.wasm")\)/g, 'wasm_bindgen({module_or_path:$1})'));
  }
}
