//! One page in the lobby, as the relay worker runs it: its own table (published with its work,
//! renewed, withdrawn), the tables it hears (the [`Lobby`]), a join it makes and the joins it
//! answers (the [`Owner`]). Pure: the worker hands it what relays say, what the page asks and the
//! time, and carries out what it answers ([`Out`]), so every hostile relay's trick is a native
//! test (`tests.rs`).

use super::{Ignored, Listed, Lobby, Owner, Sealed, Seat, TableKey, Wish, RENEW_S};
use crate::event::Event;
use crate::frame::Filter;

/// A join not answered within this long is given up: the owner is gone.
pub const JOIN_WAIT_S: u64 = 10;
/// A join is said again this often while unanswered (a relay may drop it).
pub const JOIN_REPEAT_S: u64 = 3;
/// A welcome that comes after the page gave up its join still seats it this long after the
/// join was last said (its owner took a join no older than `JOIN_MAX_AGE_S`, and is waiting in
/// the room); later, the page has moved on.
pub const LATE_WELCOME_S: u64 = 2 * super::JOIN_MAX_AGE_S;

/// What the worker is to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    /// Send this event to every open relay.
    Send(Event),
    /// The open tables that fit the page's wish, newest first (the page's own left out).
    List(Vec<Listed>),
    /// A game is agreed: meet in the room of this secret (32 hex digits), the owner of the
    /// table as host. `opponent`: the stranger's key (to block them later).
    Play {
        room: String,
        host: bool,
        opponent: String,
    },
    /// The table the page sat down at is taken or gone.
    Taken { author: String },
}

/// The page's join in flight.
struct Joining {
    author: String,
    table: String,
    room: String,
    since: u64,
    said: u64,
}

/// The fresh randomness a step may need: a room secret, a nonce, the signature's aux bytes and
/// where the work's search starts.
#[derive(Clone, Copy)]
pub struct Fresh {
    pub room: [u8; 16],
    pub nonce: [u8; 12],
    pub aux: [u8; 32],
    pub start: u64,
}

/// One page's part in the lobby.
pub struct Stranger {
    key: TableKey,
    work: u32,
    lobby: Lobby,
    /// What the page wishes to play (the list is filtered by it).
    wish: Option<Wish>,
    /// The page's table is open: when it was last published.
    published: Option<u64>,
    owner: Owner,
    joining: Option<Joining>,
    /// The join last given up for want of an answer: a welcome for it that comes late still
    /// seats the page (its owner is already waiting in the room), unless it sat elsewhere since.
    late: Option<Joining>,
    /// A game agreed: the page is done with the lobby.
    playing: bool,
    /// The list last handed out (a new one only when it changes).
    shown: Vec<Listed>,
    /// The page's table was withdrawn to sit at another: open it again if that fails.
    reopen: bool,
    /// The time of the page's last table event: each next one is later (a relay keeps the newest
    /// of an author's, and a lobby takes only a newer one — a withdrawal in the second the table
    /// opened must still win).
    last: u64,
}

impl Stranger {
    /// A page in the lobby with `key`, asking `work` bits of every table (and giving as many).
    #[must_use]
    pub fn new(key: TableKey, work: u32) -> Stranger {
        Stranger {
            key,
            work,
            lobby: Lobby::new(),
            wish: None,
            published: None,
            owner: Owner::new(),
            joining: None,
            late: None,
            playing: false,
            shown: Vec::new(),
            reopen: false,
            last: 0,
        }
    }

    #[must_use]
    pub fn public_key(&self) -> &str {
        self.key.public_key()
    }

    /// The subscriptions (NIP-01 filters) the worker asks each relay for.
    #[must_use]
    pub fn filters(&self, since: u64) -> [Filter; 2] {
        [super::tables_filter(since), self.key.sealed_filter(since)]
    }

    /// The list now, if it changed since last handed out (or whatever it is, with `always`: the
    /// page shows what it is told).
    fn list_if(&mut self, now: u64, always: bool) -> Option<Out> {
        let list = self
            .lobby
            .list(now, self.wish.as_ref(), Some(self.key.public_key()));
        if !always && list == self.shown {
            return None;
        }
        self.shown.clone_from(&list);
        Some(Out::List(list))
    }

