//! The computer opponent in a Web Worker: the page posts a `vrhcaby_protocol::Request` as JSON
//! text, the worker posts back a `Reply` with the same id (see the protocol crate). Built by Trunk
//! as `data-type="worker"` (see index.html); the page creates the worker only when a computer
//! game, a hint, the tutor or an analysis needs it.

use std::cell::RefCell;

use js_sys::JsString;
use vrhcaby_bot::analysis::Decision;
use vrhcaby_bot::cli::round4;
use vrhcaby_bot::{Bot, Level};
use vrhcaby_protocol::{Answer, Ask, Judged, MidRoll, Reply, Request, Situation, Step, Summary};
use vrhcaby_rules::{DiceLeft, Origin, Rules, Side, Target};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static BOT: RefCell<Option<Bot>> = const { RefCell::new(None) };
    /// The analysis under way: its decisions so far (a request from command 0 starts anew).
    static ANALYSIS: RefCell<Vec<Decision>> = const { RefCell::new(Vec::new()) };
}

/// The bot of this worker: the house rules' net, or in the standard worker standard
/// backgammon's only (each worker carries one net: the house net is not linked into it).
fn this_workers_bot() -> Result<Bot, vrhcaby_bot::WeightsError> {
    #[cfg(feature = "standard-net")]
    return vrhcaby_bot::eval::Evaluator::builtin_standard()
        .unwrap_or(Err(vrhcaby_bot::WeightsError::TooShort))
        .map(Bot::new);
    #[cfg(not(feature = "standard-net"))]
    Bot::builtin()
}

/// The rules of this worker's net.
const RULES: Rules = if cfg!(feature = "standard-net") {
    Rules::Standard
} else {
    Rules::Vrhcaby
};

fn error(message: impl std::fmt::Display) -> Answer {
    Answer::Error {
        message: message.to_string(),
        index: None,
    }
}

/// Whether a question is for the rules of this worker's net. The house worker answers everything
/// but the cube (`Decide`), as it always has (a standard request there gets the house net's
/// answer; the page asks the standard worker).
fn wrong_rules(rules: Option<Rules>) -> bool {
    RULES == Rules::Standard && rules.is_some_and(|r| r != Rules::Standard)
}

fn wrong_rules_error() -> Answer {
    error(match RULES {
        Rules::Standard => "this worker plays standard backgammon only",
        Rules::Vrhcaby => "this worker plays the house rules only",
    })
}

