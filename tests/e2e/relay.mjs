// Nostr relays on this machine for the end-to-end tests (issue 20): a real relay from PyPI
// (`nostr-relay`, installed by scripts/setup.sh --test into target/relay-venv) on a free loopback
// port, and a hostile relay in front of it that drops, delays, duplicates and replays events.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = process.env.NOSTR_RELAY ?? join(root, 'target', 'relay-venv', 'bin', 'nostr-relay');

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/** Starts `nostr-relay` on a free loopback port. Resolves with `{ url, stop() }` once it accepts
 * WebSocket connections. */
export async function startRelay() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vrhcaby-relay-'));
  const config = join(dir, 'relay.yaml');
  writeFileSync(config, [
    'DEBUG: false',
    'relay_name: vrhcaby test relay',
    'storage:',
    `  sqlalchemy.url: sqlite+aiosqlite:///${join(dir, 'relay.sqlite3')}`,
    '  validators:',
    '    - nostr_relay.validators.is_signed',
    '    - nostr_relay.validators.is_recent',
    'verification:',
    '  nip05_verification: disabled',
    'gunicorn:',
    `  bind: 127.0.0.1:${port}`,
    '  workers: 1',
    '  loglevel: warning',
    'authentication:',
    '  enabled: false',
    '',
  ].join('\n'));
  const child = spawn(binary, ['-c', config, 'serve', '--use-uvicorn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (b) => { log += b; });
  child.stderr.on('data', (b) => { log += b; });
  const url = `ws://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nostr-relay exited: ${log}`);
    const up = await new Promise((resolve) => {
      const ws = new WebSocket(url);
      ws.on('open', () => { ws.close(); resolve(true); });
      ws.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) { child.kill(); throw new Error(`nostr-relay did not start: ${log}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    log: () => log,
    stop() { child.kill(); rmSync(dir, { recursive: true, force: true }); },
  };
}

/** A hostile relay in front of `upstream`: each client gets its own upstream connection, and of
 * the events the relay would deliver it drops `drop`, delays some by up to `delayMs`, sends some
 * twice, and every `replayMs` sends again an event it delivered before (to every client).
 * Half the replays are forged (content or stamp changed). It refuses events of `refuseKinds`
 * (NIP-01's OK false). Returns `{ url, events, forged, published, inject, stop() }` (how many
 * events it saw and forged, what the pages sent it, and a way to hand them any event). */
export async function hostileRelay(upstream, { drop = 0.3, delayMs = 3000, duplicate = 0.3, replayMs = 700, seed = 1, refuseKinds = [] } = {}) {
  let state = seed;
  const random = () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648; };
  const port = await freePort();
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  const seen = [];
  const published = [];
  const answers = [];
  const clients = new Set();
  let forged = 0;
  const replay = setInterval(() => {
    if (!seen.length) return;
    const [sub, event] = seen[Math.floor(random() * seen.length)];
    // Half the time a forgery: the same event with one digit of its sealed content changed
    // (what a relay would do to steer a connection), or with a newer stamp.
    let copy = event;
    if (random() < 0.5) {
      forged += 1;
      copy = { ...event };
      if (random() < 0.5) {
        const i = 30 + Math.floor(random() * (copy.content.length - 30));
        copy.content = copy.content.slice(0, i) + (copy.content[i] === '0' ? '1' : '0') + copy.content.slice(i + 1);
      } else {
        copy.created_at += 5;
      }
    }
    for (const c of clients) if (c.readyState === 1) c.send(JSON.stringify(['EVENT', sub, copy]));
  }, replayMs);
  server.on('connection', (client) => {
    clients.add(client);
    const up = new WebSocket(upstream);
    const queue = [];
    up.on('open', () => { for (const m of queue.splice(0)) up.send(m); });
    client.on('message', (m) => {
      const text = m.toString();
      published.push(text);
      // An event of a kind this relay refuses: NIP-01's OK false, and nothing passed on.
      let msg;
      try { msg = JSON.parse(text); } catch { msg = null; }
      if (msg?.[0] === 'EVENT' && refuseKinds.includes(msg[1]?.kind)) {
        client.send(JSON.stringify(['OK', msg[1].id, false, 'blocked: this relay does not take this kind']));
        return;
      }
      if (up.readyState === 1) up.send(text); else queue.push(text);
    });
    up.on('message', (m) => {
      const text = m.toString();
      let msg;
      try { msg = JSON.parse(text); } catch { return; }
      if (msg[0] !== 'EVENT') { answers.push(text); if (client.readyState === 1) client.send(text); return; }
      seen.push([msg[1], msg[2]]);
      if (random() < drop) return;
      const times = random() < duplicate ? 2 : 1;
      for (let i = 0; i < times; i++) {
        setTimeout(() => { if (client.readyState === 1) client.send(text); }, random() < 0.3 ? random() * delayMs : 0);
      }
    });
    const close = () => { clients.delete(client); up.close(); client.close(); };
    client.on('close', close);
    up.on('close', close);
    up.on('error', close);
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    events: () => seen.length,
    forged: () => forged,
    /** Every message the pages sent to this relay. */
    published: () => published,
    /** Every message but an event the relay behind sent the pages (OK, EOSE, NOTICE, CLOSED). */
    answers: () => answers,
    /** Sends `event` to every client as if their subscription `sub` matched it. */
    inject(sub, event) { for (const c of clients) if (c.readyState === 1) c.send(JSON.stringify(['EVENT', sub, event])); },
    stop() { clearInterval(replay); for (const c of clients) c.terminate(); server.close(); },
  };
}
