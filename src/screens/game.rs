//! The game screen: one stage as tall as the screen — the players, the message strip, the board
//! (which takes the room left) and the roll's controls — so nothing a move needs is ever below
//! the fold; then the settings (a sheet on small screens), the move list, and the dialogs over
//! them (the rest inert while one is open). The board gets its view from the game and hands its
//! intents to the session.

use leptos::prelude::*;

use crate::board::{seat_of, Board, BoardView, ClockView};
use crate::panel::{modal, Controls, Dialogs, Players, Strip};
use crate::session::Input;
use crate::state::{Dispatch, Notice, Settings};

#[component]
pub fn GameScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = expect_context::<Settings>();
    let g = d.game;
    let notice = d.notices.notice;
    let view = Memo::new(move |_| {
        let follow = s.follow_turn.get();
        let mut v = g.session.with(|x| {
            x.as_ref().map_or_else(BoardView::default, |x| {
                let own = x.own_side();
                with_series(
                    BoardView::build(
                        x.game(),
                        |side| x.controls(side),
                        own,
                        seat_of(x.game(), own, follow),
                    ),
                    x,
                )
            })
        });
        // A forfeited roll stays in view until the next roll.
        notice.with(|n| {
            if let Some(Notice::Forfeit { roll, .. }) = n {
                v.show_forfeited(*roll);
            }
        });
        v
    });
    let clock = Memo::new(move |_| {
        let now = g.now.get();
        g.session.with(|x| {
            x.as_ref().map_or_else(ClockView::default, |x| {
                ClockView::build(x.game(), x.game_time(now))
            })
        })
    });
    let confirm_resign = RwSignal::new(false);
    let confirm_leave = RwSignal::new(false);
    // Escape cancels a confirmation (the other dialogs are answered by their buttons).
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            confirm_resign.set(false);
            confirm_leave.set(false);
            g.sheet.set(false);
        }
    });

    on_cleanup(move || escape.remove());
    view! {
        // While a dialog is open, everything here but it is inert (`panel::modal`).
        <main class="game" on:keydown=modal::trap>
            <h1 class="sr-only">{"Vrhcáby"}</h1>
            <div class="stage">
                <Players/>
                <Strip/>
                <Board view=view clock=clock events=d.notices.events tumbling=g.tumbling
                    portrait=s.portrait numbers=s.numbers motion=s.motion lang=s.lang hint=g.hint
                    on_intent=Callback::new(move |intent| { d.input(Input::Intent(intent)); })/>
                <Controls confirm_resign=confirm_resign confirm_leave=confirm_leave/>
            </div>
            {records()}
            <Dialogs confirm_resign=confirm_resign confirm_leave=confirm_leave/>
        </main>
    }
}

/// The move list, the export link and the position's IDs.
fn records() -> impl IntoView {
    use crate::panel::{GameFiles, MoveList};
    view! { <MoveList/><GameFiles/> }
}

/// The series' score on the board.
fn with_series(mut v: BoardView, x: &crate::session::Session) -> BoardView {
    use vrhcaby_rules::Side;
    v.series = x
        .series()
        .map(|s| (s.half_points(Side::White), s.half_points(Side::Black)));
    v
}
