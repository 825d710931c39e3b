//! The dialogs over the board: the draw offer and its answer, the resign and leave
//! confirmations, and the result with a new game. Each modal one is named by its title, takes
//! the focus and keeps it (`modal`); the game screen under it is inert meanwhile. A draw offer
//! this device does not answer is only shown, not modal.

use leptos::prelude::*;
use vrhcaby_rules::{Outcome, Phase, Reason, Side};

use super::modal::modal;
use super::{act, with_session};
use crate::connection::link;
use crate::drivers::storage;
use crate::i18n::{self, Key};
use crate::session::{Intent, Kind};
use crate::state::{Dispatch, Screen, Settings};

#[component]
pub fn Dialogs(confirm_resign: RwSignal<bool>, confirm_leave: RwSignal<bool>) -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let g = d.game;
    let s = expect_context::<Settings>();
    let result = move || with_session(g, |_, game, _| game.result()).flatten();
    // Offerer and responder of a pending offer.
    let offer = move || {
        with_session(g, |_, game, _| {
            (game.phase() == Phase::DrawOffered).then(|| (game.dice_owner(), game.turn()))
        })
        .flatten()
    };
    let answer_seconds = move || {
        with_session(g, |_, game, now| game.seconds_left(now))
            .map(|n| format!("{n} {}", s.say(Key::Seconds)))
            .unwrap_or_default()
    };
    let may_answer = move || {
        offer().and_then(|o| o.1).is_some_and(|r| {
            g.session
                .with(|x| x.as_ref().is_some_and(|x| x.controls(r)))
        })
    };
    let offer_title = move || {
        offer()
            .and_then(|o| o.0)
            .map(|side| i18n::draw_offered(s.lang.get(), side))
            .unwrap_or_default()
    };
    let own_side = move || with_session(g, |x, _, _| x.own_side()).flatten();
    let kind = move || with_session(g, |x, _, _| x.kind()).unwrap_or(Kind::Local);
    let variant = move || {
        g.session
            .with_untracked(|x| x.as_ref().map(|x| x.game().variant()))
            .unwrap_or_default()
    };
    let playing = move || result().is_none() && g.session.with(Option::is_some);
    // A finished game that the next game of its match (or of money play) follows.
    let match_goes_on = move || {
        g.session.with_untracked(|x| {
            x.as_ref()
                .is_some_and(|x| x.game().next_game_context().is_some())
        })
    };
    let rematch_offered = move || {
        g.session.with_untracked(|x| {
            x.as_ref()
                .is_some_and(crate::session::Session::offers_rematch)
        })
    };
    let resigner = RwSignal::new(None::<Side>);
    // In a peer game this device resigns for its own player only.
    let default_resigner = move || {
        own_side()
            .or_else(|| with_session(g, |_, game, _| game.turn()).flatten())
            .unwrap_or(Side::White)
    };
    let standard =
        move || with_session(g, |_, game, _| game.variant().is_standard()).unwrap_or(false);
    let resign = move |side: Side| {
        confirm_resign.set(false);
        act(resign_intent(side, standard()));
    };
    let cancel_resign = move || {
        resigner.set(None);
        confirm_resign.set(false);
    };

    view! {
        // The player here answers (R24: accept, decline, or resign instead).
        <Show when=move || may_answer() && !confirm_resign.get()>
            {{
                modal();
                view! {
                    <div class="panel offer modal" role="alertdialog" aria-modal="true"
                        aria-labelledby="offer-title"
                        data-testid="draw-dialog">
                        <h2 class="title" id="offer-title">{offer_title}</h2>
                        <p class="answer-time" data-testid="answer-seconds">{answer_seconds}</p>
                        <div class="row">
                            <button class="primary" data-testid="accept-draw" on:click=move |_| act(Intent::AcceptDraw)>{move || s.say(Key::Accept)}</button>
                            <button data-testid="decline-draw" on:click=move |_| act(Intent::DeclineDraw)>{move || s.say(Key::Decline)}</button>
                            <button class="danger" data-testid="offer-resign" on:click=move |_| confirm_resign.set(true)>{move || s.say(Key::Resign)}</button>
                        </div>
                    </div>
                }
            }}
        </Show>
        {waiting_offer(offer_title, answer_seconds, move || offer().is_some() && !may_answer())}
        <Show when=move || confirm_resign.get() && playing()>
            {{
                modal();
                view! {
                    <div class="dialog modal" role="dialog" aria-modal="true"
                        aria-labelledby="resign-title" data-testid="resign-dialog">
                        <h2 class="title" id="resign-title">{move || s.say(if own_side().is_some() { Key::ResignThis } else { Key::ResignAs })}</h2>
                        <div class="row" role="radiogroup" aria-labelledby="resign-title"
                            class:hidden=move || own_side().is_some()>
                            {Side::ALL.into_iter().map(|side| view! {
                                <label class="choice">
                                    <input type="radio" name="resigner" data-testid=format!("resigner-{}", side.name())
                                        prop:checked=move || resigner.get().unwrap_or_else(default_resigner) == side
                                        on:change=move |_| resigner.set(Some(side))/>
                                    {move || i18n::side_name(s.lang.get(), side)}
                                </label>
                            }).collect_view()}
                        </div>
                        {resign_kinds(d, standard)}
                        // Cancel first: focus lands on it when there is no side to choose.
                        <div class="row">
                            <button data-testid="cancel-resign" on:click=move |_| cancel_resign()>
                                {move || s.say(Key::Cancel)}
                            </button>
                            <button class="danger" data-testid="confirm-resign"
                                on:click=move |_| resign(checked_resigner().or(resigner.get_untracked()).unwrap_or_else(default_resigner))>
                                {move || s.say(Key::ConfirmResign)}
                            </button>
                        </div>
                    </div>
                }
            }}
        </Show>
        {leave_dialog(confirm_leave, playing, own_side)}
        {standard_answers()}
        <Show when=move || result().is_some()>
            {{
            modal();
            // Shown once the game is over; its result does not change after.
            let (outcome, reason) = g.session.with_untracked(|x| x.as_ref().and_then(|x| x.game().result()))
                .unwrap_or((Outcome::Draw, Reason::DrawAgreed));
            view! {
                <div class="dialog result modal" role="dialog" aria-modal="true"
                    aria-labelledby="result-title"
                    data-testid="result" data-result=outcome_name(outcome) data-reason=reason.name()
                   >
                    <h2 class="title" id="result-title" data-testid="result-title">{move || {
                        let own = with_session(g, |x, _, _| x.own_side().map(|me| (me, x.seat(!me)))).flatten();
                        i18n::result_title_for(s.lang.get(), outcome, own)
                    }}</h2>
                    <p data-testid="result-reason">{move || {
                        let own = with_session(g, |x, _, _| x.own_side().map(|me| (me, x.seat(!me)))).flatten();
                        i18n::reason_for(s.lang.get(), reason, outcome.winner().map(|w| !w), own)
                    }}</p>
                    {standard_result(d)}
                    // A standard game's result shows the match score instead (the series
                    // would count games, not points).
                    {(!variant().is_standard()).then(|| series_line(d))}
                    {moved_on(d)}
                    {match_file(d)}
                    <div class="row">
                        {next_game_button(d)}
                        // Mid-match (or money play) the next game is the way on and Menu the
                        // quiet way out; a rematch and a new game only once it is over.
                        {(!match_goes_on()).then(|| view! {
                            {rematch_button(d, kind() == Kind::Peer, confirm_resign)}
                            <button class:primary=move || kind() == Kind::Peer && !rematch_offered() data-testid="new-game" on:click=move |_| {
                            // The finished game's resign confirmation does not carry over.
                            confirm_resign.set(false);
                            match kind() {
                                // After a game with a friend, the menu offers both kinds of new game.
                                Kind::Peer => {
                                    link::close();
                                    d.nav.screen.set(Screen::Start);
                                }
                                // Against the computer: choose its level and your side again.
                                Kind::Bot => storage::computer(d),
                                Kind::Local => storage::new_local_under(d, variant()),
                            }
                        }>
                            {move || s.say(Key::NewGame)}
                        </button>
                        })}
                        <button data-testid="result-menu" on:click=move |_| d.nav.screen.set(Screen::Start)>
                            {move || s.say(Key::Menu)}
                        </button>
                    </div>
                    // After the way on (which takes the focus): the analysis of this game.
                    {analyse_button(d)}
                </div>
            }
            }}
        </Show>
    }
}

