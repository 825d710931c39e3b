//! Open tables (issue 42): a player who wants a game *now* puts a table on the public relays, and
//! a stranger sits down at it. No server: the relays that carry the rooms' notes carry the lobby.
//!
//! - **A table** is an addressable event (kind [`TABLE_KIND`], NIP-01's 30000–39999: a relay keeps
//!   only an author's newest) signed by the page's own fresh key ([`TableKey`], a new one on every
//!   load). Its content is the owner's wish in clear ([`Wish`]: rules, match length, clock,
//!   language) — what a stranger needs to choose, and all a relay learns besides timing and
//!   addresses. It carries NIP-40's `expiration` (a few minutes, renewed while the owner waits)
//!   and NIP-13's proof of work on its id ([`POW_BITS`]), so a flood costs its sender. A newer
//!   event of the same author whose content is `"closed"` withdraws the table.
//! - **A join** travels sealed to the owner's key: an ephemeral event (kind [`SEALED_KIND`]) from
//!   the joiner's own fresh key, tagged with the owner's, whose content only the two can open
//!   (ChaCha20-Poly1305 under the SHA-256 of their ECDH secret). It carries a new room secret the
//!   joiner chose; both then meet in that room (`room::Room`) through the existing link, the
//!   owner as host, so everything after it is the invitation's path. The owner's answer to a
//!   second joiner — the table is taken — travels the same way back.
//! - **The lobby** ([`Lobby`]) keeps the tables heard: checked cheapest first (size, shape, times,
//!   the id's hash and work, then the signature), one per author, a replayed or older event never
//!   brings back a withdrawn table, a blocked author is ignored, and at most [`MAX_TABLES`] kept.

use std::collections::{BTreeMap, BTreeSet};

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use k256::elliptic_curve::point::AffineCoordinates;
use k256::schnorr::SigningKey;
use k256::ProjectivePoint;
use serde::{Deserialize, Serialize};

pub use crate::event::leading_zero_bits;
use crate::event::{public_key, sha, Event, Invalid};
use crate::frame::Filter;
use crate::{hex, unhex};

/// The kind of a table event: addressable (a relay keeps an author's newest per `d` tag).
pub const TABLE_KIND: u32 = 30_959;
/// The kind of a sealed join or answer: ephemeral (relays pass it on and keep nothing).
pub const SEALED_KIND: u32 = 25_960;
/// The `t` tag of every table (what a lobby subscribes to).
pub const TABLE_TAG: &str = "vrhcaby-table-v1";
/// The `d` tag of a table: one table per key.
pub const TABLE_D: &str = "vrhcaby-table";
/// The `t` tag of a sealed event.
pub const SEALED_TAG: &str = "vrhcaby-join-v1";
/// Leading zero bits of a table event's id (NIP-13): 2¹⁶ hashes on average, a few hundred
/// milliseconds on a phone.
pub const POW_BITS: u32 = 16;
/// A table's life from its (re)publication, in seconds; the owner renews it every
/// [`RENEW_S`] while waiting (a page closed without withdrawing its table leaves it listed at
/// most this long).
pub const TTL_S: u64 = 120;
pub const RENEW_S: u64 = 50;
/// The longest life a table may claim (what one needs and a little more), and the furthest in
/// the future its time — or any sealed event's — may be (issue 49: a table dated a minute ahead
/// with a ten-minute life was listed eleven minutes, and a flood of them dated ahead looked
/// newer than every honest table). A lobby lists a table at most this long from the moment it
/// heard it, whatever its dates say.
pub const MAX_TTL_S: u64 = 180;
pub const MAX_SKEW_S: u64 = 15;
/// Leading zero bits of every sealed event's id (answers included: a cheap first filter before
/// the signature), and of a join's: a join costs its sender as a table does (issue 49: joins
/// without work let a script seat every owner in a room nobody enters).
pub const SEALED_POW_BITS: u32 = 8;
pub const JOIN_POW_BITS: u32 = POW_BITS;
/// A join older than this (by its own time) is ignored: its sender has given up waiting (a
/// relay that held it must not seat the owner with someone gone). The joiner's wait, and the
/// clocks' skew.
pub const JOIN_MAX_AGE_S: u64 = stranger::JOIN_WAIT_S + MAX_SKEW_S;
/// Withdrawals a lobby remembers (each until the table it closed could have expired, whatever
/// else it hears): a flood cannot push one out to let a replay bring the table back.
pub const MAX_CLOSED: usize = 4_096;
/// The most "taken" answers an owner sends for one table, and never two to one key.
pub const MAX_TAKEN_ANSWERS: usize = 64;
/// The largest event text taken (a table is about 500 bytes).
pub const MAX_EVENT_BYTES: usize = 2_048;
/// The most tables a lobby keeps.
pub const MAX_TABLES: usize = 256;

