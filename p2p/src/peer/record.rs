//! The record as this device folds it from both logs: refolding after the other device's acts
//! changed (what was rewound, which of our acts became void), the base moved up to what the
//! other device acknowledged, and the proof of the dice that counted.

use vrhcaby_rules::Side;

use super::{Output, PeerGame};
use crate::act::Act;
use crate::dice::to_hex;
use crate::fold::Fold;

impl PeerGame {
    /// The proof of the game's dice so far: every commitment and secret that counted in the
    /// fold (a void one is left out; a reveal that did not match is in, and names its side), by
    /// roll index. Kept with the exported record as `"dice"` (the CLI's `verify` reads it).
    #[must_use]
    pub fn proofs(&self) -> vrhcaby_rules::proof::Proofs {
        use vrhcaby_rules::proof::{Part, Proofs, RollProof};
        let void: std::collections::BTreeSet<(Side, usize)> =
            self.cur.voids.iter().map(|&(s, at, _)| (s, at)).collect();
        let mut rolls: Vec<RollProof> = Vec::new();
        for side in [Side::White, Side::Black] {
            for (i, a) in self.logs[side].iter().enumerate().take(self.cur.pos[side]) {
                if void.contains(&(side, i)) {
                    continue;
                }
                let (roll, commit, secret) = match a.act {
                    Act::Commit { roll, hash } => (roll, Some(hash), None),
                    Act::Reveal { roll, secret } => (roll, None, Some(secret)),
                    _ => continue,
                };
                let Ok(at) = usize::try_from(roll) else {
                    continue;
                };
                if rolls.len() <= at {
                    rolls.resize(at + 1, RollProof::default());
                }
                let slot = if side == Side::White {
                    &mut rolls[at].white
                } else {
                    &mut rolls[at].black
                };
                match (slot.as_mut(), commit, secret) {
                    (_, Some(hash), _) => {
                        *slot = Some(Part {
                            commit: to_hex(&hash),
                            secret: None,
                        })
                    }
                    (Some(part), None, Some(secret)) => part.secret = Some(to_hex(&secret)),
                    _ => {}
                }
            }
        }
        Proofs {
            game: self.game_id.clone(),
            rolls,
        }
    }

    /// Refolds from `base` after the other device's acts changed; returns what changed.
    pub(super) fn refold(&mut self, old: Option<&Fold>) -> Output {
        let mut next = self.base.clone();
        next.events.clear();
        next.run(&self.logs, &self.game_id);
        let prev = std::mem::replace(&mut self.cur, next);
        let out = match old {
            Some(old) => self.changes(old),
            None => {
                let _ = prev;
                Output::default()
            }
        };
        self.advance_base();
        out
    }

    /// What changed from `old` to the current fold: whether the record was rewound, and
    /// which of our acts became void.
    pub(super) fn changes(&self, old: &Fold) -> Output {
        let mut out = Output::default();
        let before = &old.game.record().commands;
        let after = &self.cur.game.record().commands;
        out.rewound = after.len() < before.len() || after[..before.len()] != before[..];
        out.crossed = self
            .cur
            .voids
            .iter()
            .filter(|(side, i, _)| {
                *side == self.seat && !old.voids.iter().any(|(s, j, _)| s == side && j == i)
            })
            .map(|&(side, i, _)| self.logs[side][i].act)
            .collect();
        out
    }

    /// Moves `base` up to the first act of ours the other device has not acknowledged.
    pub(super) fn advance_base(&mut self) {
        let acked = self.acked();
        loop {
            match self.base.pick(&self.logs, &self.game_id) {
                Some(side) if side == self.seat && self.base.pos[side] >= acked => break,
                Some(_) => {
                    self.base.step_next(&self.logs, &self.game_id);
                }
                None => break,
            }
        }
        self.base.events.clear();
    }
}
