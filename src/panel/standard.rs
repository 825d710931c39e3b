//! Standard backgammon's controls: roll or double before the roll, the answer to
//! a double (take, drop, beaver, raccoon), the answer to a resignation, and the match score.
//! Every choice is asked of the rules core (`can_double`, `pending_double`, `may_raise`,
//! `resign_offer`); none is decided here.

use leptos::prelude::*;
use vrhcaby_rules::{Kind, Phase, Stage};

use super::modal::modal;
use super::{act, with_session};
use crate::i18n::{self, Key};
use crate::session::Intent;
use crate::state::{Dispatch, Settings};

/// The match (or money play) score, with the Crawford game marked.
#[component]
pub fn MatchScore() -> impl IntoView {
    let g = expect_context::<Dispatch>().game;
    let s = expect_context::<Settings>();
    let line = move || {
        with_session(g, |_, game, _| {
            game.variant().is_standard().then(|| {
                let c = game.context();
                let o = game.variant().options();
                let lang = s.lang.get();
                // What each kind of win is worth now (the rules core's points, Jacoby counted).
                let stake =
                    [Kind::Single, Kind::Gammon, Kind::Backgammon].map(|k| game.points_for(k));
                format!(
                    "{} · {}",
                    i18n::match_score(
                        lang,
                        c.score.white,
                        c.score.black,
                        o.match_length,
                        game.is_crawford()
                    ),
                    i18n::at_stake(lang, stake)
                )
            })
        })
        .flatten()
    };
    view! {
        {move || line().map(|l| view! { <p class="match-score" data-testid="match-score">{l}</p> })}
    }
}

/// Roll or double, for the player here about to roll who may double (otherwise the dice are
/// thrown by themselves).
#[component]
pub fn RollOrDouble() -> impl IntoView {
    let g = expect_context::<Dispatch>().game;
    let s = expect_context::<Settings>();
    let choosing = move || {
        g.session.with(|x| {
            x.as_ref().is_some_and(|x| {
                x.awaits_roll_choice() && x.game().turn().is_some_and(|t| x.controls(t))
            })
        })
    };
    view! {
        <Show when=choosing>
            <div class="row cube-actions">
                <button class="primary" data-testid="roll" on:click=move |_| act(Intent::Roll)>
                    {move || s.say(Key::Roll)}
                </button>
                <button data-testid="double" on:click=move |_| act(Intent::Double)>
                    {move || s.say(Key::Double)}
                </button>
            </div>
        </Show>
    }
}

/// The answers waiting for the player here: a double (take, drop, and beaver or raccoon when
/// agreed) and a resignation (accept, or play on). Modal, like the draw offer.
#[component]
pub fn StandardAnswers() -> impl IntoView {
    let g = expect_context::<Dispatch>().game;
    let s = expect_context::<Settings>();
    let mine = move |side: Option<vrhcaby_rules::Side>| {
        side.is_some_and(|side| {
            g.session
                .with(|x| x.as_ref().is_some_and(|x| x.controls(side)))
        })
    };
    let double = move || {
        with_session(g, |_, game, _| {
            let offer = game.pending_double()?;
            Some((
                offer.doubler,
                offer.stage,
                offer.value_offered(game.cube()),
                game.may_raise(),
                game.turn(),
            ))
        })
        .flatten()
    };
    let answering_double = move || double().is_some_and(|d| mine(d.4));
    let double_title = move || {
        double()
            .map(|(by, stage, value, ..)| i18n::double_offer(s.lang.get(), by, value, stage))
            .unwrap_or_default()
    };
    let resign = move || {
        with_session(g, |_, game, _| {
            let (by, kind) = game.resign_offer()?;
            let value = game.points_for(kind);
            Some((by, kind, value, game.turn()))
        })
        .flatten()
    };
    let answering_resign = move || resign().is_some_and(|r| mine(r.3));
    let phase = move || with_session(g, |_, game, _| game.phase());
    view! {
        <Show when=answering_double>
            {{
                modal();
                view! {
                    <div class="panel offer modal" role="alertdialog" aria-modal="true"
                        aria-labelledby="double-title" data-testid="double-dialog">
                        <h2 class="title" id="double-title">{double_title}</h2>
                        <div class="row">
                            <button class="primary" data-testid="take" on:click=move |_| act(Intent::Take)>{move || s.say(Key::Take)}</button>
                            <button class="danger" data-testid="drop" on:click=move |_| act(Intent::Drop)>{move || s.say(Key::Drop)}</button>
                            <Show when=move || double().is_some_and(|d| d.3 && d.1 == Stage::Double)>
                                <button data-testid="beaver" on:click=move |_| act(Intent::Beaver)>{move || s.say(Key::Beaver)}</button>
                            </Show>
                            <Show when=move || double().is_some_and(|d| d.3 && d.1 == Stage::Beaver)>
                                <button data-testid="raccoon" on:click=move |_| act(Intent::Raccoon)>{move || s.say(Key::Raccoon)}</button>
                            </Show>
                        </div>
                    </div>
                }
            }}
        </Show>
        <Show when=move || double().is_some() && !answering_double()>
            <div class="panel offer" role="status" data-testid="double-waiting">
                <p class="title">{double_title}</p>
            </div>
        </Show>
        <Show when=answering_resign>
            {{
                modal();
                view! {
                    <div class="panel offer modal" role="alertdialog" aria-modal="true"
                        aria-labelledby="resign-offer-title" data-testid="resign-offer-dialog">
                        <h2 class="title" id="resign-offer-title">
                            {move || resign().map(|(by, kind, value, _)| format!("{} ({})",
                                i18n::standard_event(s.lang.get(), &vrhcaby_rules::Event::ResignOffered { by, kind }).unwrap_or_default(),
                                i18n::points(s.lang.get(), value))).unwrap_or_default()}
                        </h2>
                        <div class="row">
                            <button class="primary" data-testid="accept-resign" on:click=move |_| act(Intent::AcceptResign)>{move || s.say(Key::AcceptResign)}</button>
                            <button data-testid="reject-resign" on:click=move |_| act(Intent::RejectResign)>{move || s.say(Key::RejectResign)}</button>
                        </div>
                    </div>
                }
            }}
        </Show>
        <Show when=move || phase() == Some(Phase::ResignOffered) && !answering_resign()>
            <div class="panel offer" role="status" data-testid="resign-waiting">
                <p class="title">{move || resign().map(|(by, kind, ..)| i18n::standard_event(s.lang.get(), &vrhcaby_rules::Event::ResignOffered { by, kind }).unwrap_or_default()).unwrap_or_default()}</p>
            </div>
        </Show>
    }
}

