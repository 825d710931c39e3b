//! Fair dice between two devices: each commits to a secret, then both reveal; the dice are a hash
//! of both secrets, so neither device alone can choose them (RULES.md S13). The p2p crate runs the
//! exchange with these functions; a game's [`Proofs`] (every commitment and secret, kept with its
//! exported record as `"dice"`) let anyone recompute each roll: [`verify`], the CLI's `verify`.
//!
//! Every hash input is a fixed ASCII tag, the game id, then fields of fixed length, so the
//! game id's length is implied and no two different inputs share a byte string.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::game::Command;
use crate::record::Record;
use crate::types::{BySide, Die, Roll, Side};

const COMMIT_TAG: &[u8] = b"vrhcaby-commit-v1";
const DICE_TAG: &[u8] = b"vrhcaby-dice-v1";

fn seat_byte(seat: Side) -> u8 {
    match seat {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// SHA-256 of `"vrhcaby-commit-v1" ‖ game_id ‖ roll (u32 LE) ‖ seat (0 White, 1 Black) ‖ secret`.
#[must_use]
pub fn commitment(game_id: &str, roll: u32, seat: Side, secret: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(COMMIT_TAG);
    h.update(game_id.as_bytes());
    h.update(roll.to_le_bytes());
    h.update([seat_byte(seat)]);
    h.update(secret);
    h.finalize().into()
}

/// SHA-256 of `"vrhcaby-dice-v1" ‖ game_id ‖ roll (u32 LE) ‖ white's secret ‖ black's secret`.
fn dice_digest(game_id: &str, roll: u32, white: &[u8; 32], black: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DICE_TAG);
    h.update(game_id.as_bytes());
    h.update(roll.to_le_bytes());
    h.update(white);
    h.update(black);
    h.finalize().into()
}

/// The two dice in the order they are derived (before a [`Roll`] puts the higher first):
/// each digest byte `b < 252` gives the die `b % 6 + 1` (252 = 42 × 6, so no value is favoured);
/// bytes from 252 up are skipped, and when a digest runs out its SHA-256 is the next one.
#[must_use]
pub fn dice_pair_from_secrets(
    game_id: &str,
    roll: u32,
    white: &[u8; 32],
    black: &[u8; 32],
) -> [Die; 2] {
    let mut digest = dice_digest(game_id, roll, white, black);
    let mut dice = [Die::ALL[0]; 2];
    let mut found = 0;
    loop {
        for &b in &digest {
            if b < 252 {
                dice[found] = Die::ALL[usize::from(b % 6)];
                found += 1;
                if found == 2 {
                    return dice;
                }
            }
        }
        digest = Sha256::digest(digest).into();
    }
}

/// The roll number `roll` of the game (see [`dice_pair_from_secrets`]).
#[must_use]
pub fn dice_from_secrets(game_id: &str, roll: u32, white: &[u8; 32], black: &[u8; 32]) -> Roll {
    let [a, b] = dice_pair_from_secrets(game_id, roll, white, black);
    Roll::new(a, b)
}

/// The lot (R3): roll index 0's digest, the first byte's low bit (0 → White starts).
#[must_use]
pub fn lot_from_secrets(game_id: &str, white: &[u8; 32], black: &[u8; 32]) -> Side {
    if dice_digest(game_id, 0, white, black)[0] & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Lowercase hex.
#[must_use]
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// 32 bytes from exactly 64 hex digits (either case).
pub fn from_hex32(s: &str) -> Option<[u8; 32]> {
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let digit = |c: u8| -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    };
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(out)
}

/// The proof of a game's dice: the game's id (the hashes' context) and, for each roll index
/// (0 is the lot, then each exchange in turn, standard's opening ties included), each side's
/// part. JSON: `{"game":"…","rolls":[{"white":{"commit":"<64 hex>","secret":"<64 hex>"},"black":…},…]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proofs {
    pub game: String,
    pub rolls: Vec<RollProof>,
}

/// Both sides' parts of one roll; a part missing is `null` (never sent).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollProof {
    #[serde(default)]
    pub white: Option<Part>,
    #[serde(default)]
    pub black: Option<Part>,
}

/// One side's part of a roll: its commitment, and its secret once revealed (hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub commit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

impl RollProof {
    fn part(&self, side: Side) -> Option<&Part> {
        match side {
            Side::White => self.white.as_ref(),
            Side::Black => self.black.as_ref(),
        }
    }
}

/// What a record says one exchange gave: the lot's winner, standard's opening dice (White's,
/// Black's), or a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Thrown {
    Lot(Side),
    Opening([u8; 2]),
    Dice(Roll),
}

/// The verdict on one roll of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub roll: u32,
    /// What the record says this exchange gave (`None`: a proof of an exchange the record never
    /// completed, such as one cut short by a wrong reveal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<Thrown>,
    pub ok: bool,
    /// Whose part is wrong or missing, when one side's is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// What is wrong, when something is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<Problem>,
}

