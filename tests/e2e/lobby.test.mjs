// End-to-end, issue 42: open tables. Strangers meet through a table on relays on this machine (a
// real relay from PyPI, and a hostile one in front of it): one opens the lobby, another sees the
// table and sits down, both boards go online and play; a third page sees the tables come and go.
// Two joiners at once: one plays, the other is told. Nothing a relay carries names the room.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectPair, launch, openSheet, peerPage, playOneMove, sameBoards, serveDist, waitPhase } from './harness.mjs';
import { hostileRelay, startRelay } from './relay.mjs';

let server;
let browser;
let relay;
before(async () => { server = await serveDist(); browser = await launch(); relay = await startRelay(); });
after(async () => { await browser?.close(); server?.close(); relay?.stop(); });

const attr = (page, name) => page.locator('svg.board').getAttribute(name);
const waitLink = (page, state, timeout = 30_000) => page.waitForFunction(
  (s) => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === s, state, { timeout });
const tables = (page) => page.getByTestId('table-list').locator('[data-table]');
const authors = (page) => tables(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-author')));

/** A page in the lobby through `relays`, its own table open unless `open` is false. */
async function enter(relays, { open = true, ...options } = {}) {
  const page = await peerPage(browser, options);
  await page.goto(`${server.url}?relays=${encodeURIComponent(relays.join(','))}`);
  await page.getByTestId('play-stranger').click();
  await page.getByTestId('lobby').waitFor();
  assert.equal(await page.getByTestId('lobby-status').getAttribute('data-state'), 'idle');
  if (open) {
    await page.getByTestId('open-table').click();
    await page.getByTestId('withdraw-table').waitFor();
  }
  return page;
}

async function play(a, b, n) {
  const bySeat = { [await attr(a, 'data-seat')]: a, [await attr(b, 'data-seat')]: b };
  for (let i = 0; i < n; i++) {
    await waitPhase(a, 'moving');
    const mover = await attr(a, 'data-turn');
    await waitPhase(bySeat[mover], 'moving');
    await playOneMove(bySeat[mover]);
  }
  await sameBoards(a, b);
}

test('two strangers meet at a table and play; a third page sees the tables come and go', { timeout: 180_000 }, async () => {
  const watcher = await enter([relay.url], { open: false });
  const owner = await enter([relay.url]);
  // Said open once the relay has accepted the table (NIP-01's OK).
  await owner.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').getAttribute('data-state') === 'open', null, { timeout: 10_000 });
  assert.match(await owner.getByTestId('lobby-wish').innerText(), /české vrhcáby · s hodinami · čeština/);
  // The watcher sees the owner's table; the owner does not list its own.
  await watcher.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] [data-table]').length === 1, null, { timeout: 10_000 });
  const ownerKey = (await authors(watcher))[0];
  assert.match(ownerKey, /^[0-9a-f]{64}$/);
  const listed = watcher.getByTestId('table-list').locator('[data-table]');
  assert.match(await listed.getAttribute('data-table'), /^[0-9a-f]{64}$/);
  assert.equal(await listed.getAttribute('data-rules'), 'vrhcaby');
  assert.equal(await listed.getAttribute('data-match-length'), '0');
  // A page that wishes another game does not list it; choosing the same game again does.
  await watcher.getByTestId('game-rules').selectOption('standard');
  await watcher.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] [data-table]').length === 0, null, { timeout: 5_000 });
  await watcher.getByTestId('game-rules').selectOption('vrhcaby');
  await watcher.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] [data-table]').length === 1, null, { timeout: 5_000 });
  const t0 = Date.now();
  const joiner = await enter([relay.url]);
  const sit = joiner.locator(`[data-table][data-author="${ownerKey}"] [data-testid=join-table]`);
  await sit.waitFor({ timeout: 10_000 });
  const seen = Date.now() - t0;
  assert.ok(seen < 2_000 + 3_000, `the table listed ${seen} ms after entering (page load included)`);
  await sit.click();
  await waitLink(owner, 'online');
  await waitLink(joiner, 'online');
  console.log(`sitting down → both boards online: ${Date.now() - t0} ms from the joiner entering`);
  // The owner hosts (White), the stranger is Black; they play.
  assert.equal(await attr(owner, 'data-seat'), 'white');
  assert.equal(await attr(joiner, 'data-seat'), 'black');
  await play(owner, joiner, 6);
  // Both tables are gone from the watcher's list (the owner's taken, the joiner's withdrawn).
  await watcher.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] [data-table]').length === 0, null, { timeout: 10_000 });
  assert.equal(await watcher.getByTestId('no-tables').isVisible(), true);
  for (const p of [owner, joiner, watcher]) assert.deepEqual(p.errors, []);
  for (const p of [owner, joiner, watcher]) await p.context().close();
});

