// Two strangers meet at an open table (a benchmark, not a test; issue 42): a Nostr relay from
// PyPI on loopback (tests/e2e/relay.mjs), two fresh browser contexts on the start screen; per
// run, the time from tapping "Play someone now" on both pages (one right after the other) to both
// boards online, the first player opening a table at once and the second sitting down at it as
// soon as it is listed (a person's reaction times not included). Prints each run (with when the table was listed) and
// the medians.
//
//   ./scripts/build.sh && node bench/lobby.mjs [runs]
import { launch, peerPage, serveDist } from '../tests/e2e/harness.mjs';
import { startRelay } from '../tests/e2e/relay.mjs';

const runs = Number(process.argv[2] ?? 7);
const server = await serveDist();
const browser = await launch();
const relay = await startRelay();
const online = (page) => page.waitForFunction(
  () => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === 'online', null, { timeout: 60_000, polling: 10 });
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rows = [];
for (let i = 0; i < runs; i++) {
  const a = await peerPage(browser);
  const b = await peerPage(browser);
  for (const p of [a, b]) {
    await p.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
    await p.getByTestId('play-stranger').waitFor();
  }
  const t0 = Date.now();
  await a.getByTestId('play-stranger').click();
  await b.getByTestId('play-stranger').click();
  // A opens its table; B sits at the first table it lists (A's: nobody else is in this relay's
  // lobby).
  await a.getByTestId('open-table').click();
  const sit = b.getByTestId('join-table').first();
  await sit.waitFor({ timeout: 30_000 });
  const listed = Date.now() - t0;
  await sit.click();
  try {
    await Promise.all([online(a), online(b)]);
  } catch (e) {
    const state = (p) => p.evaluate(() => ['lobby-status', 'friend-status', 'peer-status']
      .map((id) => `${id}=${document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-state') ?? document.querySelector(`[data-testid=${id}]`)?.textContent ?? '-'}`).join(' '));
    console.log(`run ${i + 1} failed: A ${await state(a)}; B ${await state(b)}`);
    throw e;
  }
  const both = Date.now() - t0;
  rows.push({ listed, both });
  console.log(`run ${i + 1}: table listed ${listed} ms, both boards online ${both} ms`);
  await a.context().close();
  await b.context().close();
}
console.log(`median of ${runs}: listed ${median(rows.map((r) => r.listed))} ms, both online ${median(rows.map((r) => r.both))} ms`
  + ` (min ${Math.min(...rows.map((r) => r.both))}, max ${Math.max(...rows.map((r) => r.both))})`);
await browser.close();
relay.stop();
server.close();
