// One link to both boards online (a benchmark, not a test; issue 20): a Nostr relay from PyPI on
// loopback (tests/e2e/relay.mjs), two fresh browser contexts; per run, the time from the guest
// opening the host's link to both pages showing the friend online, and from a reload of the
// guest's page to both online again. Prints each run and the medians.
//
//   ./scripts/build.sh && node bench/link.mjs [runs]
import { launch, peerPage, serveDist } from '../tests/e2e/harness.mjs';
import { startRelay } from '../tests/e2e/relay.mjs';

const runs = Number(process.argv[2] ?? 5);
const server = await serveDist();
const browser = await launch();
const relay = await startRelay();
const online = (page) => page.waitForFunction(
  () => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === 'online', null, { timeout: 60_000, polling: 10 });
const rows = [];
for (let i = 0; i < runs; i++) {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await host.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
  await host.getByTestId('play-friend').click();
  await host.getByTestId('invite-link').waitFor();
  const url = await host.getByTestId('invite-link').inputValue();
  let t0 = Date.now();
  await guest.goto(url);
  await Promise.all([online(host), online(guest)]);
  const open = Date.now() - t0;
  t0 = Date.now();
  await guest.reload();
  await Promise.all([online(host), online(guest)]);
  const reload = Date.now() - t0;
  rows.push({ open, reload });
  console.log(JSON.stringify({ open, reload }));
  await host.context().close();
  await guest.context().close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ median: { open: median(rows.map((r) => r.open)), reload: median(rows.map((r) => r.reload)) }, runs }));
await browser.close();
server.close();
relay.stop();
