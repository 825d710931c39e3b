//! The players' panel, the controls under the board and the dialogs. Every button asks the rules
//! core whether its command is allowed now; none decides a rule itself.

use leptos::prelude::*;
use vrhcaby_rules::{Command, Phase, Side};

use crate::app::{act, new_game, Ctx, LanguageAndSound, Screen, FOLLOW_KEY, NUMBERS_KEY};
use crate::i18n::{self, Key};

/// Reads the game, if any.
fn with_game<T>(ctx: Ctx, f: impl FnOnce(&vrhcaby_rules::Game, u64) -> T) -> Option<T> {
    let now = ctx.now.get();
    ctx.session
        .with(|s| s.as_ref().map(|s| f(s.game(), s.now(now))))
}

#[component]
pub fn Players() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let panel = move |side: Side| {
        let info = move || {
            ctx.session.with(|s| {
                s.as_ref().map_or((167, 0, false, false), |s| {
                    let g = s.game();
                    let p = g.position();
                    (
                        p.pip_count(side),
                        p.off(side),
                        g.turn() == Some(side),
                        g.phase() == Phase::Rolling && g.turn() == Some(side),
                    )
                })
            })
        };
        view! {
            <div class=format!("player {}", side.name()) class:on-turn=move || info().2
                data-testid=format!("player-{}", side.name())>
                <span class=format!("swatch {}", side.name())></span>
                <strong>{move || i18n::side_name(ctx.lang.get(), side)}</strong>
                <span class="stat" data-testid=format!("pips-{}", side.name())>
                    {move || format!("{} {}", info().0, ctx.say(Key::Pips))}
                </span>
                <span class="stat" data-testid=format!("off-{}", side.name())>
                    {move || format!("{} {}", info().1, ctx.say(Key::Off))}
                </span>
                <Show when=move || info().3><span class="stat">{move || ctx.say(Key::Rolling)}</span></Show>
            </div>
        }
    };
    view! {
        <header class="players">
            {panel(Side::White)}
            <div class="turn" data-testid="turn">
                {move || with_game(ctx, |g, _| g.turn()).flatten()
                    .map(|s| i18n::on_turn(ctx.lang.get(), s)).unwrap_or_default()}
            </div>
            {panel(Side::Black)}
        </header>
    }
}

