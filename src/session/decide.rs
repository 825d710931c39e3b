//! Standard backgammon's decisions for the computer (roll or double, answering a double or a
//! resignation): the standard worker's `decide` request, read from the rules core, and the
//! intent its answer stands for.

use vrhcaby_rules::{Game, Phase, Side};

use super::Intent;

/// The standard worker's `decide` request for the computer (`me`) in `game`, if something is
/// its to decide (the fields of the bot crate's `cube::Situation::of`, read from the rules core
/// here so that the worker needs no game of its own; a native test holds the two together).
#[must_use]
pub fn decide_request(id: u32, game: &Game, me: Side) -> Option<String> {
    if !game.variant().is_standard() || game.turn() != Some(me) {
        return None;
    }
    let cube = game.cube();
    let mut value = cube.value;
    let (ask, roller) = match game.phase() {
        Phase::Rolling => (
            format!(
                r#""ask":"roll","may_double":{}"#,
                game.can_double().is_ok_and(|s| s == me)
            ),
            me,
        ),
        Phase::Doubled => {
            let offer = game.pending_double()?;
            value = offer.value_offered(cube) / 2;
            let stage = match offer.stage {
                vrhcaby_rules::Stage::Double => "double",
                vrhcaby_rules::Stage::Beaver => "beaver",
                vrhcaby_rules::Stage::Raccoon => "raccoon",
            };
            (
                format!(
                    r#""ask":"answer","stage":"{stage}","raise":{}"#,
                    game.may_raise()
                ),
                offer.doubler,
            )
        }
        Phase::ResignOffered => {
            let (by, kind) = game.resign_offer()?;
            (
                format!(r#""ask":"resign","kind":"{}""#, kind.name()),
                game.dice_owner().unwrap_or(by),
            )
        }
        _ => return None,
    };
    let o = game.variant().options();
    let c = game.context();
    let mine = cube
        .owner
        .map_or("null", |s| if s == me { "true" } else { "false" });
    Some(format!(
        r#"{{"id":{id},"op":"decide","position":{},"me":"{}","roller":"{}",{ask},"cube":{value},"mine":{mine},"match_length":{},"score":[{},{}],"crawford_done":{},"jacoby":{},"beavers":{}}}"#,
        serde_json::to_string(game.position()).unwrap_or_default(),
        me.name(),
        roller.name(),
        o.match_length,
        c.score[me],
        c.score[!me],
        c.crawford != vrhcaby_rules::Crawford::Before,
        game.jacoby_active(),
        o.is_money() && o.beavers,
    ))
}

/// The intent for the worker's decision (`{"act": "double"}`, …).
#[must_use]
pub fn decision_intent(act: &str) -> Option<Intent> {
    Some(match act {
        "roll" => Intent::Roll,
        "double" => Intent::Double,
        "take" => Intent::Take,
        "drop" => Intent::Drop,
        "beaver" => Intent::Beaver,
        "accept_resign" => Intent::AcceptResign,
        "reject_resign" => Intent::RejectResign,
        _ => return None,
    })
}

// The bot crate is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use serde_json::json;

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
                        let r =
                            decide_request(1, &g, me).expect("a request where the bot reads one");
                        let v: serde_json::Value = serde_json::from_str(&r).unwrap();
                        assert_eq!(v["me"], me.name());
                        assert_eq!(v["roller"], s.roller.name());
                        assert_eq!(v["cube"], s.cube.value);
                        assert_eq!(v["mine"], json!(s.cube.mine));
                        assert_eq!(v["score"], json!([s.cube.score.0, s.cube.score.1]));
                        assert_eq!(v["jacoby"], s.cube.jacoby);
                        assert_eq!(v["beavers"], s.cube.beavers);
                        assert_eq!(v["crawford_done"], s.cube.crawford_done);
                        match s.ask {
                            Ask::Roll { may_double } => {
                                assert_eq!(
                                    (v["ask"].as_str(), v["may_double"].as_bool()),
                                    (Some("roll"), Some(may_double))
                                );
                            }
                            Ask::Answer { stage, raise } => {
                                let name = match stage {
                                    Stage::Double => "double",
                                    Stage::Beaver => "beaver",
                                    Stage::Raccoon => "raccoon",
                                };
                                assert_eq!(
                                    (v["stage"].as_str(), v["raise"].as_bool()),
                                    (Some(name), Some(raise))
                                );
                            }
                            Ask::Resign { kind } => assert_eq!(v["kind"], kind.name()),
                        }
                        checked += 1;
                    } else {
                        assert!(decide_request(1, &g, me).is_none());
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
