//! Standard backgammon's decisions for the computer (roll or double, answering a double or a
//! resignation): the standard worker's `decide` request, read from the rules core, and the
//! intent its answer stands for.

use vrhcaby_protocol::{Act, Decide, Question};
use vrhcaby_rules::{Game, Phase, Side};

use super::Intent;

/// The standard worker's `decide` question for the computer (`me`) in `game`, if something is
/// its to decide (the fields of the bot crate's `cube::Situation::of`, read from the rules core
/// here so that the worker needs no game of its own; a native test holds the two together).
#[must_use]
pub fn decide_request(game: &Game, me: Side) -> Option<Decide> {
    if !game.variant().is_standard() || game.turn() != Some(me) {
        return None;
    }
    let cube = game.cube();
    let mut value = cube.value;
    let (question, roller) = match game.phase() {
        Phase::Rolling => (
            Question::Roll {
                may_double: game.can_double().is_ok_and(|s| s == me),
            },
            me,
        ),
        Phase::Doubled => {
            let offer = game.pending_double()?;
            value = offer.value_offered(cube) / 2;
            (
                Question::Answer {
                    stage: offer.stage,
                    raise: game.may_raise(),
                },
                offer.doubler,
            )
        }
        Phase::ResignOffered => {
            let (by, kind) = game.resign_offer()?;
            (Question::Resign { kind }, game.dice_owner().unwrap_or(by))
        }
        _ => return None,
    };
    let o = game.variant().options();
    let c = game.context();
    Some(Decide {
        position: *game.position(),
        me,
        roller,
        question,
        cube: value,
        mine: cube.owner.map(|s| s == me),
        match_length: o.match_length,
        score: (c.score[me], c.score[!me]),
        crawford_done: c.crawford != vrhcaby_rules::Crawford::Before,
        jacoby: game.jacoby_active(),
        beavers: o.is_money() && o.beavers,
    })
}

/// The intent for the worker's decision.
#[must_use]
pub fn decision_intent(act: Act) -> Intent {
    match act {
        Act::Roll => Intent::Roll,
        Act::Double => Intent::Double,
        Act::Take => Intent::Take,
        Act::Drop => Intent::Drop,
        Act::Beaver => Intent::Beaver,
        Act::AcceptResign => Intent::AcceptResign,
        Act::RejectResign => Intent::RejectResign,
    }
}

// The bot crate is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The page's `decide` request says what the bot crate's `Situation::of` reads from the
    /// same game, over random standard games with doubles, beavers and resignations.
    #[test]
    fn the_decide_request_matches_the_bots_own_reading() {
        use vrhcaby_bot::cube::{Ask, Situation};
        use vrhcaby_rules::bench::SplitMix64;
        use vrhcaby_rules::{Command, Kind, Options, Stage, Variant};
        let options = Options {
            beavers: true,
            jacoby: true,
            ..Options::money()
        };
        let mut rng = SplitMix64::new(3);
        let mut checked = 0;
        for _ in 0..20 {
            let mut g = Game::with_variant(Variant::standard(options).unwrap(), None).unwrap();
            for t in 0..3000 {
                if let Some(me) = g.turn() {
                    if let Some(s) = Situation::of(&g, me) {
                        let r = decide_request(&g, me).expect("a question where the bot reads one");
                        assert_eq!((r.me, r.roller), (me, s.roller));
                        assert_eq!(
                            (r.cube, r.mine, r.score),
                            (s.cube.value, s.cube.mine, s.cube.score)
                        );
                        assert_eq!((r.jacoby, r.beavers), (s.cube.jacoby, s.cube.beavers));
                        assert_eq!(r.crawford_done, s.cube.crawford_done);
                        assert_eq!(r.position, s.position);
                        let same = match (s.ask, r.question) {
                            (Ask::Roll { may_double: a }, Question::Roll { may_double: b }) => {
                                a == b
                            }
                            (
                                Ask::Answer { stage, raise },
                                Question::Answer {
                                    stage: s2,
                                    raise: r2,
                                },
                            ) => (stage, raise) == (s2, r2),
                            (Ask::Resign { kind }, Question::Resign { kind: k2 }) => kind == k2,
                            _ => false,
                        };
                        assert!(same, "{:?} read as {:?}", s.ask, r.question);
                        checked += 1;
                    } else {
                        assert!(decide_request(&g, me).is_none());
                    }
                }
                let side = g.turn();
                let cmd = match (g.phase(), side) {
                    (Phase::Opening, _) => Command::Opening {
                        white: rng.die(),
                        black: rng.die(),
                    },
                    (Phase::Rolling, Some(side)) if g.can_double().is_ok() && rng.below(6) == 0 => {
                        Command::Double { side }
                    }
                    (Phase::Rolling, Some(side)) if rng.below(150) == 0 => Command::OfferResign {
                        side,
                        kind: Kind::Gammon,
                    },
                    (Phase::Rolling, _) => Command::Dice { dice: rng.roll() },
                    (Phase::Doubled, Some(side)) if g.may_raise() && rng.below(2) == 0 => {
                        match g.pending_double().map(|o| o.stage) {
                            Some(Stage::Double) => Command::Beaver { side },
                            _ => Command::Raccoon { side },
                        }
                    }
                    (Phase::Doubled, Some(side)) => {
                        if rng.below(4) == 0 {
                            Command::Drop { side }
                        } else {
                            Command::Take { side }
                        }
                    }
                    (Phase::ResignOffered, Some(side)) => Command::RejectResign { side },
                    (Phase::Moving, Some(side)) => {
                        let moves = g.legal_moves();
                        let m = moves[rng.below(moves.len() as u64) as usize];
                        Command::Move {
                            side,
                            from: m.from,
                            to: m.to,
                        }
                    }
                    _ => break,
                };
                g.apply(cmd, t).unwrap();
            }
        }
        assert!(checked > 500, "only {checked} decisions checked");
    }
}
