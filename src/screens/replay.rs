//! The replay viewer (the full app): a game record opened from a file (`import`, or handed over
//! by the start page), stepped forwards and backwards one command at a time, or to either end,
//! with the move list up to the step shown. The board is the game's board with nothing to move.

use leptos::prelude::*;
use vrhcaby_rules::{Command, Record, Side};

use crate::board::{Board, BoardView, ClockView};
use crate::i18n::Key;
use crate::panel::{list_html, LanguageAndSound, MoveListOf};
use crate::state::{Dispatch, Screen};

/// How many commands of `record` to replay at each step: 0 (the start), then after each command
/// that changes the board or the dice (the lot, a roll, a move), and the whole record last.
fn steps(record: &Record) -> Vec<usize> {
    let mut out = vec![0];
    for (i, e) in record.commands.iter().enumerate() {
        let shown = matches!(
            e.cmd,
            Command::Start { .. } | Command::Dice { .. } | Command::Move { .. }
        );
        if shown || i + 1 == record.commands.len() {
            out.push(i + 1);
        }
    }
    out
}

#[component]
pub fn ReplayScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let record = d.nav.replay;
    let stops = Memo::new(move |_| record.with(|r| r.as_ref().map(steps).unwrap_or_default()));
    // The step shown: the end of the game when it opens.
    let at = RwSignal::new(usize::MAX);
    let step = move || {
        let n = stops.with(Vec::len);
        at.get().min(n.saturating_sub(1))
    };
    let game = Memo::new(move |_| {
        let k = stops.with(|st| st.get(step()).copied().unwrap_or(0));
        record.with(|r| {
            let mut part = r.clone()?;
            part.commands.truncate(k);
            part.replay().ok().map(|g| (g, part))
        })
    });
    let view = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref().map_or_else(BoardView::default, |(g, _)| {
                BoardView::build(g, |_| false, None, Side::White)
            })
        })
    });
    let clock = Memo::new(|_| ClockView::default());
    let html = Signal::derive(move || {
        let (white, black) = (s.say(Key::White), s.say(Key::Black));
        game.with(|g| {
            g.as_ref()
                .map(|(_, part)| {
                    let turns = vrhcaby_rules::notation::move_list(part).map_or(0, |t| t.len());
                    list_html(part, Some(turns), white, black)
                })
                .unwrap_or_default()
        })
    });
    let last = move || stops.with(Vec::len).saturating_sub(1);
    let go = move |to: usize| at.set(to.min(last()));
    let at_end = move || step() >= last();
    view! {
        <main class="game replay" data-testid="replay">
            <h1 class="replay-title">{move || s.say(Key::ReplayTitle)}</h1>
            <Board view=view clock=clock events=d.notices.events tumbling=RwSignal::new(false)
                portrait=s.portrait numbers=s.numbers motion=s.motion lang=s.lang
                on_intent=Callback::new(|_| {})/>
            <div class="row replay-steps">
                <button data-testid="replay-first" disabled=move || step() == 0
                    on:click=move |_| go(0) aria-label=move || s.say(Key::ReplayFirst)>"⏮"</button>
                <button data-testid="replay-prev" disabled=move || step() == 0
                    on:click=move |_| go(step().saturating_sub(1)) aria-label=move || s.say(Key::ReplayPrev)>"◀"</button>
                <span class="stat" data-testid="replay-step" data-step=move || step().to_string()>
                    {move || format!("{} / {}", step(), last())}
                </span>
                <button data-testid="replay-next" disabled=at_end
                    on:click=move |_| go(step() + 1) aria-label=move || s.say(Key::ReplayNext)>"▶"</button>
                <button data-testid="replay-last" disabled=at_end
                    on:click=move |_| go(last()) aria-label=move || s.say(Key::ReplayLast)>"⏭"</button>
            </div>
            <MoveListOf html=html/>
            <div class="row">
                <button data-testid="menu" on:click=move |_| d.nav.screen.set(Screen::Start)>
                    {move || s.say(Key::Back)}
                </button>
            </div>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::steps;
    use vrhcaby_rules::{Command, Game, Roll, Side};

    #[test]
    fn a_step_for_the_start_the_lot_each_roll_and_move_and_the_end() {
        let mut g = Game::new();
        g.apply(Command::Start { first: Side::White }, 0).unwrap();
        g.apply(
            Command::Dice {
                dice: Roll::from_values(6, 5).unwrap(),
            },
            1,
        )
        .unwrap();
        let m = g.legal_moves()[0];
        g.apply(
            Command::Move {
                side: Side::White,
                from: m.from,
                to: m.to,
            },
            2,
        )
        .unwrap();
        g.apply(Command::OfferDraw { side: Side::White }, 3).ok();
        g.apply(Command::Resign { side: Side::Black }, 4).unwrap();
        let n = g.record().commands.len();
        let st = steps(g.record());
        assert_eq!(&st[..4], &[0, 1, 2, 3]);
        assert_eq!(st.last(), Some(&n), "the end is always a step");
    }
}