pub use crate::wish::{Lang, Rules, Wish};

/// What a sealed event says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Sealed {
    /// A stranger sits down: the room both will meet in (32 hex digits), and the id of the table
    /// event they answer (a join for a withdrawn or older table is refused).
    Join { room: String, table: String },
    /// The owner's answer to the joiner who got the game: come to the room.
    Welcome { table: String },
    /// The owner's answer to a joiner who came second (or to a table already withdrawn).
    Taken { table: String },
}

/// Why an event was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// Longer than [`MAX_EVENT_BYTES`].
    Oversized,
    /// Not an event of ours: another kind, tag or shape (anyone's traffic on a public relay).
    Foreign,
    /// Its id is not the hash of its fields.
    BadId,
    /// A table without the proof of work.
    NoWork,
    /// Not signed by its author.
    BadSignature,
    /// Expired, or claiming a life longer than [`MAX_TTL_S`].
    Expired,
    /// Its time is more than [`MAX_SKEW_S`] ahead of ours.
    FromTheFuture,
    /// Not newer than what the lobby has from its author (a replay, a duplicate, a stale copy).
    Replayed,
    /// From a key the player blocked.
    Blocked,
    /// The content is not a wish (a table) or does not open (a sealed event).
    Malformed,
    /// The lobby is full of newer tables.
    Full,
}

impl From<Invalid> for Ignored {
    fn from(invalid: Invalid) -> Ignored {
        match invalid {
            Invalid::Oversized => Ignored::Oversized,
            Invalid::Malformed => Ignored::Foreign,
            Invalid::BadId => Ignored::BadId,
            Invalid::NoWork => Ignored::NoWork,
            Invalid::BadSignature => Ignored::BadSignature,
        }
    }
}

/// `name` and `value` as a tag.
fn tag(name: &str, value: &str) -> Vec<String> {
    vec![name.to_owned(), value.to_owned()]
}

/// Checks an event: its size, its shape (of `kind`, with the `t` tag `topic`), its id and
/// work, then its signature (the costly part, last). `work`: the id's leading zero bits
/// required before the signature is looked at. The id's bytes if it holds.
pub fn check(event: &Event, kind: u32, topic: &str, work: u32) -> Result<[u8; 32], Ignored> {
    if event.size() > MAX_EVENT_BYTES {
        return Err(Ignored::Oversized);
    }
    if event.kind != kind || event.tag("t") != Some(topic) {
        return Err(Ignored::Foreign);
    }
    event.verify(work).map_err(Ignored::from)
}

/// A page's key for the lobby: it signs the page's table and seals and opens its joins and
/// answers. A fresh one on every load (nothing ties two visits together).
pub struct TableKey {
    key: SigningKey,
    public: String,
}

impl TableKey {
    /// The key from 32 random bytes; `None` for the (negligibly rare) bytes that are no key.
    #[must_use]
    pub fn new(seed: &[u8; 32]) -> Option<TableKey> {
        let key = SigningKey::from_bytes(seed).ok()?;
        let public = hex(&key.verifying_key().to_bytes());
        Some(TableKey { key, public })
    }

    #[must_use]
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The page's table event: `wish`, or `None` to withdraw it; at `now` (seconds), living
    /// [`TTL_S`] (a withdrawal a minute, long enough to reach every lobby). The nonce is searched
    /// from `start` until the id has `work` leading zero bits.
    #[must_use]
    pub fn table(
        &self,
        wish: Option<&Wish>,
        now: u64,
        work: u32,
        start: u64,
        aux: &[u8; 32],
    ) -> Event {
        let content = wish.map_or_else(
            || "\"closed\"".to_owned(),
            |w| serde_json::to_string(w).unwrap_or_default(),
        );
        let expires = now + if wish.is_some() { TTL_S } else { 60 };
        let tags = vec![
            tag("d", TABLE_D),
            tag("t", TABLE_TAG),
            tag("expiration", &expires.to_string()),
        ];
        Event::mined(&self.key, TABLE_KIND, now, tags, content, work, start, aux)
    }

