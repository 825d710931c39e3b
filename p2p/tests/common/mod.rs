//! Two devices on a simulated link: each with its own clock (an offset from true time), a
//! link that delivers in order after a delay, can drop (losing what is in flight) and come
//! back, devices that sleep (their messages wait) and reload (from the saved form only).
//! Messages go through `encode`/`decode` as on the DataChannel.
#![allow(dead_code)]

use std::collections::VecDeque;

use vrhcaby_p2p::{decode, encode, Message, Output, PeerError, PeerGame};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{BySide, Command, Event, Game, Millis, Phase, Side};

pub const TICK_MS: Millis = 250;

pub fn secret(rng: &mut SplitMix64) -> [u8; 32] {
    let mut s = [0u8; 32];
    for chunk in s.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    s
}

#[derive(Clone, Debug)]
pub struct Dev {
    pub pg: PeerGame,
    /// This device's clock = true time + offset.
    pub offset: i64,
    pub rng: SplitMix64,
    pub events: Vec<Event>,
    pub errors: Vec<PeerError>,
    pub asleep_until: Millis,
    pub rewound: usize,
    pub crossed: usize,
}

#[derive(Clone, Debug)]
pub struct Net {
    /// True time.
    pub now: Millis,
    pub dev: BySide<Dev>,
    pub up: bool,
    /// Messages on the way to each side: (true delivery time, text).
    pub queue: BySide<VecDeque<(Millis, String)>>,
    /// Each message takes `delay.0..=delay.1` ms.
    pub delay: (Millis, Millis),
    pub rng: SplitMix64,
    /// Each device ticks on its own phase.
    next_tick: BySide<Millis>,
    /// Every message delivered, as text (for fuzz seeds).
    pub trace: Option<Vec<String>>,
    /// Messages a side sends that this returns `false` for are dropped (a withholding device).
    pub filter: Option<fn(Side, &Message) -> bool>,
    /// While set for a side, what it sends waits (in order) until [`Net::release`].
    pub holding: BySide<bool>,
    /// The same for acts only (heartbeats go on).
    pub holding_acts: BySide<bool>,
    pub held: BySide<Vec<String>>,
    /// The network died (`die`): when (true time) each device notices and its channel closes.
    pub notice: BySide<Option<Millis>>,
    /// Acts each side sent that a close lost in flight (the other's page closed under them):
    /// S17 counts them as sent over an open link, the other never had them.
    pub lost_in_close: BySide<u32>,
    /// Acts each side sent that the network lost in flight when it died.
    pub lost_in_death: BySide<u32>,
    /// The indexes of the acts each side sent that were lost in flight (either way).
    pub lost_acts: BySide<Vec<u32>>,
    /// Each side's last heartbeat (its clock), sent or not: what an answer echoes.
    pub last_beat: BySide<Option<Millis>>,
}

impl Net {
    pub fn new(game_id: &str, seed: u64, offsets: (i64, i64)) -> Net {
        Net::new_under(game_id, seed, offsets, vrhcaby_rules::Variant::VRHCABY)
    }

    /// Two devices of a game under `variant` (the guest's made under the host's, as the link's
    /// hello says).
    pub fn new_under(
        game_id: &str,
        seed: u64,
        offsets: (i64, i64),
        variant: vrhcaby_rules::Variant,
    ) -> Net {
        let now = 1_000_000;
        let mut rng = SplitMix64::new(seed);
        let mk = |side: Side, offset: i64, rng: &mut SplitMix64| {
            let clock = (now as i64 + offset) as Millis;
            Dev {
                pg: PeerGame::new_under(game_id.to_string(), side, variant, clock),
                offset,
                rng: SplitMix64::new(rng.next_u64()),
                events: Vec::new(),
                errors: Vec::new(),
                asleep_until: 0,
                rewound: 0,
                crossed: 0,
            }
        };
        let white = mk(Side::White, offsets.0, &mut rng);
        let black = mk(Side::Black, offsets.1, &mut rng);
        Net {
            now,
            dev: BySide::new(white, black),
            up: false,
            queue: BySide::default(),
            delay: (20, 80),
            next_tick: BySide::new(now, now + rng.below(TICK_MS)),
            rng,
            trace: None,
            filter: None,
            holding: BySide::default(),
            holding_acts: BySide::default(),
            held: BySide::default(),
            notice: BySide::default(),
            lost_in_close: BySide::default(),
            lost_in_death: BySide::default(),
            lost_acts: BySide::default(),
            last_beat: BySide::default(),
        }
    }