#[component]
pub fn Controls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let seat = move || ctx.session.with(|s| s.as_ref().and_then(|s| s.seat()));
    let mine = move |side: Option<Side>| side.is_some_and(|s| seat().is_none_or(|me| me == s));
    let offer_state = move || with_game(ctx, |g, now| g.can_offer_draw(now));
    let can_offer = move || {
        matches!(offer_state(), Some(Ok(()))) && mine(with_game(ctx, |g, _| g.turn()).flatten())
    };
    let offer_reason = move || match offer_state() {
        Some(Err(e)) => i18n::offer_blocked(ctx.lang.get(), &e),
        _ => String::new(),
    };
    let claimant = move || {
        with_game(ctx, |g, now| g.claimant(now))
            .flatten()
            .filter(|s| mine(Some(*s)))
    };
    let playing = move || with_game(ctx, |g, _| g.result().is_none()).unwrap_or(false);
    let forfeits = move || with_game(ctx, |g, _| g.forfeits_in_a_row()).unwrap_or(0);

    let offer = move |_| {
        if let Some(side) = with_game(ctx, |g, _| g.turn()).flatten() {
            act(ctx, Command::OfferDraw { side });
        }
    };
    let claim = move |_| {
        if let Some(side) = claimant() {
            act(ctx, Command::ClaimWin { side });
        }
    };

    let peer = move || {
        ctx.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.peer().map(|p| (p.seat(), p.online())))
        })
    };
    let confirm_leave = RwSignal::new(false);
    // A broken dice commitment stops the game for good (the record is kept).
    let halted = move || {
        ctx.session
            .with(|s| s.as_ref().and_then(|s| s.peer()).and_then(|p| p.halted()))
    };
    view! {
        <section class="controls">
            {move || halted().map(|e| view! {
                <p class="halted" role="alert" data-testid="halted">{e}</p>
            })}
            {move || peer().map(|(me, online)| view! {
                <div class="row peer">
                    <span class="stat">{format!("{} {}", ctx.say(Key::YouPlay), i18n::side_name(ctx.lang.get(), me))}</span>
                    <span class=if online { "presence on" } else { "presence off" }
                        title=if online { ctx.say(Key::Online) } else { ctx.say(Key::Offline) }>
                        <span data-testid="peer-status">{if online { "online" } else { "offline" }}</span>
                    </span>
                    <Show when=move || !online && playing()>
                        <button class="chip" data-testid="reconnect" on:click=move |_| crate::link::invite(ctx)>
                            {ctx.say(Key::Reconnect)}
                        </button>
                    </Show>
                    <Show when=move || playing()>
                        <button class="chip" data-testid="leave" on:click=move |_| confirm_leave.set(true)>
                            {ctx.say(Key::Leave)}
                        </button>
                    </Show>
                </div>
            })}
            <Show when=move || confirm_leave.get() && playing()>
                <div class="dialog" role="dialog" aria-modal="true" data-testid="leave-dialog">
                    <p class="title">{move || ctx.say(Key::ConfirmLeave)}</p>
                    <div class="row">
                        <button class="danger" data-testid="confirm-leave" on:click=move |_| {
                            confirm_leave.set(false);
                            if let Some((me, _)) = peer() {
                                act(ctx, Command::Leave { side: me });
                            }
                        }>{move || ctx.say(Key::Leave)}</button>
                        <button on:click=move |_| confirm_leave.set(false)>{move || ctx.say(Key::Cancel)}</button>
                    </div>
                </div>
            </Show>
            <Show when=move || claimant().is_some()>
                <button class="claim" data-testid="claim-win" on:click=claim>
                    {move || claimant().map(|s| i18n::dont_wait(ctx.lang.get(), s)).unwrap_or_default()}
                </button>
            </Show>
            <div class="row">
                <button data-testid="offer-draw" disabled=move || !can_offer() title=offer_reason
                    on:click=offer>{move || ctx.say(Key::OfferDraw)}</button>
                <button data-testid="resign" disabled=move || !playing()
                    on:click=move |_| ctx.confirm_resign.set(true)>{move || ctx.say(Key::Resign)}</button>
            </div>
            <p class="reason" data-testid="offer-reason">
                {move || if playing() && !can_offer() { offer_reason() } else { String::new() }}
            </p>
            <Show when=move || { forfeits() > 0 }>
                <p class="reason" data-testid="forfeits">
                    {move || format!("{}: {}/5", ctx.say(Key::Forfeits), forfeits())}
                </p>
            </Show>
            <div class="row small">
                <button data-testid="flip" class="chip" class:hidden=move || peer().is_some()
                    aria-pressed=move || ctx.follow_turn.get().to_string()
                    on:click=move |_| ctx.toggle_setting(ctx.follow_turn, FOLLOW_KEY)>
                    {move || if ctx.follow_turn.get() { ctx.say(Key::FollowTurn) } else { ctx.say(Key::FixedBoard) }}
                </button>
                <button data-testid="numbers" class="chip" aria-pressed=move || ctx.numbers.get().to_string()
                    on:click=move |_| ctx.toggle_setting(ctx.numbers, NUMBERS_KEY)>
                    {move || ctx.say(Key::Numbers)}
                </button>
                <LanguageAndSound/>
                <button data-testid="menu" class="chip" on:click=move |_| ctx.screen.set(Screen::Start)>
                    {move || ctx.say(Key::Menu)}
                </button>
            </div>
        </section>
    }
}