    fn list(&mut self, now: u64) -> Option<Out> {
        self.list_if(now, false)
    }

    /// The page wishes `wish`: its list is filtered by it; with `open`, its table is published
    /// (again, if the wish changed).
    pub fn wish(&mut self, wish: Wish, open: bool, now: u64, fresh: Fresh) -> Vec<Out> {
        let mut out = Vec::new();
        let changed = self.wish != Some(wish);
        self.wish = Some(wish);
        if open && !self.playing && (changed || self.published.is_none()) {
            out.push(self.publish(now, fresh));
        } else if !open && self.published.is_some() {
            out.extend(self.withdraw(now, fresh));
        }
        // The list for this wish, whatever was shown before.
        out.extend(self.list_if(now, true));
        out
    }

    /// The time for the page's next table event: now, or just after the last one.
    fn next_time(&mut self, now: u64) -> u64 {
        self.last = now.max(self.last + 1);
        self.last
    }

    fn publish(&mut self, now: u64, fresh: Fresh) -> Out {
        let at = self.next_time(now);
        let event = self
            .key
            .table(self.wish.as_ref(), at, self.work, fresh.start, &fresh.aux);
        self.owner.opened(&event.id);
        self.published = Some(now);
        Out::Send(event)
    }

    /// The page's table withdrawn (the player left, or a game started).
    pub fn withdraw(&mut self, now: u64, fresh: Fresh) -> Vec<Out> {
        if self.published.take().is_none() {
            return Vec::new();
        }
        self.owner.withdrawn();
        let at = self.next_time(now);
        vec![Out::Send(self.key.table(
            None,
            at,
            self.work,
            fresh.start,
            &fresh.aux,
        ))]
    }

    /// The page sits down at `author`'s table (as listed): a join sealed to its owner, with a
    /// room of the page's choosing.
    pub fn sit(&mut self, author: &str, now: u64, fresh: Fresh) -> Vec<Out> {
        if self.playing || self.joining.is_some() {
            return Vec::new();
        }
        let Some(table) = self.shown.iter().find(|l| l.author == author).cloned() else {
            return vec![Out::Taken {
                author: author.to_owned(),
            }];
        };
        // One table per page: sitting at another withdraws the page's own (a join for it now
        // hears "taken"; two pages sitting at each other's tables at once both hear it).
        let mut out = self.withdraw(now, fresh);
        self.reopen = !out.is_empty();
        let room = crate::hex(&fresh.room);
        self.late = None;
        self.joining = Some(Joining {
            author: table.author.clone(),
            table: table.id,
            room,
            since: now,
            said: now,
        });
        out.extend(self.say_join(now, fresh));
        out
    }

    /// A join that failed: the page's own table, withdrawn for it, is open again.
    fn given_up(&mut self, author: String, now: u64, fresh: Fresh, out: &mut Vec<Out>) {
        self.lobby.close(&author);
        out.push(Out::Taken { author });
        if std::mem::take(&mut self.reopen) {
            out.push(self.publish(now, fresh));
        }
        out.extend(self.list(now));
    }

    fn say_join(&mut self, now: u64, fresh: Fresh) -> Option<Out> {
        let j = self.joining.as_mut()?;
        j.said = now;
        let what = Sealed::Join {
            room: j.room.clone(),
            table: j.table.clone(),
        };
        self.key
            .seal(
                &j.author,
                &what,
                now,
                fresh.nonce,
                self.work,
                fresh.start,
                &fresh.aux,
            )
            .map(Out::Send)
    }

    /// A stranger left and is blocked: their tables are ignored until the page reloads.
    pub fn block(&mut self, author: &str, now: u64) -> Vec<Out> {
        self.lobby.block(author);
        self.list(now).into_iter().collect()
    }

