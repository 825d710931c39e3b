// The computer's Web Worker on its own, in headless Chromium, spoken to as the page does (the
// protocol crate's Request and Reply as JSON): it says it is ready, answers every request with
// its id, plays as the native CLI (`vrhcaby bot`) does for the same question (wasm and native
// agree), answers the page's other questions (draw answers, draw offers, the hint for the rest of
// a roll), and turns bad requests into error answers without dying. Each
// worker comes built twice, its net in wasm SIMD and scalar (the page loads the first where the
// browser validates SIMD): both builds pass, and answer a whole self-played game alike.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { launch, newPage, serveDist } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const START = { white: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
  black: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0] };
// A middle game with checkers on the bar and blots about.
const MIDDLE = { white: [0, 1, 0, 0, 2, 0, 4, 1, 2, 0, 0, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  black: [2, 0, 2, 2, 0, 0, 4, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] };

/** A request's text as the page writes it (`vrhcaby_protocol::Request`). */
const request = (id, ask) => JSON.stringify({ id, ask });
/** The play question of a CLI `bot` request. */
const play = ({ position, turn, dice, level, seed, rules = 'vrhcaby' }) => ({ play: { position, turn, roll: dice, level, seed, rules } });

/** Posts each request text to a fresh worker (its loader `url`) and returns the answers, parsed,
 * in order (those that came within `wait` ms). */
async function ask(requests, url = './bot_worker_loader.js', wait = 60_000) {
  const page = await newPage(browser);
  await page.goto(server.url);
  const answers = await page.evaluate(async ({ requests, url, wait }) => {
    const w = new Worker(url);
    const texts = [];
    let done;
    const finished = new Promise((r) => { done = r; });
    w.onmessage = (e) => {
      texts.push(e.data);
      // The page posts once the worker says it is ready (as drivers::bot does).
      if (texts.length === 1) for (const r of requests) w.postMessage(r);
      if (texts.length === requests.length + 1) done();
    };
    await Promise.race([finished, new Promise((r) => setTimeout(r, wait))]);
    w.terminate();
    return texts;
  }, { requests, url, wait });
  assert.deepEqual(page.errors, []);
  await page.context().close();
  return answers.map((t) => JSON.parse(t));
}

for (const url of ['./bot_worker_loader.js', './bot_worker_simd_loader.js']) test(`the worker (${url}) answers like the CLI, with ids, and survives bad requests`, { timeout: 300_000 }, async () => {
  const bots = [];
  let id = 1;
  for (const position of [START, MIDDLE]) {
    for (const [level, seed] of [['beginner', 3], ['intermediate', 0], ['expert', 0], ['strongest', 0]]) {
      for (const dice of [[6, 5], [3, 3], [2, 1]]) {
        bots.push({ position, turn: 'white', dice, level, seed });
      }
    }
  }
  const mid = (left) => ({ start: START, current: START, side: 'white', roll: [6, 5], left, rules: 'vrhcaby' });
  const requests = [
    ...bots.map((b) => request(id++, play(b))),
    '{',
    request(100, play({ position: START, turn: 'white', dice: [2, 1], level: 'grandmaster', seed: 0 })),
    request(101, { accepts_draw: { position: START, offerer: 'black', roll: null } }),
    request(102, { wants_draw: { position: START, turn: 'white', roll: [3, 1] } }),
    request(103, { hint: mid([6, 5]) }),
    request(104, { hint: mid([4]) }),
    request(105, play({ position: START, turn: 'white', dice: [7, 1], level: 'expert', seed: 0 })),
  ];
  const answers = await ask(requests, url);
  assert.deepEqual(answers[0], { id: null, answer: 'ready' });
  const got = answers.slice(1);
  assert.equal(got.length, requests.length);

  // The same `bot` requests to the native CLI (built by `cargo test`; `cargo run` builds it if not).
  const cli = execFileSync('cargo', ['run', '-q', '-p', 'vrhcaby-rules', '--bin', 'vrhcaby', '--', 'bot'],
    { input: bots.map((b) => JSON.stringify(b)).join('\n') + '\n', encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l));
  for (let i = 0; i < bots.length; i++) {
    const { id: gotId, answer } = got[i];
    assert.equal(gotId, i + 1);
    const { moves, position, win } = answer.play;
    // The CLI rounds the estimate to 6 decimals; the worker sends it whole.
    assert.deepEqual({ moves, position, win: Math.round(win * 1e6) / 1e6 }, cli[i], `request ${JSON.stringify(bots[i])}`);
  }
  const [bad, unknownLevel, accept, offer, hint, badHint, badRoll] = got.slice(bots.length);
  assert.ok(typeof bad.answer.error.message === 'string' && bad.id === null);
  assert.ok(typeof unknownLevel.answer.error.message === 'string' && unknownLevel.id === 100);
  assert.equal(typeof accept.answer.accept, 'boolean');
  assert.deepEqual(offer, { id: 102, answer: { offer: false } });
  assert.equal(hint.id, 103);
  assert.equal(hint.answer.hint.moves.length, 2);
  // At the start of the roll the hint is the strongest level's play (the same resulting position).
  const strongest65 = cli[bots.findIndex((b) => b.position === START && b.level === 'strongest' && b.dice[0] === 6)];
  const after = structuredClone(START);
  for (const [from, to] of hint.answer.hint.moves) { after.white[from]--; after.white[to]++; }
  assert.deepEqual(after.white, strongest65.position.white);
  assert.ok(typeof badHint.answer.error.message === 'string' && badHint.id === 104);
  // A die of 7 is refused as the request is read, with the request's id.
  assert.match(badRoll.answer.error.message, /^bad request/);
  assert.equal(badRoll.id, 105);
});

/** `n` seeded turns of a game the worker (its loader `url`) plays against itself at `level`: each
 * request text, from the position its last answer left (a new game after an error answer), with
 * that answer. */
async function selfPlay(url, rules, level, n) {
  const page = await newPage(browser);
  await page.goto(server.url);
  const requests = await page.evaluate(async ({ url, rules, level, n, start }) => {
    const w = new Worker(url);
    const next = () => new Promise((done) => { w.onmessage = (e) => done(e.data); });
    await next(); // the ready signal
    let position = start;
    let turn = 'white';
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
    const out = [];
    while (out.length < n) {
      const ask = { play: { position, turn, roll: [1 + (rnd() % 6), 1 + (rnd() % 6)], level, seed: 0, rules } };
      const text = JSON.stringify({ id: out.length + 1, ask });
      w.postMessage(text);
      const { answer } = JSON.parse(await next());
      out.push({ text, answer });
      if (!answer.play) { position = start; turn = 'white'; continue; }
      position = answer.play.position;
      turn = turn === 'white' ? 'black' : 'white';
    }
    w.terminate();
    return out;
  }, { url, rules, level, n, start: START });
  assert.deepEqual(page.errors, []);
  await page.context().close();
  return requests;
}

test('the SIMD and the scalar builds of each worker choose the same plays over self-played games', { timeout: 300_000 }, async () => {
  for (const [rules, scalar, simd] of [
    ['vrhcaby', './bot_worker_loader.js', './bot_worker_simd_loader.js'],
    ['standard', './bot_worker_standard_loader.js', './bot_worker_standard_simd_loader.js'],
  ]) {
    for (const [level, n] of [['expert', 120], ['strongest', 40]]) {
      const game = await selfPlay(simd, rules, level, n);
      // The tutor's loss of each play made (the strongest level's judgement, in full f32
      // precision): a net that summed differently would show in it long before in a choice.
      const tutor = game.filter((g) => g.answer.play).map(({ text, answer }, i) => {
        const { play: r } = JSON.parse(text).ask;
        return request(1000 + i, { tutor: { start: r.position, current: answer.play.position, side: r.turn, roll: r.roll, left: [], rules } });
      });
      const requests = [...game.map((g) => g.text), ...tutor];
      // The scalar build of the strongest level takes a while on a busy machine: time enough.
      const [a, b] = [await ask(requests, simd, 240_000), await ask(requests, scalar, 240_000)];
      assert.equal(a.length, requests.length + 1);
      assert.equal(b.length, requests.length + 1);
      assert.ok(a.slice(1, n + 1).filter((x) => x.answer.play?.moves.length > 0).length > n / 2, `${rules} ${level}: plays`);
      const losses = a.slice(n + 1).map((x) => x.answer.tutor?.loss);
      assert.ok(losses.every((l) => typeof l === 'number'), JSON.stringify(a.slice(n + 1, n + 4)));
      // The expert's plays are often not the strongest's: losses to compare, not only zeros.
      if (level === 'expert') assert.ok(losses.filter((l) => l > 0).length >= 10, `${rules}: ${losses}`);
      assert.deepEqual(a, b, `${rules} ${level}`);
    }
  }
});
