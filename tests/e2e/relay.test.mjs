// End-to-end, issue 20: one link and nothing carried back. Two pages (separate storage) find each
// other through Nostr relays on this machine (a real relay from PyPI, and a hostile one in front of
// it); a reload, a cut network and a dead relay reconnect by themselves; with no relay the manual
// codes appear and work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, peerPage, playOneMove, serveDist, snapshot, waitPhase } from './harness.mjs';
import { hostileRelay, startRelay } from './relay.mjs';

let server;
let browser;
let relay;
before(async () => { server = await serveDist(); browser = await launch(); relay = await startRelay(); });
after(async () => { await browser?.close(); server?.close(); relay?.stop(); });

const attr = (page, name) => page.locator('svg.board').getAttribute(name);
const link = (page) => page.getByTestId('peer-status').getAttribute('data-link');
const waitLink = (page, state, timeout = 30_000) => page.waitForFunction(
  (s) => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === s, state, { timeout });

/** Both pages agree on the position once both wait for a move. */
async function sameBoards(a, b) {
  let sa;
  let sb;
  for (let i = 0; i < 100; i++) {
    await waitPhase(a, 'moving', 'over');
    await waitPhase(b, 'moving', 'over');
    [sa, sb] = [await snapshot(a), await snapshot(b)];
    if (JSON.stringify(sa) === JSON.stringify(sb)) break;
    await b.waitForTimeout(100);
  }
  assert.deepEqual(sb, sa, 'both boards agree');
}

async function play(host, guest, n) {
  const bySeat = { white: host, black: guest };
  for (let i = 0; i < n; i++) {
    await waitPhase(host, 'moving');
    const mover = await attr(host, 'data-turn');
    await waitPhase(bySeat[mover], 'moving');
    await playOneMove(bySeat[mover]);
  }
  await sameBoards(host, guest);
}

/** The host opens the page with `relays` and invites; resolves with its one link. */
async function invite(host, relays) {
  await host.goto(`${server.url}?relays=${encodeURIComponent(relays.join(','))}`);
  await host.getByTestId('play-friend').click();
  await host.getByTestId('invite-link').waitFor();
  return host.getByTestId('invite-link').inputValue();
}

test('one link: the guest opens it and both are online; a reload of either page reconnects by itself', { timeout: 240_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  const url = await invite(host, [relay.url]);
  assert.match(url, /#room=[0-9a-f]{32}&relays=/);
  assert.ok(decodeURIComponent(url).includes(relay.url), 'the link names its relays');
  assert.equal(await host.getByTestId('paste-answer').count(), 0, 'no answer to paste');
  const t0 = Date.now();
  await guest.goto(url);
  await waitLink(host, 'online');
  await waitLink(guest, 'online');
  console.log(`opening the link → both online: ${Date.now() - t0} ms; strings carried: 1`);
  // The secret left the address bar (a reload does not join again from the fragment).
  assert.ok(!guest.url().includes('room='));
  assert.equal(await attr(host, 'data-seat'), 'white');
  assert.equal(await attr(guest, 'data-seat'), 'black');
  await play(host, guest, 3);

  // The guest's page reloads mid-game: it finds the host by itself, with the same board.
  await guest.reload();
  await guest.locator('svg.board').waitFor();
  await waitLink(guest, 'online');
  await waitLink(host, 'online');
  await sameBoards(host, guest);
  await play(host, guest, 2);

  // And the host's.
  await host.reload();
  await host.locator('svg.board').waitFor();
  await waitLink(host, 'online');
  await waitLink(guest, 'online');
  await sameBoards(host, guest);
  await play(host, guest, 2);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});
