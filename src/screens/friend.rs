//! Connecting two devices: the host's invitation (link, copy button, QR code, the answer box) and
//! the guest's answer code; STUN/TURN settings; a failed connection says what to try.

use leptos::either::EitherOf9;
use leptos::prelude::*;

use crate::connection::net::qr::qr_path;
use crate::connection::{handover, ice, link, room};
use crate::i18n::{self, Friend, Key};
use crate::panel::LanguageAndSound;
use crate::session::Kind;
use crate::state::Stage;
use crate::state::{Dispatch, Screen, Settings};

/// The QR code of `text`, named for a screen reader ("QR kód pozvánky", or of the answer).
#[component]
fn Qr(text: String, invitation: bool) -> impl IntoView {
    let s = expect_context::<Settings>();
    qr_path(&text).map(|(n, d)| {
        let quiet = 4;
        let size = n + 2 * quiet;
        view! {
            <svg class="qr" data-testid="qr" viewBox=format!("{} {} {size} {size}", -quiet, -quiet)
                role="img" aria-label=move || i18n::qr_label(s.lang.get(), invitation)>
                <rect x=-quiet y=-quiet width=size height=size fill="#fff"/>
                <path d=d fill="#000"/>
            </svg>
        }
    })
}

#[component]
pub fn FriendScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let ctx = d.settings;
    let nav = d.nav;
    let answer = RwSignal::new(String::new());
    let ice = RwSignal::new(ice::ice_servers());
    let copied = RwSignal::new(false);
    let link_copied = RwSignal::new(false);
    let invitation = RwSignal::new(String::new());
    let relays = RwSignal::new(room::relays_text());
    view! {
        <main class="friend">
            <h1>{move || ctx.say(Key::PlayFriend)}</h1>
            {move || match nav.stage.get() {
                Stage::Idle | Stage::Preparing => EitherOf9::A(view! {
                    <p class="status" data-testid="friend-status">{i18n::friend(ctx.lang.get(), Friend::Preparing)}</p>
                }),
                Stage::Invited(url) => {
                    let url2 = url.clone();
                    let url3 = url.clone();
                    EitherOf9::B(view! {
                        <Steps manual=true/>
                        <label for="invite-link">{move || i18n::friend(ctx.lang.get(), Friend::Invitation)}</label>
                        <input class="code" readonly id="invite-link" data-testid="invite-link" prop:value=url.clone()
                            data-length=url.len().to_string()/>
                        <button class="primary" data-testid="copy-invite"
                            on:click=move |_| { crate::platform::copy(&url2); copied.set(true); }>
                            {move || if copied.get() { ctx.say(Key::Copied) } else { ctx.say(Key::CopyLink) }}
                        </button>
                        {share_button(url.clone())}
                        <Qr text=url3 invitation=true/>
                        <label for="answer">{move || i18n::friend(ctx.lang.get(), Friend::PasteAnswer)}</label>
                        <textarea id="answer" class="code" data-testid="paste-answer" rows="3"
                            prop:value=move || answer.get()
                            on:input=move |ev| answer.set(event_target_value(&ev))></textarea>
                        <button class="primary" data-testid="connect"
                            disabled=move || answer.get().trim().is_empty()
                            on:click=move |_| link::connect(d, handover::answer_code(&answer.get_untracked()))>
                            {i18n::friend(ctx.lang.get(), Friend::Connect)}
                        </button>
                        <p class="status" data-testid="waiting-answer" role="status">{move || i18n::friend(ctx.lang.get(), Friend::WaitingForAnswer)}</p>
                    })
                }
                Stage::Answered(code) => {
                    // The answer travels as a code or as a link to the host's page (the QR code
                    // holds the link: scanned on the host's device it opens there).
                    let answer_url = link::answer_link(&code);
                    let code2 = code.clone();
                    let url2 = answer_url.clone();
                    EitherOf9::C(view! {
                        <label for="answer-code">{move || i18n::friend(ctx.lang.get(), Friend::SendBack)}</label>
                        <textarea class="code" readonly id="answer-code" data-testid="answer-code" rows="3" prop:value=code></textarea>
                        <label for="answer-link">{move || i18n::friend(ctx.lang.get(), Friend::AnswerLink)}</label>
                        <input class="code" readonly id="answer-link" data-testid="answer-link"
                            prop:value=answer_url.clone()/>
                        // The link is the easier way back (the host opens it): it comes first.
                        <div class="row">
                            <button class="primary" data-testid="copy-answer-link"
                                on:click=move |_| { crate::platform::copy(&url2); link_copied.set(true); }>
                                {move || if link_copied.get() { ctx.say(Key::Copied) } else { ctx.say(Key::CopyLink) }}
                            </button>
                            <button data-testid="copy-answer"
                                on:click=move |_| { crate::platform::copy(&code2); copied.set(true); }>
                                {move || if copied.get() { ctx.say(Key::Copied) } else { i18n::friend(ctx.lang.get(), Friend::CopyCode) }}
                            </button>
                            {share_button(answer_url.clone())}
                        </div>
                        <Qr text=answer_url invitation=false/>
                        <p class="status">{i18n::friend(ctx.lang.get(), Friend::Connecting)}</p>
                    })
                }
                Stage::HandedOver { code, taken } => EitherOf9::F(view! {
                    <p class="status" data-testid="handed-over" role="status"
                        data-taken=taken.map(|t| t.to_string())>
                        {move || i18n::friend(ctx.lang.get(), match taken {
                            None => Friend::HandingOver,
                            Some(true) => Friend::HandedOver,
                            Some(false) => Friend::NotTaken,
                        })}
                    </p>
                    {(taken == Some(false)).then(|| view! {
                        <textarea class="code" readonly data-testid="answer-code" rows="3"
                            aria-label=move || i18n::friend(ctx.lang.get(), Friend::SendBack) prop:value=code></textarea>
                    })}
                }),
                Stage::Connecting | Stage::Connected => EitherOf9::D(view! {
                    <p class="status" data-testid="friend-status">{i18n::friend(ctx.lang.get(), Friend::Connecting)}</p>
                }),
                Stage::Room(url) => {
                    let url2 = url.clone();
                    let url3 = url.clone();
                    EitherOf9::G(view! {
                        <Steps manual=false/>
                        <label for="invite-link">{move || ctx.say(Key::OneLink)}</label>
                        <input class="code" readonly id="invite-link" data-testid="invite-link" prop:value=url.clone()
                            data-length=url.len().to_string()/>
                        <div class="row">
                            <button class="primary" data-testid="copy-invite"
                                on:click=move |_| { crate::platform::copy(&url2); copied.set(true); }>
                                {move || if copied.get() { ctx.say(Key::Copied) } else { ctx.say(Key::CopyLink) }}
                            </button>
                            {share_button(url.clone())}
                        </div>
                        <Qr text=url3 invitation=true/>
                        <p class="status" data-testid="friend-status" role="status">{move || i18n::friend(ctx.lang.get(), Friend::WaitingForFriend)}</p>
                        <button data-testid="manual-codes" on:click=move |_| link::manual(d)>{move || i18n::friend(ctx.lang.get(), Friend::UseCodes)}</button>
                    })
                }
                Stage::Joining => EitherOf9::H(view! {
                    <ol class="steps" data-testid="friend-steps">{relay_step()}</ol>
                    <p class="status" data-testid="friend-status" role="status">{move || i18n::friend(ctx.lang.get(), Friend::Joining)}</p>
                    <button data-testid="manual-codes" on:click=move |_| link::manual(d)>{move || i18n::friend(ctx.lang.get(), Friend::UseCodes)}</button>
                }),
                Stage::NoRelay => EitherOf9::I(view! {
                    <div class="broken" role="alert" data-testid="no-relay">{move || i18n::friend(ctx.lang.get(), Friend::NoRelay)}</div>
                }),
                Stage::Failed => EitherOf9::E(view! {
                    <div class="broken" role="alert" data-testid="connect-error">
                        <strong>{i18n::friend(ctx.lang.get(), Friend::ConnectFailed)}</strong>
                    </div>
                    <button class="primary" on:click=move |_| link::invite(d)>{ctx.say(Key::PlayFriend)}</button>
                }),
            }}
            <Show when=move || matches!(nav.stage.get(), Stage::Invited(_) | Stage::Failed | Stage::NoRelay)>
                <details class="join" open=move || nav.stage.get() == Stage::NoRelay>
                    <summary id="join-summary">{move || i18n::friend(ctx.lang.get(), Friend::HaveInvitation)}</summary>
                    <textarea class="code" rows="2" data-testid="paste-invite" aria-labelledby="join-summary"
                        prop:value=move || invitation.get()
                        on:input=move |ev| invitation.set(event_target_value(&ev))></textarea>
                    <button data-testid="join" disabled=move || invitation.get().trim().is_empty()
                        on:click=move |_| link::join(d, invitation.get_untracked())>
                        {move || i18n::friend(ctx.lang.get(), Friend::Join)}
                    </button>
                </details>
            </Show>
            <details class="advanced" data-testid="advanced">
            <summary>{move || i18n::friend(ctx.lang.get(), Friend::Advanced)}</summary>
            <details class="relays">
                <summary id="relays-summary">{move || i18n::friend(ctx.lang.get(), Friend::Relays)}</summary>
                <textarea class="code" rows="4" data-testid="relays" aria-labelledby="relays-summary" prop:value=move || relays.get()
                    on:input=move |ev| relays.set(event_target_value(&ev))></textarea>
                <button on:click=move |_| room::set_relays(&relays.get_untracked())>{move || i18n::friend(ctx.lang.get(), Friend::Save)}</button>
                <p class="help" data-testid="relay-privacy">{move || i18n::friend(ctx.lang.get(), Friend::RelayPrivacy)}</p>
            </details>
            <details class="ice">
                <summary id="ice-summary">{move || i18n::friend(ctx.lang.get(), Friend::IceServers)}</summary>
                <textarea class="code" rows="3" data-testid="ice-servers" aria-labelledby="ice-summary" prop:value=move || ice.get()
                    on:input=move |ev| ice.set(event_target_value(&ev))></textarea>
                <button on:click=move |_| ice::set_ice_servers(&ice.get_untracked())>{move || i18n::friend(ctx.lang.get(), Friend::Save)}</button>
            </details>
            </details>
            <button data-testid="back" on:click=move |_| {
                let peer = d.game.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.kind() == Kind::Peer));
                nav.screen.set(if peer && nav.stage.get_untracked() == Stage::Connected {
                    Screen::Game
                } else {
                    Screen::Start
                })
            }>{move || ctx.say(Key::Back)}</button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