/// Answers one request text (also used natively by the tests): the reply as JSON text.
fn respond(text: &str) -> String {
    let reply = match serde_json::from_str::<Request>(text) {
        Ok(Request { id, ask }) => Reply {
            id: Some(id),
            answer: BOT.with(|b| {
                let mut b = b.borrow_mut();
                if b.is_none() {
                    *b = this_workers_bot().ok();
                }
                match b.as_mut() {
                    Some(bot) => answer(bot, ask),
                    None => error("the built-in weights do not parse"),
                }
            }),
        },
        Err(e) => {
            // The id, if it can be read, so the page knows which question failed.
            #[derive(serde::Deserialize)]
            struct Id {
                id: u32,
            }
            Reply {
                id: serde_json::from_str::<Id>(text).ok().map(|i| i.id),
                answer: error(format!("bad request: {e}")),
            }
        }
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

fn answer(bot: &mut Bot, ask: Ask) -> Answer {
    if wrong_rules(ask.rules()) {
        return wrong_rules_error();
    }
    match ask {
        Ask::Play {
            position,
            turn,
            roll,
            level,
            seed,
            rules,
        } => {
            if Side::ALL.iter().any(|&s| position.is_finished(s)) {
                return error("the game is over in this position");
            }
            let Some(level) = Level::parse(&level) else {
                return error(format!("unknown level {level:?}"));
            };
            let choice = bot.choose(&position, turn, roll, rules, level, seed);
            Answer::Play {
                moves: steps(&choice.moves),
                position: Some(choice.position),
                win: f64::from(choice.estimate.win),
            }
        }
        Ask::Hint(q) => match left(&q) {
            Some(left) => Answer::Hint {
                moves: steps(
                    &bot.hint_rest_under(&q.start, &q.current, q.side, q.roll, &left, q.rules),
                ),
            },
            None => not_of_the_roll(),
        },
        Ask::Tutor(q) => match left(&q) {
            Some(left) => {
                let t = bot.tutor(&q.start, &q.current, q.side, q.roll, &left, q.rules);
                Answer::Tutor {
                    loss: f64::from(t.loss),
                    moves: steps(&t.rest),
                    best: steps(&t.best),
                }
            }
            None => not_of_the_roll(),
        },
        Ask::WantsDraw {
            position,
            turn,
            roll,
        } => Answer::Offer(bot.wants_draw(&position, turn, roll)),
        Ask::AcceptsDraw {
            position,
            offerer,
            roll,
        } => Answer::Accept(bot.accepts_draw(&position, offerer, roll)),
        Ask::Decide(d) => decide(bot, &d),
        Ask::Analyse {
            record,
            depth,
            from,
            most,
        } => analyse(bot, &record, depth, from, most),
    }
}

fn steps(moves: &[(Origin, Target)]) -> Vec<Step> {
    moves.iter().map(|(o, t)| (o.index(), t.index())).collect()
}

/// The dice left of a mid-roll question, checked: at most four, each a die of the roll.
fn left(q: &MidRoll) -> Option<DiceLeft> {
    (q.left.len() <= 4 && q.left.iter().all(|d| q.roll.dice().contains(*d)))
        .then(|| DiceLeft::from_slice(&q.left))
}

fn not_of_the_roll() -> Answer {
    error("the dice left are not of the roll")
}

/// The computer's standard-backgammon decision (`Bot::decide_on`). Only the standard worker
/// answers it.
#[cfg(feature = "standard-net")]
fn decide(bot: &mut Bot, s: &Situation) -> Answer {
    if s.cube.value == 0
        || s.cube.value > 64
        || usize::from(s.cube.match_length) > vrhcaby_bot::cube::MET_SIZE
    {
        return error("bad request: the cube or the match length");
    }
    Answer::Decide(bot.decide_on(s))
}

/// The house rules' worker has no standard decisions.
#[cfg(not(feature = "standard-net"))]
fn decide(_: &mut Bot, _: &Situation) -> Answer {
    wrong_rules_error()
}

/// A part of an analysis: the decisions from command `from` on (each as the CLI's `analyse`
/// writes it, with its `turn`: the roll in the move list), and with the last part the players
/// over the whole game. The page asks part after part, so it can show progress and stop; a part
/// from command 0 starts a new analysis.
fn analyse(
    bot: &Bot,
    record: &vrhcaby_rules::Record,
    depth: u8,
    from: usize,
    most: usize,
) -> Answer {
    if wrong_rules(Some(record.rules)) {
        return wrong_rules_error();
    }
    let (decisions, next) =
        match vrhcaby_bot::analysis::analyse_part(bot, record, depth, from, most.max(1)) {
            Ok(p) => p,
            Err(e) => {
                return Answer::Error {
                    message: e.to_string(),
                    index: e.index(),
                }
            }
        };
    let judged = decisions.iter().map(judged).collect();
    ANALYSIS.with(|a| {
        let mut a = a.borrow_mut();
        if from == 0 {
            a.clear();
        }
        a.extend(decisions);
        let players = next.is_none().then(|| {
            vrhcaby_bot::analysis::players(&a).map(|p| Summary {
                decisions: u64::from(p.decisions),
                error_rate: round4(p.error_rate),
                luck: round4(p.luck),
                rating: p.rating().to_owned(),
            })
        });
        Answer::Analysis {
            decisions: judged,
            next,
            players,
        }
    })
}

/// A decision as the CLI's `analyse` answers it (its figures rounded the same), with its turn.
fn judged(d: &Decision) -> Judged {
    Judged {
        index: d.index,
        side: d.side,
        kind: d.kind.name().to_owned(),
        turn: d.turn,
        played: round4(d.played),
        best: round4(d.best),
        loss: round4(d.loss),
        mark: d.mark.map(|m| m.name().to_owned()),
        forced: d.forced,
        luck: d.luck.map(round4),
        best_moves: d.best_moves.clone(),
    }
}

pub fn main() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        let _ = reply.post_message(&JsString::from(respond(&text)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Ready: the page may have posted before the wasm loaded; it waits for this.
    let ready = Reply {
        id: None,
        answer: Answer::Ready,
    };
    let _ = scope.post_message(&JsString::from(
        serde_json::to_string(&ready).unwrap_or_default(),
    ));
}

/// Requests as the page writes them, answers as it reads them.
#[cfg(test)]
mod wire {
    use vrhcaby_protocol::{Answer, Ask, Reply, Request};

    pub fn ask(id: u32, ask: Ask) -> Answer {
        let reply = reply(&serde_json::to_string(&Request { id, ask }).unwrap());
        assert_eq!(reply.id, Some(id));
        reply.answer
    }

    pub fn reply(text: &str) -> Reply {
        serde_json::from_str(&super::respond(text)).unwrap()
    }
}

#[cfg(all(test, not(feature = "standard-net")))]
mod tests {
    use super::wire::{ask, reply};
    use vrhcaby_protocol::{Answer, Ask, MidRoll};
    use vrhcaby_rules::{Die, Position, Roll, Rules, Side};

    fn side(counts: &[(usize, i64)]) -> Vec<i64> {
        let mut s = vec![0; 26];
        for &(i, n) in counts {
            s[i] = n;
        }
        s
    }

    fn position(white: &[(usize, i64)], black: &[(usize, i64)]) -> vrhcaby_rules::Position {
        vrhcaby_rules::Position::from_setup(&vrhcaby_rules::Setup {
            white: side(white),
            black: side(black),
        })
        .unwrap()
    }

    fn roll(a: u8, b: u8) -> Roll {
        Roll::from_values(a, b).unwrap()
    }

    #[test]
    fn answers_each_question_with_its_id() {
        let play = Ask::Play {
            position: Position::start(),
            turn: Side::White,
            roll: roll(3, 1),
            level: "expert".into(),
            seed: 1,
            rules: Rules::Vrhcaby,
        };
        let Answer::Play { moves, .. } = ask(7, play.clone()) else {
            panic!("a play");
        };
        assert_eq!(moves.len(), 2);
        assert_eq!(ask(7, play.clone()), ask(7, play), "the same play");
        // A spoiled request: an error, with its id when the id can be read.
        let bad = reply("{");
        assert!(matches!(bad.answer, Answer::Error { .. }) && bad.id.is_none());
        let bad = reply(r#"{"id":5,"ask":{"play":{"position":7}}}"#);
        assert!(matches!(bad.answer, Answer::Error { .. }) && bad.id == Some(5));
        let accept = ask(
            2,
            Ask::AcceptsDraw {
                position: Position::start(),
                offerer: Side::White,
                roll: None,
            },
        );
        assert!(matches!(accept, Answer::Accept(_)), "{accept:?}");
        // Far behind in a race (White has 15 on its 6-point, Black 15 on its 1-point): it offers;
        // at the start it does not.
        let behind = position(&[(6, 15)], &[(1, 15)]);
        let wants = |p: Position, r| {
            ask(
                3,
                Ask::WantsDraw {
                    position: p,
                    turn: Side::White,
                    roll: r,
                },
            )
        };
        assert_eq!(wants(behind, roll(2, 1)), Answer::Offer(true));
        assert_eq!(wants(Position::start(), roll(3, 1)), Answer::Offer(false));
        // The hint from the middle of a roll: 24/18 played of 6-5, the 5 left.
        let mid = MidRoll {
            start: Position::start(),
            current: position(
                &[(6, 5), (8, 3), (13, 5), (18, 1), (24, 1)],
                &[(6, 5), (8, 3), (13, 5), (24, 2)],
            ),
            side: Side::White,
            roll: roll(6, 5),
            left: vec![Die::new(5).unwrap()],
            rules: Rules::Vrhcaby,
        };
        let Answer::Hint { moves } = ask(9, Ask::Hint(mid.clone())) else {
            panic!("a hint");
        };
        assert_eq!(moves.len(), 1);
        let not_of_the_roll = MidRoll {
            left: vec![Die::new(4).unwrap()],
            ..mid
        };
        assert!(matches!(
            ask(9, Ask::Hint(not_of_the_roll)),
            Answer::Error { .. }
        ));
        // The tutor: 13/7 13/8 for 6-5 at the start loses against the best, said with the best.
        let done = MidRoll {
            start: Position::start(),
            current: position(
                &[(6, 5), (7, 1), (8, 4), (13, 3), (24, 2)],
                &[(6, 5), (8, 3), (13, 5), (24, 2)],
            ),
            side: Side::White,
            roll: roll(6, 5),
            left: vec![],
            rules: Rules::Vrhcaby,
        };
        let Answer::Tutor { loss, moves, best } = ask(4, Ask::Tutor(done.clone())) else {
            panic!("the tutor's answer");
        };
        assert!(loss >= 0.03, "{loss}");
        assert_eq!((moves.len(), best.len()), (0, 2));
        let three = MidRoll {
            left: vec![Die::new(3).unwrap()],
            ..done
        };
        assert!(matches!(ask(4, Ask::Tutor(three)), Answer::Error { .. }));
        // The cube is the standard worker's.
        let text = r#"{"id":6,"ask":{"decide":{"position":{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]},"me":"white","roller":"white","question":{"roll":{"may_double":true}},"cube":{"value":1,"mine":null,"match_length":0,"score":[0,0],"crawford_done":false,"jacoby":false,"beavers":false}}}}"#;
        assert_eq!(
            reply(text).answer,
            Answer::Error {
                message: "this worker plays the house rules only".into(),
                index: None
            }
        );
    }
}

#[cfg(all(test, not(feature = "standard-net")))]
mod analysis_tests {
    use super::wire::ask;
    use vrhcaby_protocol::{Answer, Ask};

    /// White's 6-5 as 13/7 13/8, Black's 3-1 as 8/5 6/5, White's 4-2 as 8/4 6/4.
    const RECORD: &str = r#"{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"start","first":"white"},{"t":0,"cmd":"dice","dice":[6,5]},{"t":1,"cmd":"move","side":"white","from":13,"to":7},{"t":2,"cmd":"move","side":"white","from":13,"to":8},{"t":3,"cmd":"dice","dice":[3,1]},{"t":4,"cmd":"move","side":"black","from":8,"to":5},{"t":5,"cmd":"move","side":"black","from":6,"to":5},{"t":6,"cmd":"dice","dice":[4,2]},{"t":7,"cmd":"move","side":"white","from":8,"to":4},{"t":8,"cmd":"move","side":"white","from":6,"to":4}]}"#;

    fn part(record: &str, from: usize) -> Answer {
        ask(
            4,
            Ask::Analyse {
                record: vrhcaby_rules::Record::from_json(record).unwrap(),
                depth: 0,
                from,
                most: 1,
            },
        )
    }

    #[test]
    fn an_analysis_part_by_part_ends_with_the_players() {
        let mut from = Some(0);
        let mut decisions = Vec::new();
        let mut last = None;
        while let Some(f) = from {
            let Answer::Analysis {
                decisions: d,
                next,
                players,
            } = part(RECORD, f)
            else {
                panic!("a part");
            };
            decisions.extend(d);
            from = next;
            last = players;
        }
        assert_eq!(decisions.len(), 3);
        let turns: Vec<usize> = decisions.iter().map(|d| d.turn).collect();
        assert_eq!(turns, vec![0, 1, 2]);
        assert!(decisions[0].mark.is_some(), "{:?}", decisions[0]);
        let players = last.expect("the players with the last part");
        assert_eq!(players.white.decisions, 2);
        // The same as the CLI's analyse.
        let mut bot = vrhcaby_bot::Bot::builtin().unwrap();
        let cli = vrhcaby_bot::cli::answer(
            &mut bot,
            vrhcaby_bot::cli::BotOp::Analyse,
            &format!(r#"{{"record":{RECORD},"depth":0}}"#),
        );
        assert_eq!(cli["players"], serde_json::to_value(&players).unwrap());
        assert_eq!(cli["decisions"][0]["loss"], decisions[0].loss);
        // A record that cannot be read makes the request unreadable: an error with its id.
        let bad = super::wire::reply(
            r#"{"id":7,"ask":{"analyse":{"record":{"format":"x"},"depth":0,"from":0,"most":1}}}"#,
        );
        assert_eq!(bad.id, Some(7));
        assert!(
            matches!(&bad.answer, Answer::Error { message, .. } if message.contains("bad request")),
            "{bad:?}"
        );
        // A record that reads but breaks a rule: the rules' error, naming the command.
        let broken = RECORD.replace(r#""from":13,"to":7"#, r#""from":13,"to":2"#);
        assert!(
            matches!(part(&broken, 0), Answer::Error { index: Some(2), .. }),
            "{:?}",
            part(&broken, 0)
        );
    }
}

/// `cargo test -p vrhcaby-worker --features standard-net`: the standard worker.
#[cfg(all(test, feature = "standard-net"))]
mod standard_tests {
    use super::wire::ask;
    use vrhcaby_protocol::{Answer, Ask, CubeView, Decision, Question, Situation};
    use vrhcaby_rules::{Position, Roll, Rules, Side};

    #[test]
    fn plays_standard_backgammon_with_its_own_net_and_refuses_the_house_rules() {
        let play = |rules| Ask::Play {
            position: Position::start(),
            turn: Side::White,
            roll: Roll::from_values(6, 4).unwrap(),
            level: "expert".into(),
            seed: 3,
            rules,
        };
        let Answer::Play { moves, .. } = ask(5, play(Rules::Standard)) else {
            panic!("a play");
        };
        // The same play as the CLI's, which holds both nets and picks the standard one.
        let mut bot = vrhcaby_bot::Bot::builtin().unwrap();
        let cli = vrhcaby_bot::cli::answer(
            &mut bot,
            vrhcaby_bot::cli::BotOp::Bot,
            r#"{"position":{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]},"turn":"white","dice":[6,4],"level":"expert","seed":3,"rules":"standard"}"#,
        );
        assert_eq!(serde_json::to_value(&moves).unwrap(), cli["moves"], "{cli}");
        // The house net is not in this worker: a house request is refused, not answered by the
        // wrong net.
        let refused = Answer::Error {
            message: "this worker plays standard backgammon only".into(),
            index: None,
        };
        assert_eq!(ask(6, play(Rules::Vrhcaby)), refused);
        let draw = Ask::AcceptsDraw {
            position: Position::start(),
            offerer: Side::White,
            roll: None,
        };
        assert_eq!(ask(6, draw), refused);
        // Its own question: the cube before the roll at the start is not turned.
        let decide = Situation {
            position: Position::start(),
            me: Side::White,
            roller: Side::White,
            question: Question::Roll { may_double: true },
            cube: CubeView {
                value: 1,
                mine: None,
                match_length: 0,
                score: (0, 0),
                crawford_done: false,
                jacoby: false,
                beavers: false,
            },
        };
        assert_eq!(ask(8, Ask::Decide(decide)), Answer::Decide(Decision::Roll));
        let bad = Situation {
            cube: CubeView {
                value: 0,
                ..decide.cube
            },
            ..decide
        };
        assert!(matches!(ask(8, Ask::Decide(bad)), Answer::Error { .. }));
    }
}