/// "Analyse the game": the finished game opens in the replay viewer, its analysis under way.
fn analyse_button(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    view! {
        <div class="row">
            <button data-testid="analyse-game" on:click=move |_| {
                let game = d.game.session.with_untracked(|x| x.as_ref().map(|x| (x.game().record().clone(), x.own_side())));
                if let Some((record, side)) = game {
                    d.nav.replay_side.set(side);
                    d.nav.replay.set(Some(record.clone()));
                    d.nav.screen.set(Screen::Replay);
                    crate::drivers::analysis::start(d, &record);
                }
            }>{move || s.say(Key::AnalyseGame)}</button>
        </div>
    }
}

/// What a resignation is: under the house rules the game ends at once; under the standard rules
/// it is offered for the kind chosen in the dialog (T7).
fn resign_intent(side: Side, standard: bool) -> Intent {
    if standard {
        return Intent::OfferResign {
            side,
            kind: super::standard::checked_kind(),
        };
    }
    let _ = standard;
    Intent::Resign { side }
}

fn resign_kinds(d: Dispatch, standard: impl Fn() -> bool + Send + Sync + 'static) -> impl IntoView {
    view! { <Show when=standard>{super::standard::resign_kinds(d)}</Show> }
}

fn standard_answers() -> impl IntoView {
    view! { <super::standard::StandardAnswers/> }
}

fn standard_result(d: Dispatch) -> impl IntoView {
    super::standard::result_lines(d)
}