    /// The cipher shared with the key `other` (hex): ChaCha20-Poly1305 under
    /// SHA-256("vrhcaby join v1" ‖ x(ECDH)). The x coordinate is the same from either side, whatever
    /// the parity BIP-340 gave each key.
    fn cipher(&self, other: &str) -> Option<ChaCha20Poly1305> {
        let other = public_key(other)?;
        let shared = (ProjectivePoint::from(*other.as_affine()) * **self.key.as_nonzero_scalar())
            .to_affine()
            .x();
        let key = sha(&[b"vrhcaby join v1", &shared]);
        Some(ChaCha20Poly1305::new((&key).into()))
    }

    /// `what` sealed to the key `to` (hex), as an event at `now` with `work` bits of work on
    /// its id (searched from `start`; a join needs [`JOIN_POW_BITS`], any sealed event
    /// [`SEALED_POW_BITS`]); `None` if `to` is no key. A join expires (NIP-40) when its sender
    /// stops waiting for the answer.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn seal(
        &self,
        to: &str,
        what: &Sealed,
        now: u64,
        nonce: [u8; 12],
        work: u32,
        start: u64,
        aux: &[u8; 32],
    ) -> Option<Event> {
        let plain = serde_json::to_vec(what).ok()?;
        let aad = format!("{}{}", self.public, to);
        let sealed = self
            .cipher(to)?
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &plain,
                    aad: aad.as_bytes(),
                },
            )
            .ok()?;
        let content = format!("{}{}", hex(&nonce), hex(&sealed));
        let mut tags = vec![tag("p", to), tag("t", SEALED_TAG)];
        if matches!(what, Sealed::Join { .. }) {
            tags.push(tag("expiration", &(now + JOIN_MAX_AGE_S).to_string()));
        }
        Some(Event::mined(
            &self.key,
            SEALED_KIND,
            now,
            tags,
            content,
            work,
            start,
            aux,
        ))
    }

    /// A sealed event to this key: its sender and what it says, if it is one, whole and genuine,
    /// with its work ([`SEALED_POW_BITS`]; a join [`JOIN_POW_BITS`]) and no older than
    /// [`MAX_TTL_S`] (a join [`JOIN_MAX_AGE_S`]: a replay, or one a relay held, is ignored).
    pub fn open(&self, event: &Event, now: u64) -> Result<(String, Sealed), Ignored> {
        self.open_with(event, now, SEALED_POW_BITS, JOIN_POW_BITS)
    }

    /// [`TableKey::open`] with the work asked of any sealed event and of a join (tests ask less).
    pub fn open_with(
        &self,
        e: &Event,
        now: u64,
        work: u32,
        join_work: u32,
    ) -> Result<(String, Sealed), Ignored> {
        let id = check(e, SEALED_KIND, SEALED_TAG, work)?;
        if e.tag("p") != Some(self.public.as_str()) {
            return Err(Ignored::Foreign);
        }
        if e.created_at > now + MAX_SKEW_S {
            return Err(Ignored::FromTheFuture);
        }
        if e.created_at + MAX_TTL_S < now {
            return Err(Ignored::Expired);
        }
        let bytes = unhex(&e.content)
            .filter(|b| b.len() > 12)
            .ok_or(Ignored::Malformed)?;
        let (nonce, sealed) = bytes.split_at(12);
        let aad = format!("{}{}", e.pubkey, self.public);
        let plain = self
            .cipher(&e.pubkey)
            .ok_or(Ignored::Malformed)?
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| Ignored::Malformed)?;
        let what: Sealed = serde_json::from_slice(&plain).map_err(|_| Ignored::Malformed)?;
        if let Sealed::Join { room, .. } = &what {
            if crate::parse_secret(room).is_none() {
                return Err(Ignored::Malformed);
            }
            if leading_zero_bits(&id) < join_work {
                return Err(Ignored::NoWork);
            }
            if e.created_at + JOIN_MAX_AGE_S < now {
                return Err(Ignored::Expired);
            }
        }
        Ok((e.pubkey.clone(), what))
    }

    /// The subscription filter for the sealed events to this key since `since` (seconds).
    #[must_use]
    pub fn sealed_filter(&self, since: u64) -> Filter {
        Filter {
            kinds: vec![SEALED_KIND],
            p: vec![self.public.clone()],
            t: vec![SEALED_TAG.to_owned()],
            since: Some(since),
            ..Filter::default()
        }
    }
}

