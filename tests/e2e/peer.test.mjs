// End-to-end peer-to-peer: two headless Chromium pages (separate storage) connect through the
// invitation link and the answer code, play on both boards, then one closes and the other wins by R18.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, playOneMove, serveDist, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function peerPage() {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  // No ICE servers: the two pages reach each other on this machine only.
  await context.addInitScript(() => localStorage.setItem('vrhcaby.ice', ''));
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

const points = (page) => page.evaluate(() => [...document.querySelectorAll('[data-point]')].map((el) => {
  const cs = el.querySelectorAll('[data-checker]');
  return cs.length ? `${el.getAttribute('data-point')}:${cs[0].getAttribute('data-checker')}${cs.length}` : '';
}).join(' '));
const attr = (page, name) => page.locator('svg.board').getAttribute(name);

test('two devices play peer-to-peer; the one left alone wins when the other\'s time runs out offline', { timeout: 240_000 }, async () => {
  const host = await peerPage();
  const guest = await peerPage();
  await host.goto(server.url);
  await host.getByTestId('play-friend').click();
  const invite = host.getByTestId('invite-link');
  await invite.waitFor();
  const link = await invite.inputValue();
  assert.match(link, /#join=[A-Za-z0-9_-]+$/);
  console.log(`invitation link: ${link.length} characters`);

  await guest.goto(link);
  const answerBox = guest.getByTestId('answer-code');
  await answerBox.waitFor();
  const answer = await answerBox.inputValue();
  assert.ok(answer.length > 20);

  await host.getByTestId('paste-answer').fill(answer);
  await host.getByTestId('connect').click();
  for (const page of [host, guest]) {
    await page.locator('svg.board').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.textContent === 'online', null, { timeout: 20_000 });
  }
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
