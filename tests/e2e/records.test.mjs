// End-to-end: the move list in backgammon notation on a seeded game played by clicking.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, playMoves, serveDist, startGame } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('the move list shows each turn in notation, with hits, doubles and entering from the bar', { timeout: 120_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await startGame(page, server.url, 1234);
  await playMoves(page, 12);
  // Seed 1234, always the first movable checker and its first target (checked by hand against
  // the saved record: Black's 6-5 hits White's blot on Black's 19 and goes on to 13).
  const entries = await page.locator('[data-testid=move-list] li').allInnerTexts();
  assert.deepEqual(entries.slice(0, 5), [
    'Černý 53: 24/16',
    'Bílý 44: 6/2(4)',
    'Černý 65: 24/19*/13',
    'Bílý 64: bar/21 8/2',
    'Černý 64: 16/10 13/9',
  ]);
  // One entry per roll in the record.
  const rolls = await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.local'))
    .record.commands.filter((c) => c.cmd === 'dice').length);
  assert.equal(entries.length, rolls);
  // The latest turn is in view; the list follows the language.
  const last = page.locator('[data-testid=move-list] li').last();
  assert.ok(await last.isVisible());
  await page.getByTestId('language').click();
  assert.match(await page.locator('[data-testid=move-list] li').first().innerText(), /^Black 53: 24\/16$/);
  assert.deepEqual(page.errors, []);
});
