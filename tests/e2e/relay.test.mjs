// End-to-end, issue 20: one link and nothing carried back. Two pages (separate storage) find each
// other through Nostr relays on this machine (a real relay from PyPI, and a hostile one in front of
// it); a reload, a cut network and a dead relay reconnect by themselves; with no relay the manual
// codes appear and work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, peerPage, playOneMove, sameBoards, serveDist, snapshot, waitPhase } from './harness.mjs';
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

test('one link: the guest opens it and both are online; a reload of either page reconnects by itself; a third page with the link is not heard', { timeout: 240_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  const url = await invite(host, [relay.url]);
  assert.match(url, /#room=[0-9a-f]{32}&relays=/);
  assert.ok(decodeURIComponent(url).includes(relay.url), 'the link names its relays');
  assert.equal(await host.getByTestId('paste-answer').count(), 0, 'no answer to paste');
  // The screen says each step: the link to send, then the relay reached (one of one).
  await host.waitForFunction(() => document.querySelector('[data-testid=relay-step]')?.dataset.state === 'done', null, { timeout: 15_000 });
  assert.match(await host.getByTestId('relay-step').innerText(), /spojeno \(1 z 1\)/);
  assert.equal(await host.getByTestId('friend-status').isVisible(), true, 'waiting for the friend, said');
  assert.equal(await host.getByTestId('relays').isVisible(), false, 'the relays wait under Advanced');
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

  // Someone else opens the same link mid-game: the room belongs to the guest now; nobody else
  // is heard, and the game goes on between the two.
  const other = await peerPage(browser);
  await other.goto(url);
  await other.getByTestId('friend-status').waitFor();
  await other.waitForTimeout(6_000);
  assert.equal(await other.locator('svg.board').count(), 0, 'no game reached the third page');
  assert.equal(await link(host), 'online');
  assert.equal(await link(guest), 'online');
  await play(host, guest, 2);
  for (const p of [host, guest, other]) assert.deepEqual(p.errors, []);
  for (const p of [host, guest, other]) await p.context().close();
});

/** Connects a fresh host and guest through `relays`; resolves with both pages. */
async function pair(relays, { hostInit } = {}) {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  if (hostInit) await host.context().addInitScript(hostInit);
  const url = await invite(host, relays);
  await guest.goto(url);
  await waitLink(host, 'online');
  await waitLink(guest, 'online');
  return { host, guest, url };
}

test('the host\'s network cut for 20 s: both look for each other, reconnect by themselves, and the move made meanwhile arrives', { timeout: 240_000 }, async () => {
  // The host's peer connections are kept where the test can cut them (a network change cuts the
  // data channel and every socket; the browser's offline mode cuts only the sockets).
  const { host, guest } = await pair([relay.url], {
    hostInit: () => {
      const Native = window.RTCPeerConnection;
      window.__pcs = [];
      window.RTCPeerConnection = class extends Native {
        constructor(...args) { super(...args); window.__pcs.push(this); }
      };
    },
  });
  await play(host, guest, 2);
  // Cut while the guest is on turn, so the guest can move meanwhile.
  const bySeat = { white: host, black: guest };
  for (let i = 0; i < 4 && (await attr(host, 'data-turn')) !== 'black'; i++) await play(host, guest, 1);
  assert.equal(await attr(host, 'data-turn'), 'black');
  await host.context().setOffline(true);
  await host.evaluate(() => window.__pcs.forEach((pc) => pc.close()));
  const cut = Date.now();
  await waitLink(guest, 'reconnecting');
  assert.equal(await guest.getByTestId('reconnect').count(), 0, 'nothing to press');
  await waitPhase(guest, 'moving');
  await playOneMove(bySeat.black);
  const moved = await snapshot(guest);
  await host.waitForTimeout(8000);
  assert.equal(await link(host), 'reconnecting', 'the host looks for the guest meanwhile');
  assert.equal(await link(guest), 'reconnecting');
  await host.waitForTimeout(Math.max(0, 20_000 - (Date.now() - cut)));
  await host.context().setOffline(false);
  const back = Date.now();
  await waitLink(host, 'online', 60_000);
  await waitLink(guest, 'online', 60_000);
  console.log(`network back → both online: ${Date.now() - back} ms`);
  await sameBoards(host, guest);
  // The guest's move made while cut off is on the host's board too.
  const checkers = (snap) => JSON.stringify(Object.entries(snap).filter(([k]) => !['turn', 'phase', 'dice'].includes(k)));
  assert.equal(checkers(await snapshot(host)), checkers(moved));
  await play(host, guest, 2);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context().close();
  await guest.context().close();
});

/** A loopback address where nothing listens. */
const deadRelay = 'ws://127.0.0.1:9';

test('two relays, one of them dead: still one link, and both online', { timeout: 120_000 }, async () => {
  const { host, guest } = await pair([deadRelay, relay.url]);
  await play(host, guest, 2);
  await host.context().close();
  await guest.context().close();
});

test('no relay reachable: the manual codes appear by themselves and work', { timeout: 120_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await host.goto(`${server.url}?relays=${encodeURIComponent(deadRelay)}`);
  await host.getByTestId('play-friend').click();
  // The answer box of the manual codes, with an invitation link that carries the offer itself.
  await host.getByTestId('paste-answer').waitFor({ timeout: 15_000 });
  const invitation = await host.getByTestId('invite-link').inputValue();
  assert.match(invitation, /#join=/);
  await guest.goto(invitation);
  await guest.getByTestId('answer-code').waitFor();
  await host.getByTestId('paste-answer').fill(await guest.getByTestId('answer-code').inputValue());
  await host.getByTestId('connect').click();
  await waitLink(host, 'online');
  await waitLink(guest, 'online');
  await play(host, guest, 2);
  await host.context().close();
  await guest.context().close();
});

test('a guest whose device reaches no relay is asked for the code, and "manual-codes" gives it', { timeout: 120_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  const url = await invite(host, [relay.url]);
  // The guest's link names a relay its device cannot reach.
  await guest.goto(url.replace(/relays=[^&]*/, `relays=${encodeURIComponent(deadRelay)}`));
  await guest.getByTestId('no-relay').waitFor({ timeout: 15_000 });
  await host.getByTestId('manual-codes').click();
  await host.getByTestId('paste-answer').waitFor();
  const invitation = await host.getByTestId('invite-link').inputValue();
  await guest.getByTestId('paste-invite').fill(invitation);
  await guest.getByTestId('join').click();
  await guest.getByTestId('answer-code').waitFor();
  await host.getByTestId('paste-answer').fill(await guest.getByTestId('answer-code').inputValue());
  await host.getByTestId('connect').click();
  await waitLink(host, 'online');
  await waitLink(guest, 'online');
  await host.context().close();
  await guest.context().close();
});

test('a hostile relay (dropping, delaying, duplicating, replaying, forging) neither lets a stranger in nor breaks the game', { timeout: 240_000 }, async () => {
  const hostile = await hostileRelay(relay.url, { seed: 7 });
  try {
    const { host, guest, url } = await pair([hostile.url]);
    await play(host, guest, 4);
    // Publishing stops once connected: nothing more is said to the relay while the game goes on.
    const said = () => hostile.published().filter((m) => m.startsWith('["EVENT"')).length;
    const before = said();
    await host.waitForTimeout(5_000);
    assert.equal(said(), before, 'no event published while connected');
    // The room's secret never reaches a relay (it stays in the link's fragment).
    const secret = url.match(/#room=([0-9a-f]{32})/)[1];
    assert.ok(hostile.published().length > 0);
    assert.ok(hostile.published().every((m) => !m.includes(secret)));
    // A stranger with a link of another room on the same relay: it never reaches the host.
    const stranger = await peerPage(browser);
    await stranger.goto(`${server.url}#room=${'ab'.repeat(16)}&relays=${encodeURIComponent(hostile.url)}`);
    // Replays of everything the relay carried go on meanwhile; the game goes on.
    await play(host, guest, 4);
    await host.waitForTimeout(5_000);
    assert.equal(await link(host), 'online');
    assert.equal(await link(guest), 'online');
    assert.equal(await stranger.getByTestId('friend-status').count(), 1, 'the stranger is still waiting');
    assert.equal(await stranger.locator('svg.board').count(), 0, 'no game reached the stranger');
    await play(host, guest, 2);
    assert.ok(hostile.events() > 0);
    assert.ok(hostile.forged() > 0, 'forged events were sent too');
    for (const p of [host, guest, stranger]) assert.deepEqual(p.errors, []);
    for (const p of [host, guest, stranger]) await p.context().close();
  } finally {
    hostile.stop();
  }
});