#[component]
pub fn Dialogs() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let result = move || with_game(ctx, |g, _| g.result()).flatten();
    let offer = move || {
        with_game(ctx, |g, now| {
            (g.phase() == Phase::DrawOffered)
                .then(|| (g.dice_owner(), g.turn(), g.seconds_left(now)))
        })
        .flatten()
    };
    let answer = move |accept: bool| {
        if let Some((_, Some(responder), _)) = offer() {
            act(
                ctx,
                if accept {
                    Command::AcceptDraw { side: responder }
                } else {
                    Command::DeclineDraw { side: responder }
                },
            );
        }
    };
    let seat = move || ctx.session.with(|s| s.as_ref().and_then(|s| s.seat()));
    let may_answer = move || {
        offer()
            .and_then(|o| o.1)
            .is_some_and(|r| seat().is_none_or(|me| me == r))
    };
    let resigner = RwSignal::new(None::<Side>);
    // In a peer game this device resigns for its own player only.
    let default_resigner = move || {
        seat()
            .or_else(|| with_game(ctx, |g, _| g.turn()).flatten())
            .unwrap_or(Side::White)
    };
    let resign = move |side: Side| {
        ctx.confirm_resign.set(false);
        act(ctx, Command::Resign { side });
    };

    view! {
        <Show when=move || offer().is_some() && !ctx.confirm_resign.get()>
            <div class="panel offer" role="alertdialog" data-testid="draw-dialog">
                <p class="title">{move || offer().and_then(|o| o.0).map(|s| format!("{} {}",
                    i18n::side_name(ctx.lang.get(), s), ctx.say(Key::DrawOffered))).unwrap_or_default()}</p>
                <p class="answer-time" data-testid="answer-seconds">{move || offer().map(|o| format!("{} {}", o.2, ctx.say(Key::Seconds))).unwrap_or_default()}</p>
                <Show when=may_answer>
                    <div class="row">
                        <button class="primary" data-testid="accept-draw" on:click=move |_| answer(true)>{move || ctx.say(Key::Accept)}</button>
                        <button data-testid="decline-draw" on:click=move |_| answer(false)>{move || ctx.say(Key::Decline)}</button>
                    </div>
                </Show>
            </div>
        </Show>
        <Show when=move || ctx.confirm_resign.get() && result().is_none()>
            <div class="dialog" role="dialog" aria-modal="true" data-testid="resign-dialog">
                <p class="title">{move || ctx.say(Key::ResignAs)}</p>
                <div class="row" class:hidden=move || seat().is_some()>
                    {Side::ALL.into_iter().map(|side| view! {
                        <label class="choice">
                            <input type="radio" name="resigner" data-testid=format!("resigner-{}", side.name())
                                prop:checked=move || resigner.get().unwrap_or_else(default_resigner) == side
                                on:change=move |_| resigner.set(Some(side))/>
                            {move || i18n::side_name(ctx.lang.get(), side)}
                        </label>
                    }).collect_view()}
                </div>
                <div class="row">
                    <button class="danger" data-testid="confirm-resign"
                        on:click=move |_| resign(resigner.get_untracked().unwrap_or_else(default_resigner))>
                        {move || ctx.say(Key::ConfirmResign)}
                    </button>
                    <button data-testid="cancel-resign" on:click=move |_| { resigner.set(None); ctx.confirm_resign.set(false) }>
                        {move || ctx.say(Key::Cancel)}
                    </button>
                </div>
            </div>
        </Show>
        {move || result().map(|(outcome, reason)| {
            let lang = ctx.lang.get();
            let loser = outcome.winner().map(|w| !w);
            view! {
                <div class="dialog result" role="dialog" aria-modal="true" data-testid="result"
                    data-result=outcome_name(outcome) data-reason=reason.name()>
                    <p class="title">{i18n::result_title(lang, outcome)}</p>
                    <p>{i18n::reason_text(lang, reason, loser)}</p>
                    <button class="primary" data-testid="new-game" on:click=move |_| {
                        // After a game with a friend, the menu offers both kinds of new game.
                        if seat().is_some() {
                            crate::link::close();
                            ctx.screen.set(Screen::Start);
                        } else {
                            new_game(ctx);
                        }
                    }>
                        {ctx.say(Key::NewGame)}
                    </button>
                </div>
            }
        })}
    }
}

fn outcome_name(o: vrhcaby_rules::Outcome) -> &'static str {
    match o {
        vrhcaby_rules::Outcome::White => "white",
        vrhcaby_rules::Outcome::Black => "black",
        vrhcaby_rules::Outcome::Draw => "draw",
    }
}