/// The subscription filter for the open tables.
#[must_use]
pub fn tables_filter(since: u64) -> Filter {
    Filter {
        kinds: vec![TABLE_KIND],
        t: vec![TABLE_TAG.to_owned()],
        since: Some(since),
        ..Filter::default()
    }
}

/// One open table in a lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Its event's id (a join names it).
    pub id: String,
    /// The owner's key (hex): where a join is sealed to.
    pub author: String,
    pub wish: Wish,
    pub created_at: u64,
    pub expires: u64,
}

/// What an event taken did to the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A table is open (new, or renewed).
    Open(Listed),
    /// The author's table is withdrawn.
    Closed(String),
}

/// The open tables heard, each checked.
#[derive(Default)]
pub struct Lobby {
    /// By author: its open table, with the time of its event and when this lobby heard it (a
    /// full lobby makes room by the table heard longest ago: a new table always gets in).
    tables: BTreeMap<String, (u64, u64, Listed)>,
    /// By author: the time of its last withdrawal and until when it is remembered (its older
    /// copies stay dead that long, whatever the flood).
    closed: BTreeMap<String, (u64, u64)>,
    blocked: BTreeSet<String>,
}

impl Lobby {
    #[must_use]
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// Takes a table event heard at `now` (seconds).
    pub fn take(&mut self, event: &Event, now: u64) -> Result<Change, Ignored> {
        self.take_with(event, now, POW_BITS)
    }

    /// [`Lobby::take`] with the work asked for (tests ask less).
    pub fn take_with(&mut self, e: &Event, now: u64, work: u32) -> Result<Change, Ignored> {
        let id = check(e, TABLE_KIND, TABLE_TAG, work)?;
        if e.tag("d") != Some(TABLE_D) {
            return Err(Ignored::Foreign);
        }
        let author = &e.pubkey;
        if self.blocked.contains(author) {
            return Err(Ignored::Blocked);
        }
        let expires: u64 = e
            .tag("expiration")
            .and_then(|x| x.parse().ok())
            .ok_or(Ignored::Foreign)?;
        if e.created_at > now + MAX_SKEW_S {
            return Err(Ignored::FromTheFuture);
        }
        if expires <= now || expires > e.created_at + MAX_TTL_S {
            return Err(Ignored::Expired);
        }
        // Listed at most MAX_TTL_S from when it was heard, whatever its dates say.
        let expires = expires.min(now + MAX_TTL_S);
        self.forget_expired(now);
        let newest = self
            .tables
            .get(author)
            .map(|(t, _, _)| *t)
            .max(self.closed.get(author).map(|(t, _)| *t));
        if newest.is_some_and(|t| t >= e.created_at) {
            return Err(Ignored::Replayed);
        }
        if e.content == "\"closed\"" {
            self.tables.remove(author);
            // Remembered as long as any copy of the table it closed could be taken. A
            // withdrawal remembered is never pushed out: when the memory is full, a new one is
            // not remembered (its table is gone from the list all the same).
            if self.closed.contains_key(author) || self.closed.len() < MAX_CLOSED {
                self.closed
                    .insert(author.clone(), (e.created_at, now + MAX_TTL_S));
            }
            return Ok(Change::Closed(author.clone()));
        }
        let wish: Wish = serde_json::from_str(&e.content).map_err(|_| Ignored::Malformed)?;
        if !wish.valid() {
            return Err(Ignored::Malformed);
        }
        let listed = Listed {
            id: hex(&id),
            author: author.clone(),
            wish,
            created_at: e.created_at.min(now),
            expires,
        };
        if !self.tables.contains_key(author) && self.tables.len() >= MAX_TABLES {
            // Full: the table heard longest ago makes room (a flood must keep paying for its
            // tables to stay, and a new honest one always gets in).
            let stalest = self
                .tables
                .iter()
                .min_by_key(|(_, (_, heard, _))| *heard)
                .map(|(a, _)| a.clone());
            if let Some(a) = stalest {
                self.tables.remove(&a);
            }
        }
        self.closed.remove(author);
        self.tables
            .insert(author.clone(), (e.created_at, now, listed.clone()));
        Ok(Change::Open(listed))
    }