    /// An event a relay carried (a table, or a sealed event to this page; anything else is
    /// foreign). Once playing, the page still answers joins for its table (the winner's again
    /// with its welcome, anyone else's at once with "taken") and hears nothing else.
    pub fn heard(&mut self, event: &Event, now: u64, fresh: Fresh) -> Result<Vec<Out>, Ignored> {
        match self.lobby.take_with(event, now, self.work) {
            Ok(_) if self.playing => return Ok(Vec::new()),
            Ok(_) => return Ok(self.list(now).into_iter().collect()),
            Err(Ignored::Foreign) => {}
            Err(e) => return Err(e),
        }
        let sealed_work = self.work.min(super::SEALED_POW_BITS);
        let (from, what) = self.key.open_with(event, now, sealed_work, self.work)?;
        let mut out = Vec::new();
        match &what {
            Sealed::Join { .. } => match self.owner.join(&from, &what) {
                Seat::Play { joiner, room } => {
                    let table = match &what {
                        Sealed::Join { table, .. } => table.clone(),
                        _ => String::new(),
                    };
                    out.extend(self.seal_to(&joiner, &Sealed::Welcome { table }, now, fresh));
                    out.extend(self.withdraw(now, fresh));
                    self.playing = true;
                    self.joining = None;
                    out.push(Out::Play {
                        room,
                        host: true,
                        opponent: joiner,
                    });
                }
                Seat::Again => {
                    if let Sealed::Join { table, .. } = &what {
                        let welcome = Sealed::Welcome {
                            table: table.clone(),
                        };
                        out.extend(self.seal_to(&from, &welcome, now, fresh));
                    }
                }
                Seat::Taken { joiner, table } => {
                    out.extend(self.seal_to(&joiner, &Sealed::Taken { table }, now, fresh));
                }
                Seat::NotOurs => {}
            },
            Sealed::Welcome { table } | Sealed::Taken { table } => {
                let welcomed = matches!(what, Sealed::Welcome { .. });
                let answers = |j: &Option<Joining>| {
                    j.as_ref()
                        .is_some_and(|j| j.author == from && j.table == *table)
                };
                let j = if answers(&self.joining) {
                    self.joining.take()
                } else if welcomed
                    && self.joining.is_none()
                    && answers(&self.late)
                    && self
                        .late
                        .as_ref()
                        .is_some_and(|j| now <= j.said + LATE_WELCOME_S)
                {
                    // A late welcome: the page's own table, reopened meanwhile, is withdrawn.
                    out.extend(self.withdraw(now, fresh));
                    self.late.take()
                } else {
                    None
                };
                let Some(j) = j else {
                    return Err(Ignored::Foreign);
                };
                if welcomed {
                    self.lobby.close(&j.author);
                    self.playing = true;
                    out.push(Out::Play {
                        room: j.room,
                        host: false,
                        opponent: j.author,
                    });
                } else {
                    self.given_up(j.author, now, fresh, &mut out);
                }
            }
        }
        Ok(out)
    }

    fn seal_to(&self, to: &str, what: &Sealed, now: u64, fresh: Fresh) -> Option<Out> {
        let work = self.work.min(super::SEALED_POW_BITS);
        self.key
            .seal(to, what, now, fresh.nonce, work, fresh.start, &fresh.aux)
            .map(Out::Send)
    }

    /// Time passes: the page's table renewed before it expires, a join said again or given up,
    /// expired tables gone from the list.
    pub fn tick(&mut self, now: u64, fresh: Fresh) -> Vec<Out> {
        let mut out = Vec::new();
        if self.playing {
            return out;
        }
        if self.published.is_some_and(|t| now >= t + RENEW_S) {
            out.push(self.publish(now, fresh));
        }
        if let Some(j) = &self.joining {
            if now >= j.since + JOIN_WAIT_S {
                // Its owner did not answer: gone, for this page (but for a late welcome).
                let author = j.author.clone();
                self.late = self.joining.take();
                self.given_up(author, now, fresh, &mut out);
                return out;
            } else if now >= j.said + JOIN_REPEAT_S {
                out.extend(self.say_join(now, fresh));
            }
        }
        out.extend(self.list(now));
        out
    }
}

#[cfg(test)]
mod tests;