    /// Sends what `side` held back, in order.
    pub fn release(&mut self, side: Side) {
        self.holding[side] = false;
        self.holding_acts[side] = false;
        for text in std::mem::take(&mut self.held[side]) {
            self.post(side, text);
        }
    }

    /// A hand-made act from `author`, as `victim` would expect the next one (index and seen).
    pub fn forge(&self, victim: Side, act: vrhcaby_p2p::Act, t: Millis) -> Message {
        let pg = &self.dev[victim].pg;
        let n = pg.logs()[!victim].len() as u32;
        let seen = pg.logs()[victim].len() as u32;
        Message::Act {
            n,
            act: vrhcaby_p2p::Authored { t, seen, act },
        }
    }

    /// Shared time on `side`'s device now.
    pub fn shared(&self, side: Side) -> Millis {
        self.dev[side].pg.shared_now(self.clock(side))
    }

    pub fn clock(&self, side: Side) -> Millis {
        (self.now as i64 + self.dev[side].offset) as Millis
    }

    pub fn game(&self, side: Side) -> &Game {
        self.dev[side].pg.game()
    }

    pub fn awake(&self, side: Side) -> bool {
        self.now >= self.dev[side].asleep_until
    }

    /// Routes a call's output: events kept, messages on the link (lost when it is down).
    pub fn handle(&mut self, side: Side, out: Output) {
        let d = &mut self.dev[side];
        d.events.extend(out.events);
        d.rewound += usize::from(out.rewound);
        d.crossed += out.crossed.len();
        d.errors.extend(out.refused);
        for m in out.send {
            if let Message::Heartbeat { t, .. } = m {
                self.last_beat[side] = Some(t);
            }
            if self.filter.is_some_and(|keep| !keep(side, &m)) {
                continue;
            }
            self.post(side, encode(&m));
        }
    }

    /// Puts a text on the link from `from` (nothing if the link is down).
    pub fn post(&mut self, from: Side, text: String) {
        if !self.up {
            // Into a network that died while the sender's channel is still open (it has not
            // noticed): the act is sent over a channel not seen closed (S17), and lost.
            if self.notice[from].is_some() {
                if let Ok(Message::Act { n, .. }) = decode(&text) {
                    self.lost_in_death[from] += 1;
                    self.lost_acts[from].push(n);
                }
            }
            return;
        }
        let is_act = || matches!(decode(&text), Ok(Message::Act { .. }));
        if self.holding[from] || (self.holding_acts[from] && is_act()) {
            self.held[from].push(text);
            return;
        }
        let (lo, hi) = self.delay;
        let delay = lo + self.rng.below(hi - lo + 1);
        let q = &mut self.queue[!from];
        let at = q.back().map_or(0, |&(t, _)| t).max(self.now + delay);
        q.push_back((at, text));
    }

    /// The network dies: what is in flight and what is sent from now on is lost, and each
    /// device notices only after `detect` ms of silence (its own draw in the range), when its
    /// channel closes — as a WebRTC link that goes away does.
    pub fn die(&mut self, detect: (Millis, Millis)) {
        self.up = false;
        for side in Side::ALL {
            let acts = self.lost(side);
            self.lost_in_death[!side] += acts;
            self.queue[side].clear();
            let (lo, hi) = detect;
            self.notice[side] = Some(self.now + lo + self.rng.below(hi - lo + 1));
        }
    }

    /// Either device closes the channel: what was sent before the close is delivered first
    /// (a reliable channel's close), then both channels close.
    pub fn close_clean(&mut self) {
        // (What a device sends while taking what came is sent before the close too.)
        // (A device asleep takes nothing: what waits for it is lost with the channel.)
        while let Some(side) = Side::ALL
            .into_iter()
            .find(|&s| self.awake(s) && !self.queue[s].is_empty())
        {
            if let Some((_, text)) = self.queue[side].pop_front() {
                self.receive_text(side, &text);
            }
        }
        self.disconnect();
    }