/// The steps of inviting a friend, each with its state (`data-state`: done, now, todo, failed):
/// through the relays (the link, and a relay reached or not; waiting for the friend is the
/// status under the QR code), or with the manual codes (the link, the answer code back, pasting
/// it).
#[component]
fn Steps(manual: bool) -> impl IntoView {
    let s = expect_context::<Settings>();
    view! {
        <ol class="steps" data-testid="friend-steps">
            <li data-state="now">{move || i18n::friend(s.lang.get(), Friend::StepSendLink)}</li>
            {if manual {
                leptos::either::Either::Left(view! {
                    <li data-state="todo">{move || i18n::friend(s.lang.get(), Friend::StepAnswerBack)}</li>
                    <li data-state="todo">{move || i18n::friend(s.lang.get(), Friend::StepPasteAnswer)}</li>
                })
            } else {
                leptos::either::Either::Right(relay_step())
            }}
        </ol>
    }
}

/// The relays' step: reaching one, reached (how many of all), or none answers.
fn relay_step() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let relays = d.nav.relays;
    let state = move || match relays.get() {
        Some(c) if c.reached() => "done",
        Some(c) if c.unreached() => "failed",
        _ => "now",
    };
    view! {
        <li data-testid="relay-step" data-state=state>
            {move || match relays.get() {
                Some(c) if c.reached() => i18n::relays_reached(s.lang.get(), c.open as u64, c.total as u64),
                Some(c) if c.unreached() => i18n::friend(s.lang.get(), Friend::RelayUnreached).to_owned(),
                _ => i18n::friend(s.lang.get(), Friend::RelayConnecting).to_owned(),
            }}
        </li>
    }
}

/// The Web Share sheet for a link, where the browser has one.
fn share_button(url: String) -> impl IntoView {
    let s = expect_context::<Settings>();
    crate::platform::can_share().then(|| {
        view! {
            <button data-testid="share" on:click=move |_| crate::platform::share(&url)>
                {move || i18n::friend(s.lang.get(), Friend::Share)}
            </button>
        }
    })
}
