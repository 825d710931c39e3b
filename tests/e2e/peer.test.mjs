// End-to-end peer-to-peer: two headless Chromium pages (separate storage) connect through the
// invitation link and the answer code, play on both boards, then one closes and the other wins by R18.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectPair, launch, playOneMove, serveDist, waitOnline, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const points = (page) => page.evaluate(() => [...document.querySelectorAll('[data-point]')].map((el) => {
  const cs = el.querySelectorAll('[data-checker]');
  return cs.length ? `${el.getAttribute('data-point')}:${cs[0].getAttribute('data-checker')}${cs.length}` : '';
}).join(' '));
const attr = (page, name) => page.locator('svg.board').getAttribute(name);

test('two devices play peer-to-peer; the one left alone wins when the other\'s time runs out offline', { timeout: 240_000 }, async () => {
  const { host, guest, link, answer } = await connectPair(browser, server.url);
  assert.match(link, /#join=[A-Za-z0-9_-]+$/);
  console.log(`invitation link: ${link.length} characters, answer code: ${answer.length}`);
  assert.equal(await attr(host, 'data-seat'), 'white');
  assert.equal(await attr(guest, 'data-seat'), 'black');

  // The lot and the rolls come from the fair-dice exchange; play a few moves on both sides.
  const bySeat = { white: host, black: guest };
  let moves = 0;
  let sides = new Set();
  while (moves < 12) {
    await waitPhase(host, 'moving');
    const mover = await attr(host, 'data-turn');
    const page = bySeat[mover];
    await waitPhase(page, 'moving');
    assert.equal(await attr(page, 'data-turn'), mover, 'both boards agree whose turn it is');
    await playOneMove(page);
    moves += 1;
    sides.add(mover);
    // The other board shows the same position.
    const other = mover === 'white' ? guest : host;
    const mine = await points(page);
    await other.waitForFunction((p) => [...document.querySelectorAll('[data-point]')].map((el) => {
      const cs = el.querySelectorAll('[data-checker]');
      return cs.length ? `${el.getAttribute('data-point')}:${cs[0].getAttribute('data-checker')}${cs.length}` : '';
    }).join(' ') === p, mine, { timeout: 5_000 });
  }
  assert.equal(sides.size, 2, 'both players moved');

  // Every roll can be checked (issue 42): each turn of the move list opens its roll's proof, which
  // the page recomputes from both players' commitments and secrets.
  const pageVerdicts = new Map();
  for (const page of [host, guest]) {
    // One check a roll played (the roll on the board, not played yet, has none).
    const checks = page.getByTestId('check-roll');
    const turns = await page.getByTestId('move-list').locator('li').count();
    const moving = await page.locator('svg.board').getAttribute('data-phase') === 'moving';
    assert.equal(await checks.count(), moving ? turns - 1 : turns, 'one check a roll played');
    assert.match(await checks.first().innerText(), /Ověřit kostky/, 'the control says what it does');
    for (const at of [0, (await checks.count()) - 1]) {
      await checks.nth(at).click();
      const proof = page.getByTestId('roll-proof');
      await proof.waitFor();
      assert.equal(await proof.getAttribute('data-verified'), 'true', await proof.textContent());
      pageVerdicts.set(Number(await proof.getAttribute('data-roll')), true);
      assert.match(await proof.textContent(), /[0-9a-f]{16}…/, 'the commitments and secrets shown');
      await page.getByTestId('close-proof').click();
      await proof.waitFor({ state: 'detached' });
    }
  }

  // The exported record carries its proof; the CLI's verify recomputes every roll and agrees with
  // the page; a secret changed in the proof is named, with its side.
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByTestId('export').click()]);
  const record = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.ok(record.dice?.rolls?.length >= 3, 'the proof in the record');
  const verify = (req) => JSON.parse(execFileSync('cargo', ['run', '-q', '-p', 'vrhcaby-rules', '--bin', 'vrhcaby', '--', 'verify'],
    { input: JSON.stringify(req) + '\n', encoding: 'utf8' }).trim());
  const honest = verify({ record });
  assert.equal(honest.ok, true, JSON.stringify(honest));
  for (const [roll, ok] of pageVerdicts) assert.equal(honest.rolls[roll].ok, ok, `roll ${roll}: the page and the CLI agree`);
  const tampered = structuredClone(record.dice);
  const part = tampered.rolls[1].white;
  part.secret = (part.secret[0] === '0' ? '1' : '0') + part.secret.slice(1);
  const caught = verify({ record, dice: tampered });
  assert.equal(caught.ok, false);
  assert.deepEqual({ ...caught.rolls[1], recorded: undefined }, { roll: 1, ok: false, side: 'white', problem: 'reveal_mismatch', recorded: undefined });

  // The player on turn closes the page; the other sees them offline and wins by R18.
  await waitPhase(host, 'moving');
  const mover = await attr(host, 'data-turn');
  const leaver = bySeat[mover];
  const stayer = mover === 'white' ? guest : host;
  await leaver.close();
  await stayer.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.textContent === 'offline', null, { timeout: 20_000 });
  const result = stayer.getByTestId('result');
  await result.waitFor({ timeout: 90_000 });
  assert.equal(await result.getAttribute('data-result'), mover === 'white' ? 'black' : 'white');
  assert.equal(await result.getAttribute('data-reason'), 'timeout_offline');
  assert.deepEqual(stayer.errors, []);
});