    /// Notes the acts on their way to `to` as lost (the queue is about to be cleared).
    fn lost(&mut self, to: Side) -> u32 {
        let lost: Vec<u32> = self.queue[to]
            .iter()
            .filter_map(|(_, t)| match decode(t) {
                Ok(Message::Act { n, .. }) => Some(n),
                _ => None,
            })
            .collect();
        let count = lost.len() as u32;
        self.lost_acts[!to].extend(lost);
        count
    }

    /// Devices that notice the dead network now close their channels.
    fn notice_death(&mut self) {
        for side in Side::ALL {
            if self.notice[side].is_some_and(|t| t <= self.now) && self.awake(side) {
                self.notice[side] = None;
                let c = self.clock(side);
                let out = self.dev[side].pg.disconnected(c);
                self.handle(side, out);
            }
        }
    }

    pub fn connect(&mut self) {
        // A device that had not noticed the death yet sees its old channel close first.
        for side in Side::ALL {
            if self.notice[side].take().is_some() {
                let c = self.clock(side);
                let out = self.dev[side].pg.disconnected(c);
                self.handle(side, out);
            }
        }
        self.up = true;
        for side in Side::ALL {
            let c = self.clock(side);
            let out = self.dev[side].pg.connected(c);
            self.handle(side, out);
        }
    }

    pub fn disconnect(&mut self) {
        self.up = false;
        self.notice = BySide::default();
        for side in Side::ALL {
            let acts = self.lost(side);
            self.lost_in_close[!side] += acts;
            self.queue[side].clear();
            let c = self.clock(side);
            let out = self.dev[side].pg.disconnected(c);
            self.handle(side, out);
        }
    }

    /// Delivers what is due to an awake device.
    pub fn deliver(&mut self) {
        for side in Side::ALL {
            if !self.awake(side) {
                continue;
            }
            while let Some(&(at, _)) = self.queue[side].front() {
                if at > self.now {
                    break;
                }
                let Some((_, text)) = self.queue[side].pop_front() else {
                    break;
                };
                self.receive_text(side, &text);
            }
        }
    }

    /// `side` receives `text` now.
    pub fn receive_text(&mut self, side: Side, text: &str) {
        if let Some(trace) = &mut self.trace {
            trace.push(text.to_string());
        }
        let c = self.clock(side);
        let result = decode(text).and_then(|m| self.dev[side].pg.receive(m, c));
        match result {
            Ok(out) => self.handle(side, out),
            Err(e) => {
                self.dev[side].errors.push(e);
                let owed = self.dev[side].pg.take_queued();
                for m in owed {
                    self.post(side, encode(&m));
                }
            }
        }
        self.step(side);
    }

    /// `side` receives `msg` now (a hand-made message), returning the result.
    pub fn inject(&mut self, side: Side, msg: Message) -> Result<(), PeerError> {
        let c = self.clock(side);
        match self.dev[side].pg.receive(msg, c) {
            Ok(out) => {
                self.handle(side, out);
                self.step(side);
                Ok(())
            }
            Err(e) => {
                let _ = self.dev[side].pg.take_queued();
                Err(e)
            }
        }
    }

    pub fn step(&mut self, side: Side) {
        let c = self.clock(side);
        let d = &mut self.dev[side];
        let mut rng = d.rng.clone();
        let out = d.pg.step(c, &mut || secret(&mut rng));
        d.rng = rng;
        self.handle(side, out);
    }

    pub fn tick(&mut self, side: Side) {
        if !self.awake(side) {
            return;
        }
        let c = self.clock(side);
        let d = &mut self.dev[side];
        let mut rng = d.rng.clone();
        let out = d.pg.tick(c, &mut || secret(&mut rng));
        d.rng = rng;
        self.handle(side, out);
    }

