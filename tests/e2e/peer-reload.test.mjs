// End-to-end, issue 8: a guest's page reloaded in the middle of a roll's dice exchange (it has
// committed, the host's part has not reached it) goes on with the same dice on both pages; and a
// peer game is played in one tab at a time (a second tab of the same browser neither plays nor
// connects until it takes the game over).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, launch, peerPage, playOneMove, sameBoards, serveDist, snapshot, waitOnline, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const attr = (page, name) => page.locator('svg.board').getAttribute(name);
const savedGame = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.peer') ?? 'null'));

/** Holds back this page's dice messages (commitments and reveals) on the data channel while
 * `window.__holdDice` is set: the other page waits in the middle of the exchange. */
async function holdable(page) {
  await page.context().addInitScript(() => {
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
      if (window.__holdDice && typeof data === 'string' && /"type":"(commit|reveal)"/.test(data)) {
        (window.__held ??= []).push(data);
        return undefined;
      }
      return send.call(this, data);
    };
  });
}

/** `inviter` (in a game, offline) makes a new invitation and `joiner` answers it. */
async function reconnect(inviter, joiner) {
  await inviter.getByTestId('reconnect').click();
  await inviter.getByTestId('invite-link').waitFor();
  const invite = await inviter.getByTestId('invite-link').inputValue();
  await joiner.getByTestId('reconnect').click();
  await joiner.locator('details.join summary').click();
  await joiner.getByTestId('paste-invite').fill(invite);
  await joiner.getByTestId('join').click();
  await joiner.getByTestId('answer-code').waitFor();
  await inviter.getByTestId('paste-answer').fill(await joiner.getByTestId('answer-code').inputValue());
  await inviter.getByTestId('connect').click();
  await waitOnline(inviter);
  await waitOnline(joiner);
}


/** Plays `n` single moves, each on the page of the side on turn. */
async function play(bySeat, n) {
  for (let i = 0; i < n; i++) {
    await waitPhase(bySeat.white, 'moving');
    const mover = await attr(bySeat.white, 'data-turn');
    await waitPhase(bySeat[mover], 'moving');
    await bySeat[mover].waitForFunction((m) =>
      document.querySelector('svg.board')?.getAttribute('data-turn') === m, mover);
    await playOneMove(bySeat[mover]);
  }
}

test('the guest reloads in the middle of a roll\'s dice exchange: the same dice on both pages, and play goes on', { timeout: 240_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await holdable(host);
  await host.goto(server.url);
  await connect(host, guest);
  const bySeat = { white: host, black: guest };
  await play(bySeat, 2);

  // The host plays out a turn (or waits for the guest's to end) with its dice messages held:
  // the next roll's exchange starts, the guest commits, the host's part never reaches it.
  await waitPhase(host, 'moving');
  await host.evaluate(() => { window.__holdDice = true; });
  const mover = await attr(host, 'data-turn');
  const before = (await savedGame(guest)).game.white.length;
  const moverPage = bySeat[mover];
  await moverPage.waitForFunction((m) =>
    document.querySelector('svg.board')?.getAttribute('data-turn') === m
      && document.querySelector('svg.board')?.getAttribute('data-phase') === 'moving', mover);
  while (await attr(moverPage, 'data-turn') === mover && await attr(moverPage, 'data-phase') === 'moving') {
    await playOneMove(moverPage);
  }
  // The guest has committed to the new roll and waits for the host's part.
  await guest.waitForFunction(() => {
    const s = JSON.parse(localStorage.getItem('vrhcaby.save.peer'));
    return s.game.black.at(-1)?.roll !== undefined && s.game.black.at(-1)?.hash !== undefined;
  }, null, { timeout: 10_000 });
  assert.equal(await attr(guest, 'data-phase'), 'rolling', 'the guest waits for the dice');
  const held = await host.evaluate(() => (window.__held ?? []).length);
  assert.ok(held >= 1, 'the host\'s part of the exchange was held back');
  const committed = (await savedGame(guest)).game.black.at(-1);
  assert.ok((await savedGame(guest)).game.white.length >= before);

  // Reload the guest mid-exchange; what the host held is lost with the old connection.
  await guest.reload();
  await guest.locator('svg.board').waitFor();
  assert.equal(await attr(guest, 'data-phase'), 'rolling', 'the reloaded page still waits for the dice');
  assert.deepEqual((await savedGame(guest)).game.black.at(-1), committed, 'the commitment survived the reload');
  await host.evaluate(() => { window.__holdDice = false; window.__held = []; });
  await waitOnline(guest, 'offline');
  await waitOnline(host, 'offline');
  await reconnect(guest, host);

  // The exchange finishes with the guest's saved commitment: the same dice on both pages.
  await waitPhase(host, 'moving', 'over');
  await waitPhase(guest, 'moving', 'over');
  const both = await sameBoards(host, guest);
  assert.equal(both.phase, 'moving');
  assert.ok(both.dice.length >= 2, `dice shown: ${both.dice}`);
  // The game goes on with moves on both sides.
  await play(bySeat, 4);
  await sameBoards(host, guest);
  for (const page of [host, guest]) {
    assert.equal(await page.getByTestId('diverged').count(), 0, 'no divergence');
    assert.deepEqual(page.errors, []);
  }
});

test('a second tab of a peer game neither plays nor connects until it takes the game over', { timeout: 240_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await host.goto(server.url);
  await connect(host, guest);
  const bySeat = { white: host, black: guest };
  await play(bySeat, 2);

  // A second tab of the guest's browser opens the peer page: the game is open in the first.
  const second = await guest.context().newPage();
  second.errors = [];
  second.on('pageerror', (e) => second.errors.push(e.message));
  await second.goto(`${server.url}`);
  const busy = second.getByTestId('tab-busy');
  await busy.waitFor({ timeout: 10_000 });
  assert.equal(await busy.getAttribute('data-kind'), 'peer');
  assert.equal(await second.locator('svg.board').count(), 0, 'the second tab does not show the game');
  // The first tab still plays with the host.
  await play(bySeat, 2);
  await sameBoards(host, guest);
  assert.equal(await second.locator('svg.board').count(), 0);

  // Taking it over: the second tab shows the game from the save; the first lets it go and its
  // connection closes.
  await waitPhase(host, 'moving');
  const atTakeOver = await snapshot(host);
  await second.getByTestId('take-over').click();
  await second.locator('svg.board').waitFor();
  await guest.getByTestId('tab-busy').waitFor({ timeout: 10_000 });
  assert.equal(await guest.locator('svg.board').count(), 0, 'the first tab no longer shows the game');
  assert.equal(await attr(second, 'data-seat'), 'black');
  assert.deepEqual((await snapshot(second)).points, atTakeOver.points);
  await waitOnline(host, 'offline');
  await waitOnline(second, 'offline');

  // The second tab reconnects and the game goes on there, with the same record on both sides.
  await reconnect(second, host);
  const tabs = { white: host, black: second };
  await sameBoards(host, second);
  await play(tabs, 3);
  await sameBoards(host, second);
  assert.equal(await guest.locator('svg.board').count(), 0, 'the first tab stays out');
  for (const page of [host, second]) {
    assert.equal(await page.getByTestId('diverged').count(), 0, 'no divergence');
    assert.deepEqual(page.errors, []);
  }
  assert.deepEqual(guest.errors, []);
});
