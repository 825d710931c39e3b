//! `decide::Situation::of`: the decision a side is asked in a standard game, read from the rules
//! core — over random standard games with doubles, beavers, raccoons and resignations, it is
//! there exactly when a decision waits for that side, every answer it offers is one the game
//! takes, and the one it says is not allowed (a double without `may_double`, a beaver without
//! `raise`) is refused.

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::decide::{Question, Situation};
use vrhcaby_rules::{Command, Game, Kind, Options, Phase, Stage, Variant};

#[test]
fn the_situation_is_what_the_game_asks() {
    let options = Options {
        beavers: true,
        jacoby: true,
        ..Options::money()
    };
    let mut rng = SplitMix64::new(3);
    let (mut rolls, mut answers, mut resigns) = (0, 0, 0);
    for _ in 0..20 {
        let mut g = Game::with_variant(Variant::standard(options).unwrap(), None).unwrap();
        for t in 0..3000 {
            let takes = |cmd: Command| g.clone().apply(cmd, t).is_ok();
            let me = g.turn();
            match (me.and_then(|me| Situation::of(&g, me)), g.phase()) {
                (Some(s), phase) => {
                    let me = s.me;
                    assert_eq!((Some(me), *g.position()), (g.turn(), s.position));
                    assert_eq!(s.cube.mine, g.cube().owner.map(|o| o == me));
                    match s.question {
                        Question::Roll { may_double } => {
                            assert_eq!(phase, Phase::Rolling);
                            assert_eq!(s.roller, me);
                            assert_eq!(s.cube.value, g.cube().value);
                            assert_eq!(takes(Command::Double { side: me }), may_double);
                            rolls += 1;
                        }
                        Question::Answer { stage, raise } => {
                            assert_eq!(phase, Phase::Doubled);
                            assert!(takes(Command::Take { side: me }));
                            assert!(takes(Command::Drop { side: me }));
                            let up = match stage {
                                Stage::Double => Command::Beaver { side: me },
                                _ => Command::Raccoon { side: me },
                            };
                            assert_eq!(takes(up), raise, "{stage:?}");
                            answers += 1;
                        }
                        Question::Resign { kind } => {
                            assert_eq!(phase, Phase::ResignOffered);
                            assert_eq!(g.resign_offer().map(|(_, k)| k), Some(kind));
                            assert!(takes(Command::AcceptResign { side: me }));
                            assert!(takes(Command::RejectResign { side: me }));
                            resigns += 1;
                        }
                    }
                }
                (None, phase) => assert!(
                    !matches!(
                        phase,
                        Phase::Rolling | Phase::Doubled | Phase::ResignOffered
                    ),
                    "{phase:?} asks {me:?} nothing"
                ),
            }
            let cmd = match (g.phase(), me) {
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
    assert!(
        rolls > 500 && answers > 50 && resigns > 5,
        "{rolls} {answers} {resigns}"
    );
    // The house rules ask nothing of this kind.
    let mut house = Game::new();
    house
        .apply(
            Command::Start {
                first: vrhcaby_rules::Side::White,
            },
            0,
        )
        .unwrap();
    assert_eq!(Situation::of(&house, vrhcaby_rules::Side::White), None);
}