    /// Lets `ms` of true time pass: deliveries and a tick on each device every 250 ms.
    pub fn run(&mut self, ms: Millis) {
        let end = self.now + ms;
        while self.now < end {
            // A sleeping device takes its messages when it wakes.
            let next_msg = Side::ALL
                .iter()
                .filter_map(|&s| {
                    let wake = self.dev[s].asleep_until;
                    self.queue[s].front().map(|&(t, _)| t.max(wake))
                })
                .min()
                .unwrap_or(Millis::MAX);
            let next_tick = self.next_tick.white.min(self.next_tick.black);
            self.now = next_msg.min(next_tick).min(end).max(self.now);
            self.deliver();
            self.notice_death();
            for side in Side::ALL {
                if self.now >= self.next_tick[side] {
                    self.tick(side);
                    self.next_tick[side] = self.now + TICK_MS;
                }
            }
            if self.now == end {
                break;
            }
        }
    }

    /// Lets time pass in steps of `step` ms until `side`'s player may press Don't wait (at most
    /// three minutes).
    pub fn until_claimable(&mut self, side: Side, step: Millis) {
        for _ in 0..180_000 / step {
            if self.dev[side].pg.can_claim(self.clock(side)) {
                return;
            }
            self.run(step);
        }
        panic!("{side:?} could not claim within three minutes");
    }

    /// Standard: the side to move offers to resign a single game and the other accepts; returns
    /// the side that resigned.
    #[allow(dead_code)]
    pub fn resign_single(&mut self) -> Side {
        let mover = self.game(Side::White).turn().expect("a side to move");
        let kind = vrhcaby_rules::Kind::Single;
        self.act(mover, Command::OfferResign { side: mover, kind })
            .expect("the offer");
        self.run(2_000);
        self.act(!mover, Command::AcceptResign { side: !mover })
            .expect("the acceptance");
        self.run(2_000);
        mover
    }

    /// The player of `side` acts on their own device.
    pub fn act(&mut self, side: Side, cmd: Command) -> Result<(), PeerError> {
        let c = self.clock(side);
        let out = self.dev[side].pg.local(cmd, c)?;
        self.handle(side, out);
        self.step(side);
        Ok(())
    }

    /// `side` reloads its page: it is rebuilt from its saved form and reconnects.
    pub fn reload(&mut self, side: Side) {
        let saved = self.dev[side].pg.save();
        self.dev[side].pg = PeerGame::load(&saved).expect("a saved game loads");
        if self.up {
            // Its channel closes on both devices, and a new link is made.
            self.disconnect();
            self.connect();
        } else {
            // The link was down (or had died unnoticed): only this page's channel is gone; the
            // other device notices as it would have.
            self.notice[side] = None;
            self.queue[side].clear();
        }
    }

    /// Connects and runs until the lot and the first roll are done.
    pub fn start(&mut self) {
        self.connect();
        self.run(10_000);
        assert_eq!(
            self.game(Side::White).phase(),
            Phase::Moving,
            "{:?}",
            self.dev.white.errors
        );
        self.assert_same();
    }

    /// The side on turn plays one legal move (the first the rules list).
    pub fn move_once(&mut self, side: Side) -> Result<(), PeerError> {
        let g = self.game(side);
        let mv = *g.legal_moves().first().expect("a legal move");
        self.act(
            side,
            Command::Move {
                side,
                from: mv.from,
                to: mv.to,
            },
        )
    }

    /// The mover plays out its turn, one move every `think` ms.
    pub fn play_turn(&mut self, think: Millis) {
        let mover = self.game(Side::White).turn().expect("a side on turn");
        while self.game(mover).phase() == Phase::Moving && self.game(mover).turn() == Some(mover) {
            self.run(think);
            self.move_once(mover).expect("a legal move");
        }
        self.run(2_000);
    }

    /// Neither device refused anything from the other.
    #[allow(dead_code)]
    pub fn assert_no_errors(&self) {
        for side in Side::ALL {
            assert!(
                self.dev[side].errors.is_empty(),
                "{side:?}: {:?}",
                self.dev[side].errors
            );
        }
    }

    pub fn assert_same(&self) {
        let (w, b) = (self.game(Side::White), self.game(Side::Black));
        assert_eq!(w.record(), b.record(), "the two records differ");
        assert_eq!(w.record().replay().as_ref(), Ok(w));
    }
}

/// A hand-made act for `victim` as `forge` makes it, with a `seen` of our choosing (an act that
/// "never received" the victim's last acts).
pub fn forge_seen(
    net: &Net,
    victim: Side,
    act: vrhcaby_p2p::Act,
    t: Millis,
    seen: usize,
) -> Message {
    let mut m = net.forge(victim, act, t);
    if let Message::Act { act, .. } = &mut m {
        act.seen = seen as u32;
    }
    m
}

