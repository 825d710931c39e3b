//! The relay worker: the page's signalling through Nostr relays, started by the page (from its
//! loader, `connection::port` in the app) when a game with a friend or the lobby needs it. It
//! keeps one WebSocket per relay (reconnecting with a growing pause) and runs one of two parts:
//!
//! - **a room** (`ToWorker::Join`): subscribes to the room, seals what the page says and says it
//!   again every [`REPEAT_MS`] until told to be quiet, and hands the page every note that opens,
//!   once however many relays carried it;
//! - **the lobby** (`ToWorker::Lobby`): the page's part there (`table::Stranger`) hears the
//!   tables and the sealed joins and answers, and the worker carries out what it answers — its
//!   events to the relays, the list, a game agreed — and tells the page which relays hold or
//!   refuse its table (NIP-01's `OK`).
//!
//! A relay's every message is parsed once (`frame::Frame`) and its event handed on typed;
//! what the worker sends (`frame::ToRelay`) is serialised once. The page and the worker speak
//! `vrhcaby_relay::talk`'s `ToWorker` and `FromWorker` as JSON text (a `Wake` is also what the
//! worker's own `online` event does).

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

    use vrhcaby_relay::event::Event;
    use vrhcaby_relay::frame::{Frame, ToRelay};
    use vrhcaby_relay::room::Room;
    use vrhcaby_relay::table::{self, Fresh, Out, Stranger, TableKey};
    use vrhcaby_relay::talk::{FromWorker, RelayCounts, TableInfo, ToWorker};
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
    /// How long the lobby's sockets stay open after it is left (its withdrawal stored).
    const LINGER_MS: i32 = 1_500;
    /// How often, in seconds, the lobby asks each relay for the tables again.
    const RESUBSCRIBE_S: u64 = 10;
    /// The subscriptions' names: the room's, and the lobby's (its tables and its sealed events).
    const ROOM_SUB: &str = "vrhcaby";
    const LOBBY_SUB: &str = "vrhcaby-lobby";

    struct Relay {
        url: String,
        socket: Option<WebSocket>,
        open: bool,
        tried: bool,
        pause_ms: i32,
        /// The relay refused the page's table (its kind, or its work): tables are not sent to it.
        refuses: bool,
        /// The relay accepted the page's table last sent (`OK` true).
        accepted: bool,
    }

    /// The page's table event last published: its id (a relay's `OK` names it) and its
    /// `EVENT` message, said again to each relay as it opens.
    struct OwnTable {
        id: String,
        message: String,
    }

    #[derive(Default)]
    struct State {
        room: Option<Room>,
        relays: Vec<Relay>,
        note: Option<Note>,
        seen: VecDeque<String>,
        generation: u32,
        reported: RelayCounts,
        /// In the lobby: the page's part there, and its table.
        stranger: Option<Stranger>,
        table: Option<OwnTable>,
        ticks: u64,
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
        let tick = Closure::<dyn FnMut()>::new(lobby_tick);
        let _ = scope().set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref(),
            1_000,
        );
        tick.forget();
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
                STATE.with(|s| s.borrow_mut().room = Some(Room::new(&secret)));
                open_relays(relays);
            }
            ToWorker::Lobby { relays, wish, open } => {
                let entered = STATE.with(|s| s.borrow().stranger.is_some());
                if !entered {
                    leave();
                    let Some(key) = TableKey::new(&random()) else {
                        return;
                    };
                    STATE.with(|s| {
                        s.borrow_mut().stranger = Some(Stranger::new(key, table::POW_BITS));
                    });
                    open_relays(relays);
                }
                let out = with_stranger(|st, now| st.wish(wish, open, now, fresh()));
                carry_out(out);
            }
            ToWorker::Sit { author } => {
                let out = with_stranger(|st, now| st.sit(&author, now, fresh()));
                carry_out(out);
            }
            ToWorker::Block { author } => {
                let out = with_stranger(|st, now| st.block(&author, now));
                carry_out(out);
            }
            ToWorker::Say { note } => {
                STATE.with(|s| s.borrow_mut().note = Some(note));
                say_again();
            }
            ToWorker::Quiet => STATE.with(|s| s.borrow_mut().note = None),
            ToWorker::Leave => {
                // In the lobby: the page's table withdrawn on every open relay, and the sockets
                // closed only a moment later — a relay may drop an event whose socket closes
                // before it has stored it, and a withdrawal lost leaves a table nobody answers.
                let in_lobby = STATE.with(|s| s.borrow().stranger.is_some());
                if in_lobby {
                    let out = with_stranger(|st, now| st.withdraw(now, fresh()));
                    carry_out(out);
                    // Meanwhile it still answers a late joiner that the table is taken.
                    let generation = STATE.with(|s| s.borrow().generation);
                    later(LINGER_MS, move || {
                        if current(generation) {
                            leave();
                        }
                    });
                } else {
                    leave();
                }
            }
            ToWorker::Wake => wake(),
        }
    }

    /// Opens a socket to each of `relays` (`ws://` or `wss://`, at most [`MOST_RELAYS`]).
    fn open_relays(relays: Vec<String>) {
        let generation = STATE.with(|s| {
            let mut s = s.borrow_mut();
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
                    refuses: false,
                    accepted: false,
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

    fn now_s() -> u64 {
        (now_ms() / 1000.0) as u64
    }

    fn fresh() -> Fresh {
        Fresh {
            room: random(),
            nonce: random(),
            aux: random(),
            start: u64::from_le_bytes(random()),
        }
    }

    /// `f` on the page's part in the lobby, if it is in one.
    fn with_stranger(f: impl FnOnce(&mut Stranger, u64) -> Vec<Out>) -> Vec<Out> {
        STATE.with(|s| {
            s.borrow_mut()
                .stranger
                .as_mut()
                .map(|st| f(st, now_s()))
                .unwrap_or_default()
        })
    }

    /// The lobby's subscription (its tables and the sealed events to the page) since `since`.
    fn lobby_req(stranger: &Stranger, since: u64) -> String {
        let filters = stranger.filters(since);
        ToRelay::Req {
            sub: LOBBY_SUB,
            filters: &filters,
        }
        .to_json()
    }

    /// Every second in the lobby: the page's part there ticks; every [`RESUBSCRIBE_S`] the
    /// open relays are asked for the tables again (a table a relay dropped on the way comes
    /// back from its store).
    fn lobby_tick() {
        let out = with_stranger(|st, now| st.tick(now, fresh()));
        carry_out(out);
        let again = STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.ticks = s.ticks.wrapping_add(1);
            if s.ticks % RESUBSCRIBE_S != 0 {
                return None;
            }
            let since = now_s().saturating_sub(table::MAX_TTL_S);
            Some(lobby_req(s.stranger.as_ref()?, since))
        });
        if let Some(req) = again {
            send_to_open(&req, false);
        }
    }

    /// Sends `text` on every open relay (with `table`, not to a relay that refused a table).
    fn send_to_open(text: &str, table: bool) {
        let sockets: Vec<WebSocket> = STATE.with(|s| {
            s.borrow()
                .relays
                .iter()
                .filter(|r| r.open && !(table && r.refuses))
                .filter_map(|r| r.socket.clone())
                .collect()
        });
        for ws in sockets {
            let _ = ws.send_with_str(text);
        }
    }

    /// Does what the lobby says: events to the relays (a table not to a relay that refused
    /// one), the list, a game agreed or a table taken to the page.
    fn carry_out(out: Vec<Out>) {
        for o in out {
            match o {
                Out::Send(event) => {
                    let message = ToRelay::Event(&event).to_json();
                    let is_table = event.kind == table::TABLE_KIND;
                    if is_table {
                        STATE.with(|s| {
                            let mut s = s.borrow_mut();
                            s.table = Some(OwnTable {
                                id: event.id,
                                message: message.clone(),
                            });
                            // Held only once a relay accepts this one.
                            for r in &mut s.relays {
                                r.accepted = false;
                            }
                        });
                    }
                    send_to_open(&message, is_table);
                }
                Out::List(list) => post(&FromWorker::Tables {
                    tables: list
                        .into_iter()
                        .map(|l| TableInfo {
                            id: l.id,
                            author: l.author,
                            wish: l.wish,
                            created_at: l.created_at,
                        })
                        .collect(),
                }),
                Out::Play {
                    room,
                    host,
                    opponent,
                } => post(&FromWorker::Play {
                    room,
                    host,
                    opponent,
                }),
                Out::Taken { author } => post(&FromWorker::Taken { author }),
            }
        }
    }

    /// Closes every socket; callbacks of an older generation do nothing.
    fn leave() {
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.generation = s.generation.wrapping_add(1);
            s.note = None;
            s.room = None;
            s.stranger = None;
            s.table = None;
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
                let since = now_s().saturating_sub(60);
                let room = s.room.as_ref().map(|room| {
                    ToRelay::Req {
                        sub: ROOM_SUB,
                        filters: &[room.filter(since)],
                    }
                    .to_json()
                });
                // The lobby: the tables of the last table's life, and the sealed events to
                // this page.
                let lobby = s
                    .stranger
                    .as_ref()
                    .map(|st| lobby_req(st, since.saturating_sub(table::MAX_TTL_S)));
                let table = s.table.as_ref().map(|t| t.message.clone());
                let r = s.relays.get_mut(i)?;
                let table = table.filter(|_| !r.refuses);
                r.open = true;
                r.tried = true;
                r.pause_ms = 1_000;
                let ws = r.socket.clone()?;
                let req = room.or(lobby)?;
                Some((ws, req, table))
            });
            if let Some((ws, req, table)) = req {
                let _ = ws.send_with_str(&req);
                if let Some(table) = table {
                    let _ = ws.send_with_str(&table);
                }
            }
            report();
            say_again();
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            if current(generation) {
                if let Some(text) = ev.data().as_string() {
                    heard(i, &text);
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
                r.accepted = false;
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

    /// A relay's message, parsed once (anything else a relay says is dropped): an event of the
    /// room becomes a note for the page, once; in the lobby, every event goes to the page's
    /// part there (which checks it), and a relay that refuses the page's table is noted.
    fn heard(i: usize, text: &str) {
        let Ok(frame) = Frame::parse(text) else {
            return;
        };
        let in_lobby = STATE.with(|s| s.borrow().stranger.is_some());
        match frame {
            Frame::Event { event, .. } if in_lobby => {
                let out = STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    let st = s.stranger.as_mut()?;
                    st.heard(&event, now_s(), fresh()).ok()
                });
                carry_out(out.unwrap_or_default());
            }
            Frame::Event { event, .. } => heard_in_room(event),
            Frame::Ok { id, accepted, .. } if in_lobby => {
                let published = STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    if s.table.as_ref().is_none_or(|t| t.id != id) {
                        return None;
                    }
                    if let Some(r) = s.relays.get_mut(i) {
                        r.refuses = !accepted;
                        r.accepted = accepted;
                    }
                    Some(FromWorker::Published {
                        refused: s.relays.iter().filter(|r| r.refuses).count(),
                        accepted: s.relays.iter().filter(|r| r.open && r.accepted).count(),
                    })
                });
                if let Some(published) = published {
                    post(&published);
                }
            }
            // A note's verdict: a relay that refuses notes is one the room does without.
            Frame::Ok { .. } => {}
            // The end of stored events, a subscription ended, a notice: nothing to do.
            Frame::Eose { .. } | Frame::Closed { .. } | Frame::Notice { .. } => {}
        }
    }

    /// An event heard in a room: opened unless too old or heard before, and its note handed to
    /// the page.
    fn heard_in_room(event: Event) {
        if event.created_at.saturating_add(OLDEST_S) < now_s() {
            return;
        }
        let note = STATE.with(|s| {
            let mut s = s.borrow_mut();
            if s.seen.contains(&event.id) {
                return None;
            }
            let note = s.room.as_ref()?.open(&event).ok()?;
            if s.seen.len() == SEEN {
                s.seen.pop_front();
            }
            s.seen.push_back(event.id);
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
            let event = room.seal(note, now_s(), random(), random());
            Some(ToRelay::Event(&event).to_json())
        });
        if let Some(text) = out {
            send_to_open(&text, false);
        }
    }

    /// Tells the page the relays' counts, if they changed since it was last told.
    fn report() {
        let changed = STATE.with(|s| {
            let mut s = s.borrow_mut();
            let counts = RelayCounts {
                open: s.relays.iter().filter(|r| r.open).count(),
                total: s.relays.len(),
                tried: s.relays.iter().filter(|r| r.tried).count(),
            };
            (s.reported != counts).then(|| {
                s.reported = counts;
                counts
            })
        });
        if let Some(counts) = changed {
            post(&FromWorker::from(counts));
        }
    }
}
