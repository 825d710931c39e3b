// End-to-end: the guest's answer as a link. Opened in the host's browser, the new tab hands the
// answer to the tab waiting with the invitation (a BroadcastChannel) and the devices connect;
// opened where no tab waits, it says so and shows the code; a pasted link works like the code;
// the Web Share sheet shares the links; a message on the channel that is no answer changes nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, peerPage, serveDist, waitOnline } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** A host with its invitation out and a guest that answered it. */
async function invitedAndAnswered(guestOptions = {}) {
  const host = await peerPage(browser);
  const guest = await peerPage(browser, guestOptions);
  await host.goto(server.url);
  await host.getByTestId('play-friend').click();
  await host.getByTestId('invite-link').waitFor();
  await guest.goto(await host.getByTestId('invite-link').inputValue());
  await guest.getByTestId('answer-code').waitFor();
  const code = await guest.getByTestId('answer-code').inputValue();
  const link = await guest.getByTestId('answer-link').inputValue();
  return { host, guest, code, link };
}

test('an answer link opened in the host\'s browser connects the waiting tab', { timeout: 120_000 }, async () => {
  const { host, guest, code, link } = await invitedAndAnswered();
  assert.ok(link.endsWith(`#answer=${code}`), link);
  assert.ok(link.startsWith(host.url().split('#')[0].split('?')[0]), `${link} opens the host's page`);
  // Hostile or stray messages on the channel: not an answer, or far too long: nothing happens.
  const stray = await host.context().newPage();
  await stray.goto(`${server.url}`);
  await stray.evaluate(() => {
    const c = new BroadcastChannel('vrhcaby.answer');
    c.postMessage({ answer: 1 });
    c.postMessage('hello');
    c.postMessage(`answer:${'x'.repeat(20_000)}`);
  });
  await host.waitForTimeout(500);
  assert.ok(await host.getByTestId('invite-link').isVisible(), 'the invitation still waits');
  assert.equal(await host.getByTestId('connect-error').count(), 0);
  await stray.close();

  // The host's browser opens the answer link in a new tab.
  const opened = await host.context().newPage();
  opened.errors = [];
  opened.on('pageerror', (e) => opened.errors.push(e.message));
  await opened.goto(link);
  const note = opened.getByTestId('handed-over');
  await opened.waitForFunction(() => document.querySelector('[data-testid=handed-over]')?.dataset.taken === 'true');
  assert.match(await note.textContent(), /karta s pozvánkou/);
  assert.ok(!opened.url().includes('#answer='), 'the answer leaves the address bar');
  for (const page of [host, guest]) await waitOnline(page);
  // The new tab opened no game of its own.
  assert.equal(await opened.locator('svg.board').count(), 0);
  assert.deepEqual([...host.errors, ...guest.errors, ...opened.errors], []);
  await host.context().close();
  await guest.context().close();
});

test('an answer link where no tab waits shows the code; a pasted link connects like the code', { timeout: 120_000 }, async () => {
  const { host, guest, code, link } = await invitedAndAnswered();
  const elsewhere = await peerPage(browser, { locale: 'en-US' });
  await elsewhere.goto(link);
  await elsewhere.waitForFunction(() => document.querySelector('[data-testid=handed-over]')?.dataset.taken === 'false');
  assert.match(await elsewhere.getByTestId('handed-over').textContent(), /No tab in this browser/);
  assert.equal(await elsewhere.getByTestId('answer-code').inputValue(), code);
  await elsewhere.context().close();
  // The host pastes the link instead of the code.
  await host.getByTestId('paste-answer').fill(` ${link}\n`);
  await host.getByTestId('connect').click();
  for (const page of [host, guest]) await waitOnline(page);
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context().close();
  await guest.context().close();
});

test('the share sheet, where the browser has one, shares the invitation and the answer link', { timeout: 120_000 }, async () => {
  const stub = () => {
    window.shared = [];
    navigator.share = async (data) => { window.shared.push(data.url); };
  };
  const host = await peerPage(browser);
  await host.addInitScript(stub);
  const guest = await peerPage(browser);
  await guest.addInitScript(stub);
  await host.goto(server.url);
  await host.getByTestId('play-friend').click();
  await host.getByTestId('invite-link').waitFor();
  const invitation = await host.getByTestId('invite-link').inputValue();
  await host.getByTestId('share').click();
  assert.deepEqual(await host.evaluate(() => window.shared), [invitation]);
  await guest.goto(invitation);
  await guest.getByTestId('answer-link').waitFor();
  await guest.getByTestId('share').click();
  assert.deepEqual(await guest.evaluate(() => window.shared), [await guest.getByTestId('answer-link').inputValue()]);
  // Without the API there is no share button (the default headless Chromium on Linux).
  const plain = await peerPage(browser);
  await plain.goto(invitation);
  await plain.getByTestId('answer-link').waitFor();
  const hasShare = await plain.evaluate(() => 'share' in navigator);
  assert.equal(await plain.getByTestId('share').count(), hasShare ? 1 : 0);
  assert.deepEqual([...host.errors, ...guest.errors, ...plain.errors], []);
  for (const p of [host, guest, plain]) await p.context().close();
});
