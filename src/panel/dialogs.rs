//! The dialogs over the board: the draw offer and its answer, the resign confirmation, and the
//! result with a new game.

use leptos::prelude::*;
use vrhcaby_rules::{Outcome, Phase, Side};

use super::{act, with_session};
use crate::drivers::{link, storage};
use crate::i18n::{self, Key};
use crate::session::{Intent, Kind};
use crate::state::{Dispatch, Screen, Settings};

#[component]
pub fn Dialogs(confirm_resign: RwSignal<bool>) -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let g = d.game;
    let s = expect_context::<Settings>();
    let result = move || with_session(g, |_, game, _| game.result()).flatten();
    // Offerer, responder and the answer time of a pending offer.
    let offer = move || {
        with_session(g, |_, game, now| {
            (game.phase() == Phase::DrawOffered)
                .then(|| (game.dice_owner(), game.turn(), game.seconds_left(now)))
        })
        .flatten()
    };
    let may_answer = move || {
        offer().and_then(|o| o.1).is_some_and(|r| {
            g.session
                .with(|x| x.as_ref().is_some_and(|x| x.controls(r)))
        })
    };
    let own_side = move || with_session(g, |x, _, _| x.own_side()).flatten();
    let kind = move || with_session(g, |x, _, _| x.kind()).unwrap_or(Kind::Local);
    let resigner = RwSignal::new(None::<Side>);
    // In a peer game this device resigns for its own player only.
    let default_resigner = move || {
        own_side()
            .or_else(|| with_session(g, |_, game, _| game.turn()).flatten())
            .unwrap_or(Side::White)
    };
    let resign = move |side: Side| {
        confirm_resign.set(false);
        act(Intent::Resign { side });
    };

    view! {
        <Show when=move || offer().is_some() && !confirm_resign.get()>
            <div class="panel offer" role="alertdialog" data-testid="draw-dialog">
                <p class="title">{move || offer().and_then(|o| o.0)
                    .map(|side| i18n::draw_offered(s.lang.get(), side)).unwrap_or_default()}</p>
                <p class="answer-time" data-testid="answer-seconds">{move || offer().map(|o| format!("{} {}", o.2, s.say(Key::Seconds))).unwrap_or_default()}</p>
                <Show when=may_answer>
                    <div class="row">
                        <button class="primary" data-testid="accept-draw" on:click=move |_| act(Intent::AcceptDraw)>{move || s.say(Key::Accept)}</button>
                        <button data-testid="decline-draw" on:click=move |_| act(Intent::DeclineDraw)>{move || s.say(Key::Decline)}</button>
                    </div>
                </Show>
            </div>
        </Show>
        <Show when=move || confirm_resign.get() && result().is_none()>
            <div class="dialog" role="dialog" aria-modal="true" data-testid="resign-dialog">
                <p class="title">{move || s.say(Key::ResignAs)}</p>
                <div class="row" class:hidden=move || own_side().is_some()>
                    {Side::ALL.into_iter().map(|side| view! {
                        <label class="choice">
                            <input type="radio" name="resigner" data-testid=format!("resigner-{}", side.name())
                                prop:checked=move || resigner.get().unwrap_or_else(default_resigner) == side
                                on:change=move |_| resigner.set(Some(side))/>
                            {move || i18n::side_name(s.lang.get(), side)}
                        </label>
                    }).collect_view()}
                </div>
                <div class="row">
                    <button class="danger" data-testid="confirm-resign"
                        on:click=move |_| resign(resigner.get_untracked().unwrap_or_else(default_resigner))>
                        {move || s.say(Key::ConfirmResign)}
                    </button>
                    <button data-testid="cancel-resign" on:click=move |_| { resigner.set(None); confirm_resign.set(false) }>
                        {move || s.say(Key::Cancel)}
                    </button>
                </div>
            </div>
        </Show>
        {move || result().map(|(outcome, reason)| {
            let lang = s.lang.get();
            view! {
                <div class="dialog result" role="dialog" aria-modal="true" data-testid="result"
                    data-result=outcome_name(outcome) data-reason=reason.name()>
                    <p class="title">{i18n::result_title(lang, outcome)}</p>
                    <p>{i18n::reason_text(lang, reason, outcome.winner().map(|w| !w))}</p>
                    <button class="primary" data-testid="new-game" on:click=move |_| {
                        // The finished game's resign confirmation does not carry over.
                        confirm_resign.set(false);
                        // After a game with a friend, the menu offers both kinds of new game.
                        if kind() == Kind::Peer {
                            link::close();
                            d.nav.screen.set(Screen::Start);
                        } else {
                            storage::new_local(d);
                        }
                    }>
                        {s.say(Key::NewGame)}
                    </button>
                </div>
            }
        })}
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::White => "white",
        Outcome::Black => "black",
        Outcome::Draw => "draw",
    }
}
