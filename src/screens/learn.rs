//! "Learn from your mistakes": after an analysis, the player's bad and very bad
//! plays (`crate::learn::puzzles`) one after another — the board at that roll, the player plays
//! it again, the computer's judge says how the play compares with the best and with the play made
//! in the game; then "Try again", "Show the best play" (the hint's arrows) or the next puzzle.

use leptos::prelude::*;
use vrhcaby_rules::{Command, Game, Side};

use crate::analysis::State;
use crate::board::{Board, BoardView, ClockView};
use crate::drivers::analysis::judge_puzzle;
use crate::i18n::{self, Key};
use crate::learn::{board_of, play, played, puzzles, Judging, Verdict};
use crate::session::Intent;
use crate::state::{Batch, Dispatch, Hint, Screen};

#[component]
pub fn LearnScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let record = d.nav.replay;
    let list = Memo::new(move |_| {
        let side = d.nav.replay_side.get();
        record.with(|r| {
            d.nav.analysis.with(|a| match (r, a) {
                (Some(r), State::Done { decisions, .. }) => puzzles(r, decisions, side),
                _ => Vec::new(),
            })
        })
    });
    let at = RwSignal::new(0usize);
    let puzzle = move || list.with(|l| l.get(at.get()).cloned());
    let game = RwSignal::new(None::<Game>);
    let events = RwSignal::new(Batch::default());
    // The best play when asked for, as arrows on the puzzle's board.
    let best = RwSignal::new(None::<Hint>);
    // Each puzzle (and each try) starts at its roll, nothing judged, no arrows.
    let reset = move || {
        let g = list.with_untracked(|l| {
            let p = l.get(at.get_untracked())?;
            record.with_untracked(|r| board_of(r.as_ref()?, p))
        });
        game.set(g);
        d.nav.puzzle.set(Judging::Idle);
        best.set(None);
    };
    Effect::new(move |_| {
        at.track();
        list.track();
        reset();
    });
    on_cleanup(move || d.nav.puzzle.set(Judging::Idle));
    let side = move || puzzle().map_or(Side::White, |p| p.side);
    let view = Memo::new(move |_| {
        let me = side();
        game.with(|g| {
            g.as_ref().map_or_else(BoardView::default, |g| {
                BoardView::build(g, |x| x == me, Some(me), me)
            })
        })
    });
    let clock = Memo::new(|_| ClockView {
        untimed: true,
        ..ClockView::default()
    });
    let on_intent = Callback::new(move |intent: Intent| {
        let Intent::Move { from, to } = intent else {
            return;
        };
        let me = side();
        let mut done = None;
        game.update(|g| {
            let Some(g) = g.as_mut() else { return };
            if let Some(evs) = play(g, me, from, to) {
                events.update(|b| {
                    b.seq = b.seq.wrapping_add(1);
                    b.events = evs;
                });
                if played(g, me) {
                    done = Some(g.record().clone());
                }
            }
        });
        if let (Some(r), Some(p)) = (done, puzzle()) {
            judge_puzzle(d, &r, p.rolled_at);
        }
    });
    let roll = move || {
        let p = puzzle()?;
        record.with(|r| match r.as_ref()?.commands.get(p.rolled_at)?.cmd {
            Command::Dice { dice } => Some((dice.high().value(), dice.low().value())),
            Command::Opening { white, black } => Some((white.value(), black.value())),
            _ => None,
        })
    };
    let task = move || {
        let n = list.with(Vec::len);
        puzzle().map(|p| i18n::puzzle_task(s.lang.get(), at.get() + 1, n, p.side, roll()))
    };
    let verdict = move || match (d.nav.puzzle.get(), puzzle()) {
        (Judging::Waiting, _) => Some(("waiting", s.say(Key::PuzzleJudging).to_owned())),
        (Judging::Failed, _) => Some(("failed", s.say(Key::PuzzleFailed).to_owned())),
        (Judging::Loss(loss), Some(p)) => {
            let v = Verdict::of(loss, p.game_loss).code();
            let standard = record.with(|r| {
                r.as_ref()
                    .is_some_and(|r| r.variant().is_ok_and(|v| v.is_standard()))
            });
            Some((
                v,
                i18n::puzzle_verdict(s.lang.get(), v, loss, p.game_loss, standard),
            ))
        }
        _ => None,
    };
    let show_best = move |_| {
        reset();
        if let Some(p) = puzzle() {
            best.set(Some(Hint {
                side: p.side,
                steps: p.best,
            }));
        }
    };
    let last = move || at.get() + 1 >= list.with(Vec::len);
    view! {
        <main class="game learn" data-testid="learn">
            <h1 class="replay-title">{move || s.say(Key::LearnMistakes)}</h1>
            <Show when=move || list.with(|l| !l.is_empty())
                fallback=move || view! { <p data-testid="puzzle-none">{move || s.say(Key::PuzzleNone)}</p> }>
                <p class="task" data-testid="puzzle" data-at=move || at.get().to_string()
                    data-side=move || side().name()>{task}</p>
                <Board view=view clock=clock events=events tumbling=RwSignal::new(false)
                    portrait=s.portrait numbers=s.numbers motion=s.motion lang=s.lang hint=best
                    on_intent=on_intent/>
                <p class="verdict" role="status" data-testid="puzzle-verdict"
                    data-verdict=move || verdict().map(|v| v.0)>{move || verdict().map(|v| v.1)}</p>
                <div class="row">
                    <button data-testid="puzzle-retry" on:click=move |_| reset()>{move || s.say(Key::PuzzleRetry)}</button>
                    <button data-testid="puzzle-best" on:click=show_best>{move || s.say(Key::PuzzleBest)}</button>
                    <button class="primary" data-testid="puzzle-next" disabled=last
                        on:click=move |_| at.update(|a| *a += 1)>{move || s.say(Key::PuzzleNext)}</button>
                </div>
                <Show when=move || last() && matches!(d.nav.puzzle.get(), Judging::Loss(_))>
                    <p data-testid="puzzles-done">{move || s.say(Key::PuzzlesDone)}</p>
                </Show>
            </Show>
            <div class="row">
                <button data-testid="puzzle-back" on:click=move |_| d.nav.screen.set(Screen::Replay)>
                    {move || s.say(Key::PuzzleBack)}
                </button>
            </div>
            <div class="settings"><crate::panel::LanguageAndSound/></div>
        </main>
    }
}