/// The resign dialog's choice of what to resign (T7): a single game, a gammon or a backgammon,
/// each with its points at the cube's value.
pub fn resign_kinds(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let g = d.game;
    let points = move |kind| with_session(g, |_, game, _| game.points_for(kind)).unwrap_or(1);
    let kinds = [Kind::Single, Kind::Gammon, Kind::Backgammon];
    view! {
        <fieldset class="row kinds">
            <legend>{move || s.say(Key::ResignFor)}</legend>
            {kinds.into_iter().map(|kind| view! {
                <label class="choice">
                    <input type="radio" name="resign-kind" value=kind.name() data-testid=kind.name()
                        checked=kind == Kind::Single/>
                    {move || i18n::game_points(s.lang.get(), kind, points(kind))}
                </label>
            }).collect_view()}
        </fieldset>
    }
}

/// The kind checked in the resign dialog, read from the page when the player confirms.
#[must_use]
pub fn checked_kind() -> vrhcaby_rules::Kind {
    let value = document()
        .query_selector("input[name=resign-kind]:checked")
        .ok()
        .flatten()
        .and_then(|el| el.get_attribute("value"));
    match value.as_deref() {
        Some("gammon") => Kind::Gammon,
        Some("backgammon") => Kind::Backgammon,
        _ => Kind::Single,
    }
}

/// The result of a standard game: its kind and points, the match score after it, and the
/// match's end.
pub fn result_lines(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let g = d.game;
    let lines = move || {
        g.session.with(|x| {
            let game = x.as_ref()?.game();
            if !game.variant().is_standard() {
                return None;
            }
            let lang = s.lang.get();
            let score = game.score()?;
            let next = game.next_context()?;
            let options = game.variant().options();
            let points = i18n::game_points(lang, score.kind, score.points);
            let total = i18n::match_score(
                lang,
                next.score.white,
                next.score.black,
                options.match_length,
                false,
            );
            let end = next
                .winner(&options)
                .map(|w| i18n::match_won(lang, w, next.score.white, next.score.black));
            Some((points, total, end, score.points, score.kind.name()))
        })
    };
    move || {
        lines().map(|(points, total, end, n, kind)| {
            view! {
                <p data-testid="points" data-points=n data-kind=kind>{points}</p>
                <p class="match-score" data-testid="result-score">{total}</p>
                {end.map(|e| view! { <p class="match-end" data-testid="match-over"><strong>{e}</strong></p> })}
            }
        })
    }
}

/// The next game of the match (or of money play), when there is one.
pub fn next_game_button(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let has_next = move || {
        d.game.session.with(|x| {
            x.as_ref()
                .is_some_and(|x| x.game().next_game_context().is_some())
        })
    };
    view! {
        <Show when=has_next>
            <button class="primary" data-testid="next-game"
                on:click=move |_| crate::drivers::storage::next_game(d)>{move || s.say(Key::NextGame)}</button>
        </Show>
    }
}
