//! The messages between the page and a relay worker (`bin/relay_worker.rs`), typed once for
//! both sides; JSON text on the wire (`postMessage` of a string). The page starts one worker for
//! a room (a game with a friend: `connection::room` in the app) and one for the lobby (open
//! tables: `connection::lobby`), each through its port (`connection::port`, which holds what
//! the page says until the worker is [`FromWorker::Ready`]).

use serde::{Deserialize, Serialize};

use crate::wish::Wish;
use crate::Note;

/// What the page tells the relay worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWorker {
    /// Enter the room of `secret` (32 hex digits) through `relays` (`ws://` or `wss://` URLs;
    /// others are skipped, at most eight are used). Leaves any room before.
    Join { secret: String, relays: Vec<String> },
    /// Say `note`, sealed, on every open relay, and again every [`crate::REPEAT_MS`] until told
    /// to be quiet or to say another.
    Say { note: Note },
    /// Stop saying the note.
    Quiet,
    /// Leave the room: every socket closed.
    Leave,
    /// The page is visible again: retry every relay now.
    Wake,
    /// Enter the lobby (open tables, `table`) through `relays`, wishing `wish`; with `open`, the
    /// page's own table is published (and kept, renewed, until `Leave`, a game, or `open` false).
    /// Leaves any room before; said again, it changes the wish or the table.
    Lobby {
        relays: Vec<String>,
        wish: Wish,
        open: bool,
    },
    /// Sit down at the table of `author` (as listed).
    Sit { author: String },
    /// Ignore `author` from now on (a stranger left and blocked).
    Block { author: String },
}

/// An open table as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    /// Its event's id (hex).
    pub id: String,
    /// The owner's key (hex): what the page sits down at or blocks.
    pub author: String,
    pub wish: Wish,
    /// When it was (re)published, in seconds.
    pub created_at: u64,
}

/// The relays of a worker as it last told them ([`FromWorker::Relays`]): one named set of counts
/// rather than tuples in one order or another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayCounts {
    /// Open now.
    pub open: usize,
    /// All the worker uses.
    pub total: usize,
    /// Opened or failed at least once.
    pub tried: usize,
}

impl RelayCounts {
    /// At least one relay is open.
    #[must_use]
    pub fn reached(self) -> bool {
        self.open > 0
    }

    /// None is open and every one has been tried: no relay answers (the page need not wait).
    #[must_use]
    pub fn unreached(self) -> bool {
        self.open == 0 && self.tried >= self.total
    }
}

impl From<RelayCounts> for FromWorker {
    fn from(c: RelayCounts) -> FromWorker {
        FromWorker::Relays {
            open: c.open,
            total: c.total,
            tried: c.tried,
        }
    }
}

impl FromWorker {
    /// The counts a [`FromWorker::Relays`] says.
    #[must_use]
    pub fn relay_counts(&self) -> Option<RelayCounts> {
        match *self {
            FromWorker::Relays { open, total, tried } => Some(RelayCounts { open, total, tried }),
            _ => None,
        }
    }
}

/// What the relay worker tells the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker's wasm has loaded: the page holds what it says until then.
    Ready,
    /// A note of the room heard on a relay (each event once, however many relays carried it).
    Heard { note: Note },
    /// The relays: how many are open, of how many, and how many have opened or failed at least
    /// once (the fields of [`RelayCounts`], which the page may keep them in).
    Relays {
        open: usize,
        total: usize,
        tried: usize,
    },
    /// The open tables that fit the page's wish, newest first (the page's own left out).
    Tables { tables: Vec<TableInfo> },
    /// A relay answered the page's table (NIP-01's OK): how many relays refuse it (a relay may
    /// refuse the event kind; it is sent no table from then on), and how many open relays hold
    /// the page's table now (they accepted it: `OK` true). The page says its table is open only
    /// once one does.
    Published {
        refused: usize,
        #[serde(default)]
        accepted: usize,
    },
    /// A game is agreed with a stranger: meet in the room of `room`, the table's owner as host.
    Play {
        room: String,
        host: bool,
        opponent: String,
    },
    /// The table the page sat down at is taken or gone.
    Taken { author: String },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wish::{Lang, Rules};
    use crate::{Role, What};

    fn wish() -> Wish {
        Wish {
            rules: Rules::Standard,
            length: 5,
            clock: true,
            lang: Lang::Cs,
        }
    }

    #[test]
    fn each_message_reads_back_as_written() {
        let note = Note {
            from: "0123".into(),
            role: Role::Guest,
            what: What::Knock,
            offer: String::new(),
            at: 7,
            code: String::new(),
            token: "t".into(),
        };
        for m in [
            ToWorker::Join {
                secret: "ab".repeat(32),
                relays: vec!["ws://127.0.0.1:7000".into()],
            },
            ToWorker::Say { note: note.clone() },
            ToWorker::Quiet,
            ToWorker::Leave,
            ToWorker::Wake,
            ToWorker::Lobby {
                relays: vec!["ws://127.0.0.1:7000".into()],
                wish: wish(),
                open: true,
            },
            ToWorker::Sit {
                author: "ab".repeat(32),
            },
            ToWorker::Block {
                author: "cd".repeat(32),
            },
        ] {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(
                serde_json::from_str::<ToWorker>(&text).unwrap(),
                m,
                "{text}"
            );
        }
        for m in [
            FromWorker::Ready,
            FromWorker::Heard { note },
            FromWorker::Relays {
                open: 1,
                total: 3,
                tried: 2,
            },
            FromWorker::Tables {
                tables: vec![TableInfo {
                    id: "ef".repeat(32),
                    author: "ab".repeat(32),
                    wish: wish(),
                    created_at: 1_800_000_000,
                }],
            },
            FromWorker::Published {
                refused: 1,
                accepted: 2,
            },
            FromWorker::Play {
                room: "01".repeat(16),
                host: true,
                opponent: "ab".repeat(32),
            },
            FromWorker::Taken {
                author: "ab".repeat(32),
            },
        ] {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(
                serde_json::from_str::<FromWorker>(&text).unwrap(),
                m,
                "{text}"
            );
        }
        assert!(serde_json::from_str::<ToWorker>(r#"{"shout":{}}"#).is_err());
    }

    #[test]
    fn relay_counts_travel_as_the_relays_message() {
        let c = RelayCounts {
            open: 1,
            total: 3,
            tried: 2,
        };
        let m = FromWorker::from(c);
        assert_eq!(
            m,
            FromWorker::Relays {
                open: 1,
                total: 3,
                tried: 2
            }
        );
        assert_eq!(m.relay_counts(), Some(c));
        assert_eq!(FromWorker::Ready.relay_counts(), None);
        assert!(c.reached() && !c.unreached());
        let none = RelayCounts {
            open: 0,
            total: 3,
            tried: 3,
        };
        assert!(!none.reached() && none.unreached());
        assert!(
            !RelayCounts { tried: 2, ..none }.unreached(),
            "one still to try"
        );
    }
}
