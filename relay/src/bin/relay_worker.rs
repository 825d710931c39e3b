//! The relay worker: the page's signalling through Nostr relays, loaded only when a game with a
//! friend needs it (Trunk `data-type="worker"`, see index.html). It keeps one WebSocket per relay
//! (reconnecting with a growing pause), subscribes to the room, seals what the page says and says
//! it again every [`REPEAT_MS`] until told to be quiet, and hands the page every note that opens.
//!
//! The page and the worker speak `vrhcaby_relay::talk`'s `ToWorker` and `FromWorker` as JSON text
//! (a `Wake` is also what the worker's own `online` event does).

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start();
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::collections::VecDeque;

    use serde_json::{json, Value};
    use vrhcaby_relay::room::Room;
    use vrhcaby_relay::talk::{FromWorker, ToWorker};
    use vrhcaby_relay::{parse_secret, Note, REPEAT_MS};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WebSocket};

    /// At most this many relays (a longer list is cut).
    const MOST_RELAYS: usize = 8;
    /// Event ids remembered, to drop the same event heard from several relays.
    const SEEN: usize = 256;
    /// Events older than this (by their own stamp) are not even opened.
    const OLDEST_S: u64 = 600;

    struct Relay {
        url: String,
        socket: Option<WebSocket>,
        open: bool,
        tried: bool,
        pause_ms: i32,
    }

    #[derive(Default)]
    struct State {
        room: Option<Room>,
        relays: Vec<Relay>,
        note: Option<Note>,
        seen: VecDeque<String>,
        generation: u32,
        reported: (usize, usize, usize),
    }

    thread_local! {
        static STATE: RefCell<State> = RefCell::new(State::default());
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn post(message: &FromWorker) {
        if let Ok(text) = serde_json::to_string(message) {
            let _ = scope().post_message(&JsValue::from_str(&text));
        }
    }

    fn now_ms() -> f64 {
        js_sys::Date::now()
    }

    fn random<const N: usize>() -> [u8; N] {
        let mut bytes = [0u8; N];
        if let Ok(crypto) = scope().crypto() {
            let _ = crypto.get_random_values_with_u8_array(&mut bytes);
        }
        bytes
    }

    fn later(ms: i32, f: impl FnOnce() + 'static) {
        let f = Closure::once_into_js(f);
        let _ =
            scope().set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), ms);
    }

    pub fn start() {
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|ev: MessageEvent| {
            if let Some(text) = ev.data().as_string() {
                on_page(&text);
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        // Back online (or the page woke up): every relay not connected is tried now, not after
        // its pause.
        let on_online = Closure::<dyn FnMut()>::new(wake);
        scope().set_ononline(Some(on_online.as_ref().unchecked_ref()));
        on_online.forget();
        let repeat = Closure::<dyn FnMut()>::new(say_again);
        let _ = scope().set_interval_with_callback_and_timeout_and_arguments_0(
            repeat.as_ref().unchecked_ref(),
            REPEAT_MS as i32,
        );
        repeat.forget();
        post(&FromWorker::Ready);
    }

    fn on_page(text: &str) {
        let Ok(msg) = serde_json::from_str::<ToWorker>(text) else {
            return;
        };
        match msg {
            ToWorker::Join { secret, relays } => {
                let Some(secret) = parse_secret(&secret) else {
                    return;
                };
                leave();
                let generation = STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    s.room = Some(Room::new(&secret));
                    s.relays = relays
                        .into_iter()
                        .filter(|u| u.starts_with("ws://") || u.starts_with("wss://"))
                        .take(MOST_RELAYS)
                        .map(|url| Relay {
                            url,
                            socket: None,
                            open: false,
                            tried: false,
                            pause_ms: 1_000,
                        })
                        .collect();
                    s.generation
                });
                let n = STATE.with(|s| s.borrow().relays.len());
                for i in 0..n {
                    connect(generation, i);
                }
                report();
            }
            ToWorker::Say { note } => {
                STATE.with(|s| s.borrow_mut().note = Some(note));
                say_again();
            }
            ToWorker::Quiet => STATE.with(|s| s.borrow_mut().note = None),
            ToWorker::Leave => leave(),
            ToWorker::Wake => wake(),
        }
    }

    /// Closes every socket; callbacks of an older generation do nothing.
    fn leave() {
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.generation = s.generation.wrapping_add(1);
            s.note = None;
            s.room = None;
            for r in s.relays.drain(..) {
                if let Some(ws) = r.socket {
                    ws.set_onopen(None);
                    ws.set_onmessage(None);
                    ws.set_onclose(None);
                    ws.set_onerror(None);
                    let _ = ws.close();
                }
            }
        });
    }

    fn wake() {
        let (generation, idle): (u32, Vec<usize>) = STATE.with(|s| {
            let mut s = s.borrow_mut();
            let idle = s
                .relays
                .iter_mut()
                .enumerate()
                .filter(|(_, r)| r.socket.is_none())
                .map(|(i, r)| {
                    r.pause_ms = 1_000;
                    i
                })
                .collect();
            (s.generation, idle)
        });
        for i in idle {
            connect(generation, i);
        }
    }

    fn current(generation: u32) -> bool {
        STATE.with(|s| s.borrow().generation == generation)
    }

    fn connect(generation: u32, i: usize) {
        // A relay already connected or connecting (a wake-up before its pause ended) is left.
        let url = STATE.with(|s| {
            s.borrow()
                .relays
                .get(i)
                .filter(|r| r.socket.is_none())
                .map(|r| r.url.clone())
        });
        let Some(url) = url else { return };
        let ws = match WebSocket::new(&url) {
            Ok(ws) => ws,
            Err(_) => {
                // A URL the browser refuses outright counts as tried and never retried.
                STATE.with(|s| {
                    if let Some(r) = s.borrow_mut().relays.get_mut(i) {
                        r.tried = true;
                    }
                });
                report();
                return;
            }
        };
        let on_open = Closure::<dyn FnMut()>::new(move || {
            if !current(generation) {
                return;
            }
            let req = STATE.with(|s| {
                let mut s = s.borrow_mut();
                let since = ((now_ms() / 1000.0) as u64).saturating_sub(60);
                let filter = s.room.as_ref().map(|room| room.filter(since));
                let r = s.relays.get_mut(i)?;
                r.open = true;
                r.tried = true;
                r.pause_ms = 1_000;
                let ws = r.socket.clone()?;
                Some((ws, json!(["REQ", "vrhcaby", filter?]).to_string()))
            });
            if let Some((ws, req)) = req {
                let _ = ws.send_with_str(&req);
            }
            report();
            say_again();
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            if current(generation) {
                if let Some(text) = ev.data().as_string() {
                    heard(&text);
                }
            }
        });
        let on_close = Closure::<dyn FnMut()>::new(move || {
            if !current(generation) {
                return;
            }
            let pause = STATE.with(|s| {
                let mut s = s.borrow_mut();
                let r = s.relays.get_mut(i)?;
                if let Some(ws) = r.socket.take() {
                    ws.set_onopen(None);
                    ws.set_onmessage(None);
                    ws.set_onclose(None);
                    ws.set_onerror(None);
                }
                r.open = false;
                r.tried = true;
                let pause = r.pause_ms;
                r.pause_ms = (r.pause_ms * 2).min(15_000);
                Some(pause)
            });
            report();
            if let Some(pause) = pause {
                later(pause, move || {
                    if current(generation) {
                        connect(generation, i);
                    }
                });
            }
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // An error is always followed by a close; the close does the work.
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        on_open.forget();
        on_message.forget();
        on_close.forget();
        STATE.with(|s| {
            if let Some(r) = s.borrow_mut().relays.get_mut(i) {
                r.socket = Some(ws);
            }
        });
    }

    /// A relay's message: an event of the room becomes a note for the page, once.
    fn heard(text: &str) {
        let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(text) else {
            return;
        };
        if parts.first().and_then(Value::as_str) != Some("EVENT") {
            return;
        }
        let Some(event) = parts.get(2) else { return };
        let Some(id) = event["id"].as_str().map(String::from) else {
            return;
        };
        let now_s = (now_ms() / 1000.0) as u64;
        if event["created_at"]
            .as_u64()
            .is_none_or(|t| t + OLDEST_S < now_s)
        {
            return;
        }
        let note = STATE.with(|s| {
            let mut s = s.borrow_mut();
            if s.seen.contains(&id) {
                return None;
            }
            let note = s.room.as_ref()?.open(event).ok()?;
            if s.seen.len() == SEEN {
                s.seen.pop_front();
            }
            s.seen.push_back(id);
            Some(note)
        });
        if let Some(note) = note {
            post(&FromWorker::Heard { note });
        }
    }

    /// Says the current note (sealed anew) on every open relay.
    fn say_again() {
        let out = STATE.with(|s| {
            let s = s.borrow();
            let (room, note) = (s.room.as_ref()?, s.note.as_ref()?);
            let created_at = (now_ms() / 1000.0) as u64;
            let event = room.seal(note, created_at, random(), random());
            let text = format!("[\"EVENT\",{event}]");
            let sockets: Vec<WebSocket> = s
                .relays
                .iter()
                .filter(|r| r.open)
                .filter_map(|r| r.socket.clone())
                .collect();
            Some((sockets, text))
        });
        if let Some((sockets, text)) = out {
            for ws in sockets {
                let _ = ws.send_with_str(&text);
            }
        }
    }

    fn report() {
        let counts = STATE.with(|s| {
            let s = s.borrow();
            let open = s.relays.iter().filter(|r| r.open).count();
            let tried = s.relays.iter().filter(|r| r.tried).count();
            (open, s.relays.len(), tried)
        });
        let changed = STATE.with(|s| {
            let mut s = s.borrow_mut();
            let changed = s.reported != counts;
            s.reported = counts;
            changed
        });
        if changed {
            post(&FromWorker::Relays {
                open: counts.0,
                total: counts.1,
                tried: counts.2,
            });
        }
    }
}
