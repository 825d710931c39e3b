//! The messages between the page (`drivers::room`) and the relay worker (`bin/relay_worker.rs`),
//! typed once for both sides; JSON text on the wire (`postMessage` of a string).

use serde::{Deserialize, Serialize};

use crate::Note;

/// What the page tells the relay worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWorker {
    /// Enter the room of `secret` (64 hex digits) through `relays` (`ws://` or `wss://` URLs;
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
    /// once.
    Relays {
        open: usize,
        total: usize,
        tried: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Role, What};

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
}