test('a table is withdrawn when its owner closes it or leaves the screen, and opens again', { timeout: 120_000 }, async () => {
  const watcher = await enter([relay.url], { open: false });
  const owner = await enter([relay.url]);
  const count = (n) => watcher.waitForFunction((k) => document.querySelectorAll('[data-testid=table-list] [data-table]').length === k, n, { timeout: 10_000 });
  await count(1);
  await owner.getByTestId('withdraw-table').click();
  await count(0);
  await owner.getByTestId('open-table').click();
  await count(1);
  // Back to the start screen: the table goes with the screen.
  await owner.getByTestId('back').click();
  await owner.getByTestId('play-stranger').waitFor();
  await count(0);
  for (const p of [owner, watcher]) assert.deepEqual(p.errors, []);
  for (const p of [owner, watcher]) await p.context().close();
});

test('the owner plays the computer while the table waits; a stranger sits and the game with them starts, the computer game kept', { timeout: 180_000 }, async () => {
  const owner = await enter([relay.url]);
  await owner.getByTestId('wait-with-computer').click();
  await owner.getByTestId('start-bot-game').click();
  await waitPhase(owner, 'moving', 'rolling');
  const waiting = owner.getByTestId('table-waiting');
  await waiting.waitFor();
  assert.match(await waiting.innerText(), /Tvůj stůl čeká/);
  // Back to the tables and away again: the same table, still open.
  await owner.getByTestId('back-to-tables').click();
  await owner.getByTestId('withdraw-table').waitFor();
  assert.equal(await waiting.count(), 0);
  await owner.getByTestId('wait-with-computer').click();
  await owner.getByTestId('start-bot-game').click();
  await waiting.waitFor();
  // A stranger sits down: the owner's page goes to the game with them.
  const joiner = await enter([relay.url], { open: false });
  await joiner.locator('[data-testid=table-list] [data-table]').first().getByTestId('join-table').click();
  await waitLink(owner, 'online');
  await waitLink(joiner, 'online');
  assert.equal(await waiting.count(), 0, 'the bar is gone');
  // The game against the computer is kept, to continue later.
  const saved = await owner.evaluate(() => localStorage.getItem('vrhcaby.save.bot'));
  assert.ok(saved, 'the computer game kept');
  for (const p of [owner, joiner]) assert.deepEqual(p.errors, []);
  for (const p of [owner, joiner]) await p.context().close();
});

test('with a game with a friend in progress, the page opens no table (a stranger\'s game would replace it)', { timeout: 120_000 }, async () => {
  const { host, guest } = await connectPair(browser, server.url);
  await waitPhase(host, 'moving', 'rolling');
  await (await openSheet(host)).getByTestId('menu').click();
  await host.getByTestId('play-stranger').click();
  await host.getByTestId('lobby').waitFor();
  assert.equal(await host.getByTestId('open-table').isDisabled(), true);
  assert.match(await host.getByTestId('lobby-status').innerText(), /rozehranou hru s přítelem/);
  for (const p of [host, guest]) assert.deepEqual(p.errors, []);
  for (const p of [host, guest]) await p.context().close();
});

test('two joiners at once: one plays, the other is told at once and its table waits again', { timeout: 180_000 }, async () => {
  const owner = await enter([relay.url]);
  const b = await enter([relay.url]);
  const c = await enter([relay.url]);
  // Each of B and C sees the owner's and the other's tables (each listed once a relay holds it,
  // which takes a moment after Open); the owner's is the one both see.
  let kb, kc, ownerKey;
  for (const until = Date.now() + 15_000; !ownerKey && Date.now() < until; await b.waitForTimeout(200)) {
    [kb, kc] = [await authors(b), await authors(c)];
    ownerKey = kb.find((k) => kc.includes(k));
  }
  assert.ok(ownerKey, `${kb} / ${kc}`);
  const sitB = b.locator(`[data-table][data-author="${ownerKey}"] [data-testid=join-table]`);
  const sitC = c.locator(`[data-table][data-author="${ownerKey}"] [data-testid=join-table]`);
  await Promise.all([sitB.click(), sitC.click()]);
  // One of them is playing, the other is told the table is taken.
  await waitLink(owner, 'online');
  const states = await Promise.all([b, c].map((p) => p.waitForFunction(() => {
    const s = document.querySelector('[data-testid=lobby-status]')?.getAttribute('data-state');
    return document.querySelector('[data-testid=peer-status]') ? 'playing' : (s === 'taken' ? 'taken' : null);
  }, null, { timeout: 30_000 }).then((h) => h.jsonValue())));
  assert.deepEqual([...states].sort(), ['playing', 'taken']);
  const loser = states[0] === 'taken' ? b : c;
  assert.match(await loser.getByTestId('table-taken').innerText(), /obsadil někdo jiný/);
  // Its own table, withdrawn while it sat down, is open again.
  assert.equal(await loser.getByTestId('lobby-status').getAttribute('data-state'), 'taken');
  await loser.getByTestId('withdraw-table').waitFor();
  // The owner's table is gone from the loser's list.
  assert.ok(!(await authors(loser)).includes(ownerKey));
  for (const p of [owner, b, c]) assert.deepEqual(p.errors, []);
  for (const p of [owner, b, c]) await p.context().close();
});