/// A heartbeat stamped `t` (its sender's clock) that answers the heartbeat stamped `echo`,
/// held `held` ms, saying it holds `have` of the receiver's acts.
pub fn heartbeat(t: Millis, echo: Millis, held: Millis, have: usize) -> Message {
    Message::Heartbeat {
        t,
        echo: Some(echo),
        held,
        have: have as u32,
        made: u32::MAX,
    }
}

/// The other device says `honest` was offline at shared time `t + 1` (R18), "having seen"
/// only `seen` of its acts: refused — as a false report, or (where the link was down then) as
/// one that left out an act `honest` had sent in time before the link dropped (S17).
pub fn assert_offline_refused(net: &mut Net, honest: Side, t: Millis, seen: usize) {
    let msg = forge_seen(
        net,
        honest,
        vrhcaby_p2p::Act::Cmd(Command::Offline { side: honest }),
        t,
        seen,
    );
    let got = net.inject(honest, msg);
    assert!(
        matches!(
            got,
            Err(PeerError::PresenceUnseen { .. } | PeerError::InFlight { .. })
        ),
        "{got:?}"
    );
}

/// How many acts `side` has made.
pub fn our_acts(net: &Net, side: Side) -> usize {
    net.dev[side].pg.logs()[side].len()
}

/// The honest side did not lose: no result, or a win of its own.
pub fn assert_not_lost(net: &Net, honest: Side) {
    let r = net.game(honest).result();
    assert!(
        r.is_none() || r.is_some_and(|(o, _)| o == vrhcaby_rules::Outcome::win(honest)),
        "the honest side lost: {r:?}; errors {:?}",
        net.dev[honest].errors
    );
}

/// Filters for [`Net::filter`]: what a withholding device keeps back. Each comes as one for
/// White, one for Black, and one that picks by side (a filter is a plain function).
macro_rules! side_filter {
    ($(#[$doc:meta])* $name:ident, $white:ident, $black:ident, |$m:ident| $withheld:expr) => {
        pub fn $white(from: Side, $m: &Message) -> bool {
            !(from == Side::White && $withheld)
        }
        pub fn $black(from: Side, $m: &Message) -> bool {
            !(from == Side::Black && $withheld)
        }
        $(#[$doc])*
        pub fn $name(side: Side) -> fn(Side, &Message) -> bool {
            match side {
                Side::White => $white,
                Side::Black => $black,
            }
        }
    };
}

fn is_beat(m: &Message) -> bool {
    matches!(m, Message::Heartbeat { .. })
}

fn is_part(m: &Message, reveal: bool) -> bool {
    matches!(m, Message::Act { act, .. }
        if matches!(act.act, vrhcaby_p2p::Act::Commit { .. }) && !reveal
            || matches!(act.act, vrhcaby_p2p::Act::Reveal { .. }) && reveal)
}

side_filter!(
    /// `side`'s heartbeats are withheld (only forged ones reach the other).
    no_beats_from, no_beats_from_white, no_beats_from_black, |m| is_beat(m)
);
side_filter!(
    /// `side` withholds its commitments.
    no_commits_from, no_commits_from_white, no_commits_from_black, |m| is_part(m, false)
);
side_filter!(
    /// `side` withholds its reveals.
    no_reveals_from, no_reveals_from_white, no_reveals_from_black, |m| is_part(m, true)
);
side_filter!(
    /// `side` withholds its commitments and its heartbeats.
    no_commits_or_beats_from,
    no_commits_or_beats_from_white,
    no_commits_or_beats_from_black,
    |m| is_part(m, false) || is_beat(m)
);
side_filter!(
    /// `side` withholds its reveals and its heartbeats.
    no_reveals_or_beats_from,
    no_reveals_or_beats_from_white,
    no_reveals_or_beats_from_black,
    |m| is_part(m, true) || is_beat(m)
);
side_filter!(
    /// Nothing of `side` reaches the other (only what is forged for it).
    nothing_from, nothing_from_white, nothing_from_black, |m| {
        let _ = m;
        true
    }
);