fn next_game_button(d: Dispatch) -> impl IntoView {
    super::standard::next_game_button(d)
}

/// The running score of the series on this device (after a rematch, or this game's result).
fn series_line(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let score = move || {
        d.game.session.with(|x| {
            let series = x.as_ref()?.series()?;
            Some(i18n::series_score(
                s.lang.get(),
                series.half_points(Side::White),
                series.half_points(Side::Black),
            ))
        })
    };
    view! { <p class="series" data-testid="series">{score}</p> }
}

/// Rematch: the same players again, the score kept; on one device the seats kept or swapped as
/// they choose. With a friend each device keeps its seat, and the new game starts (with a new
/// fair lot) once both press Rematch; a standard match's games are followed by Next game instead.
fn rematch_button(d: Dispatch, peer: bool, confirm_resign: RwSignal<bool>) -> impl IntoView {
    let s = d.settings;
    // The checkbox is read when Rematch is pressed: its state is the box's own, so a tick that
    // lands just before the press cannot be missed.
    let swap = NodeRef::<leptos::html::Input>::new();
    let offered = d.game.session.with_untracked(|x| {
        x.as_ref()
            .is_some_and(crate::session::Session::offers_rematch)
    });
    offered.then(|| {
        view! {
            // The swap belongs to the rematch: one group, the box under its button.
            <div class="rematch-group">
                <button class="primary" data-testid="rematch" on:click=move |_| {
                    confirm_resign.set(false);
                    let swapped = swap.get_untracked().is_some_and(|el| el.checked());
                    storage::rematch(d, swapped);
                }>{move || s.say(Key::Rematch)}</button>
                {(!peer).then(|| view! {
                    <label class="choice">
                        <input type="checkbox" data-testid="rematch-swap" node_ref=swap/>
                        {move || s.say(Key::SwapSides)}
                    </label>
                })}
            </div>
        }
    })
}

/// The side whose radio is checked in the resign dialog, read from the page when the player
/// confirms (a change event missed under load must not make the other player resign).
fn checked_resigner() -> Option<Side> {
    let el = document()
        .query_selector("input[name=resigner]:checked")
        .ok()
        .flatten()?;
    match el.get_attribute("data-testid").as_deref() {
        Some("resigner-white") => Some(Side::White),
        Some("resigner-black") => Some(Side::Black),
        _ => None,
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::White => "white",
        Outcome::Black => "black",
        Outcome::Draw => "draw",
    }
}

/// Leaving a game with a friend (R22), confirmed: a peer game's only.
fn leave_dialog(
    confirm_leave: RwSignal<bool>,
    playing: impl Fn() -> bool + Send + Sync + 'static,
    own_side: impl Fn() -> Option<Side> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let s = expect_context::<Settings>();
    view! {
        <Show when=move || confirm_leave.get() && playing()>
            {{
                modal();
                view! {
                    <div class="dialog modal" role="dialog" aria-modal="true"
                        aria-labelledby="leave-title" data-testid="leave-dialog">
                        <h2 class="title" id="leave-title">{move || s.say(Key::ConfirmLeave)}</h2>
                        <div class="row">
                            <button data-testid="cancel-leave" on:click=move |_| confirm_leave.set(false)>
                                {move || s.say(Key::Cancel)}
                            </button>
                            <button class="danger" data-testid="confirm-leave" on:click=move |_| {
                                confirm_leave.set(false);
                                if let Some(side) = own_side() {
                                    act(Intent::Leave { side });
                                }
                            }>{move || s.say(Key::Leave)}</button>
                        </div>
                    </div>
                }
            }}
        </Show>
    }
}

/// An offer the other device or the computer answers, shown while it waits (not modal: there is
/// nothing to answer here). Hot-seat has none.
fn waiting_offer(
    title: impl Fn() -> String + Copy + Send + Sync + 'static,
    seconds: impl Fn() -> String + Copy + Send + Sync + 'static,
    when: impl Fn() -> bool + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <Show when=when>
            <div class="panel offer" role="status" data-testid="draw-dialog">
                <p class="title">{title}</p>
                <p class="answer-time" data-testid="answer-seconds">{seconds}</p>
            </div>
        </Show>
    }
}

/// Between two devices: the friend has moved on to the rematch or the next game (its hello
/// reached this device, still on the finished game), so the dialog says what to press.
fn moved_on(d: Dispatch) -> impl IntoView {
    use crate::session::PeerError;
    let s = d.settings;
    let text = move || match d.notices.notice.get() {
        Some(crate::state::Notice::Peer(e @ PeerError::WrongGame { .. })) => {
            i18n::peer_error(s.lang.get(), &e)
        }
        _ => String::new(),
    };
    view! { <p class="reason" role="status" data-testid="friend-moved-on">{text}</p> }
}

/// A standard match's `.mat` file, from the result too (the game's own link is under it).
fn match_file(d: Dispatch) -> impl IntoView {
    view! { <div class="row">{super::export_mat(d)}</div> }
}