    fn forget_expired(&mut self, now: u64) {
        self.tables.retain(|_, (_, _, l)| l.expires > now);
        self.closed.retain(|_, (_, until)| *until > now);
    }

    /// The open tables at `now` that fit `wish` (all with `None`), newest first, without `own`
    /// (the page's own table).
    #[must_use]
    pub fn list(&self, now: u64, wish: Option<&Wish>, own: Option<&str>) -> Vec<Listed> {
        let mut out: Vec<Listed> = self
            .tables
            .values()
            .map(|(_, _, l)| l.clone())
            .filter(|l| l.expires > now && wish.is_none_or(|w| l.wish.fits(w)))
            .filter(|l| Some(l.author.as_str()) != own)
            .collect();
        out.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        out
    }

    /// A table taken by someone (its owner said so, or the player joined another): gone from
    /// the list until its owner opens it again with a newer event.
    pub fn close(&mut self, author: &str) {
        if let Some((t, _, l)) = self.tables.remove(author) {
            if self.closed.len() < MAX_CLOSED {
                self.closed.insert(author.to_owned(), (t, l.expires));
            }
        }
    }

    /// Ignores `author` until the page is reloaded (a stranger left and blocked).
    pub fn block(&mut self, author: &str) {
        self.blocked.insert(author.to_owned());
        self.tables.remove(author);
        self.closed.remove(author);
    }
}

/// The owner's side of one table: who sat down first. A join names the table event it answers;
/// the first genuine join for the table open now wins, every later one is answered "taken".
#[derive(Default)]
pub struct Owner {
    /// The id of the table event open now (`None` once withdrawn or taken).
    open: Option<String>,
    /// Every id this table has had (a join for an older copy still counts).
    ids: BTreeSet<String>,
    /// The joiner who got the game, and the room.
    seated: Option<(String, String)>,
    /// The keys already told the table is taken (each is told once, and at most
    /// [`MAX_TAKEN_ANSWERS`] in all).
    told: BTreeSet<String>,
}

/// The owner's verdict on a join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The joiner gets the game: meet in this room (the secret's hex).
    Play { joiner: String, room: String },
    /// The same joiner again (its join repeated): nothing new.
    Again,
    /// Someone else came first, or the table is withdrawn: answer "taken" (once per key).
    Taken { joiner: String, table: String },
    /// Not for this table (another page's, or junk), or a key already told: ignored.
    NotOurs,
}

impl Owner {
    #[must_use]
    pub fn new() -> Owner {
        Owner::default()
    }

    /// The table is (re)published with event `id`.
    pub fn opened(&mut self, id: &str) {
        if self.seated.is_none() {
            self.open = Some(id.to_owned());
        }
        self.ids.insert(id.to_owned());
    }

    /// The owner left: every later join is answered "taken".
    pub fn withdrawn(&mut self) {
        self.open = None;
    }

    /// Whether a stranger sat down.
    #[must_use]
    pub fn seated(&self) -> Option<&(String, String)> {
        self.seated.as_ref()
    }

    /// Judges a join from `joiner` (opened by [`TableKey::open`]).
    pub fn join(&mut self, joiner: &str, what: &Sealed) -> Seat {
        let Sealed::Join { room, table } = what else {
            return Seat::NotOurs;
        };
        if !self.ids.contains(table) {
            return Seat::NotOurs;
        }
        if let Some((who, r)) = &self.seated {
            if who == joiner && r == room {
                return Seat::Again;
            }
        }
        if self.seated.is_none() && self.open.is_some() {
            self.seated = Some((joiner.to_owned(), room.clone()));
            self.open = None;
            return Seat::Play {
                joiner: joiner.to_owned(),
                room: room.clone(),
            };
        }
        // One "taken" per key, and a bounded number in all: a flood of joins after the table
        // was taken costs its sender, never this page.
        if self.told.len() >= MAX_TAKEN_ANSWERS || !self.told.insert(joiner.to_owned()) {
            return Seat::NotOurs;
        }
        Seat::Taken {
            joiner: joiner.to_owned(),
            table: table.clone(),
        }
    }
}

mod stranger;
pub use stranger::{Fresh, Out, Stranger, JOIN_REPEAT_S, JOIN_WAIT_S};

#[cfg(test)]
mod tests;