/// Why a roll does not check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Problem {
    /// The record has the roll, the proof has no part of `side` for it.
    Missing,
    /// `side`'s commitment or secret is not 64 hex digits.
    Malformed,
    /// `side`'s secret does not give its commitment.
    RevealMismatch,
    /// Both parts hold, and the dice they give are not the record's.
    DiceDiffer,
}

/// The exchanges a record completed, in order: its `start`, `opening` and `dice` commands.
#[must_use]
pub fn thrown(record: &Record) -> Vec<Thrown> {
    record
        .commands
        .iter()
        .filter_map(|e| match e.cmd {
            Command::Start { first } => Some(Thrown::Lot(first)),
            Command::Opening { white, black } => {
                Some(Thrown::Opening([white.value(), black.value()]))
            }
            Command::Dice { dice } => Some(Thrown::Dice(dice)),
            _ => None,
        })
        .collect()
}

/// The roll index behind each turn of the move list (`notation::move_list`, one turn per roll
/// played): a `dice` command's, or a standard opening's that was not a tie (its dice are the
/// starter's first roll).
#[must_use]
pub fn turn_rolls(record: &Record) -> Vec<u32> {
    thrown(record)
        .iter()
        .enumerate()
        .filter(|(_, t)| match t {
            Thrown::Dice(_) => true,
            Thrown::Opening([white, black]) => white != black,
            Thrown::Lot(_) => false,
        })
        .filter_map(|(i, _)| u32::try_from(i).ok())
        .collect()
}

/// Recomputes every roll of `record` from `proofs`: roll `i` of the proof against the record's
/// `i`-th exchange. A proof with a wrong reveal names its side (as S13's `bad_dice` does); a
/// proof beyond the record's exchanges is judged on its reveals only (the game ended there, or
/// the exchange was still open).
#[must_use]
pub fn verify(record: &Record, proofs: &Proofs) -> Vec<Verdict> {
    let thrown = thrown(record);
    let count = thrown.len().max(proofs.rolls.len());
    (0..count)
        .map(|i| {
            let roll = u32::try_from(i).unwrap_or(u32::MAX);
            let recorded = thrown.get(i).copied();
            let verdict = |side: Option<Side>, problem: Option<Problem>| Verdict {
                roll,
                recorded,
                ok: problem.is_none(),
                side,
                problem,
            };
            let Some(proof) = proofs.rolls.get(i) else {
                return verdict(None, Some(Problem::Missing));
            };
            let mut secrets = BySide::new(None, None);
            for side in [Side::White, Side::Black] {
                let Some(part) = proof.part(side) else {
                    if recorded.is_some() {
                        return verdict(Some(side), Some(Problem::Missing));
                    }
                    continue;
                };
                let Some(commit) = from_hex32(&part.commit) else {
                    return verdict(Some(side), Some(Problem::Malformed));
                };
                match part.secret.as_deref().map(from_hex32) {
                    None if recorded.is_some() => {
                        return verdict(Some(side), Some(Problem::Missing))
                    }
                    None => {}
                    Some(None) => return verdict(Some(side), Some(Problem::Malformed)),
                    Some(Some(secret)) => {
                        if commitment(&proofs.game, roll, side, &secret) != commit {
                            return verdict(Some(side), Some(Problem::RevealMismatch));
                        }
                        secrets[side] = Some(secret);
                    }
                }
            }
            let (Some(recorded), Some(w), Some(b)) = (recorded, secrets.white, secrets.black)
            else {
                return verdict(None, None);
            };
            let derived = match recorded {
                Thrown::Lot(_) => Thrown::Lot(lot_from_secrets(&proofs.game, &w, &b)),
                Thrown::Opening(_) => {
                    let [white, black] = dice_pair_from_secrets(&proofs.game, roll, &w, &b);
                    Thrown::Opening([white.value(), black.value()])
                }
                Thrown::Dice(_) => Thrown::Dice(dice_from_secrets(&proofs.game, roll, &w, &b)),
            };
            if derived == recorded {
                verdict(None, None)
            } else {
                verdict(None, Some(Problem::DiceDiffer))
            }
        })
        .collect()
}

/// Whether a record's ending agrees with its proof (`verdicts`, from [`verify`]): a game that
/// ended in `bad_dice` must have a reveal of the loser's that does not match its commitment;
/// a reveal that does not match must have ended the game there as `bad_dice` for its side (S13).
/// `None` when they agree; else what is wrong: `bad_dice_unproven` or `bad_dice_not_recorded`.
#[must_use]
pub fn ending_problem(game: &crate::Game, verdicts: &[Verdict]) -> Option<&'static str> {
    let mismatch = verdicts
        .iter()
        .find(|v| v.problem == Some(Problem::RevealMismatch))
        .and_then(|v| v.side);
    let bad_dice = match game.result() {
        Some((outcome, crate::Reason::BadDice)) => [Side::White, Side::Black]
            .into_iter()
            .find(|&s| outcome == crate::Outcome::win(!s)),
        _ => None,
    };
    match (bad_dice, mismatch) {
        (Some(loser), Some(side)) if loser == side => None,
        (Some(_), _) => Some("bad_dice_unproven"),
        (None, Some(_)) => Some("bad_dice_not_recorded"),
        (None, None) => None,
    }
}