test('through a hostile relay (drops, duplicates, replays, forgeries, a flood of 1,000 forged tables) and one that refuses tables, the strangers still meet, and no event names the room', { timeout: 240_000 }, async () => {
  // A relay of its own: the earlier tests' pages closed without withdrawing their tables.
  const upstream = await startRelay();
  const hostile = await hostileRelay(upstream.url, { drop: 0.25, duplicate: 0.3, delayMs: 1500, replayMs: 500, seed: 42 });
  const refusing = await hostileRelay(upstream.url, { drop: 0, duplicate: 0, delayMs: 0, replayMs: 60_000, seed: 3, refuseKinds: [30959] });
  try {
    const owner = await enter([hostile.url, refusing.url]);
    // The relay that refuses tables is noted (and skipped from then on).
    await owner.waitForFunction(() => /odmítl|refused/.test(document.querySelector('[data-testid=lobby-relays]')?.textContent ?? ''), null, { timeout: 15_000 });
    const joiner = await enter([hostile.url, refusing.url]);
    // A flood of 1,000 forged tables handed to both pages as if they matched the lobby: another
    // key claimed, no work, a bad signature, a wish that is none, an expired or future stamp.
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 1000; i++) {
      const tags = [['d', 'vrhcaby-table'], ['t', 'vrhcaby-table-v1'], ['expiration', String(now + (i % 5 === 0 ? -10 : 300))], ['nonce', String(i), '16']];
      hostile.inject('vrhcaby-lobby', {
        id: (i + 7).toString(16).padStart(64, '0'), pubkey: i.toString(16).padStart(64, '0'),
        created_at: i % 7 === 0 ? now + 3_600 : now, kind: 30959, tags,
        content: i % 3 === 0 ? 'junk' : '{"rules":"house","length":0,"clock":true,"lang":"cs"}', sig: '00'.repeat(64),
      });
    }
    // The joiner lists exactly the owner's table (the forgeries ignored).
    await joiner.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] [data-table]').length >= 1, null, { timeout: 30_000 });
    await joiner.waitForTimeout(1_000);
    assert.equal(await tables(joiner).count(), 1);
    await joiner.getByTestId('join-table').click();
    await waitLink(owner, 'online', 60_000);
    await waitLink(joiner, 'online', 60_000);
    await play(owner, joiner, 4);
    // What the pages sent the relays: tables in clear (the wish) and sealed events; the room's
    // secret (kept by each page with its saved room) is in none of them.
    const secret = await joiner.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.room')).secret);
    assert.match(secret, /^[0-9a-f]{32}$/);
    const sent = [...hostile.published(), ...refusing.published()].join('\n');
    assert.ok(sent.includes('vrhcaby-table-v1') && sent.includes('vrhcaby-join-v1'), 'tables and joins went through them');
    assert.ok(!sent.includes(secret), 'the room secret never in clear');
    // After the refusal no table went to the refusing relay again.
    const tablesToRefusing = refusing.published().filter((m) => m.includes('vrhcaby-table-v1') && m.startsWith('["EVENT"'));
    assert.ok(tablesToRefusing.length <= 2, `tables sent to the relay that refuses them: ${tablesToRefusing.length}`);
    for (const p of [owner, joiner]) assert.deepEqual(p.errors, []);
    for (const p of [owner, joiner]) await p.context().close();
  } finally {
    hostile.stop();
    refusing.stop();
    upstream.stop();
  }
});