test('a reload and a dropped connection lose nothing: a new invitation reconnects and play goes on', { timeout: 180_000 }, async () => {
  const { host, guest } = await connectPair(browser, server.url);
  const bySeat = { white: host, black: guest };
  for (let i = 0; i < 4; i++) {
    await waitPhase(host, 'moving');
    const mover = await attr(host, 'data-turn');
    await waitPhase(bySeat[mover], 'moving');
    await playOneMove(bySeat[mover]);
  }
  await waitPhase(host, 'moving');
  await waitPhase(guest, 'moving');
  // The player NOT on turn reloads (so no clock runs out on an offline mover).
  const mover = await attr(host, 'data-turn');
  const waiting = mover === 'white' ? guest : host;
  const other = mover === 'white' ? host : guest;
  const before = await points(other);
  await waiting.reload();
  await waiting.locator('svg.board').waitFor();
  assert.equal(await points(waiting), before, 'the reloaded page shows the same position');
  await waitOnline(waiting, 'offline');
  await waitOnline(other, 'offline');
  // The reloaded side makes a new invitation; the other pastes it.
  await waiting.getByTestId('reconnect').click();
  await waiting.getByTestId('invite-link').waitFor();
  const invite = await waiting.getByTestId('invite-link').inputValue();
  await other.getByTestId('reconnect').click();
  await other.locator('details.join summary').click();
  await other.getByTestId('paste-invite').fill(invite);
  await other.getByTestId('join').click();
  await other.getByTestId('answer-code').waitFor();
  await waiting.getByTestId('paste-answer').fill(await other.getByTestId('answer-code').inputValue());
  await waiting.getByTestId('connect').click();
  await waitOnline(waiting);
  await waitOnline(other);
  assert.equal(await points(waiting), await points(other), 'both boards agree after reconnecting');
  // Play goes on from both sides.
  const seats = { [await attr(host, 'data-seat')]: host, [await attr(guest, 'data-seat')]: guest };
  for (let i = 0; i < 3; i++) {
    await waitPhase(waiting, 'moving');
    const turn = await attr(waiting, 'data-turn');
    await waitPhase(seats[turn], 'moving');
    await playOneMove(seats[turn]);
  }
  const a = await points(host);
  await guest.waitForFunction((p) => [...document.querySelectorAll('[data-point]')].map((el) => {
    const cs = el.querySelectorAll('[data-checker]');
    return cs.length ? `${el.getAttribute('data-point')}:${cs[0].getAttribute('data-checker')}${cs.length}` : '';
  }).join(' ') === p, a, { timeout: 5_000 });
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});
