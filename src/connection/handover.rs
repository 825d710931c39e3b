//! The guest's answer as a link (`#answer=` on the host's page): fewer copy-and-paste steps.
//! Opened in the browser where the host's tab waits with its invitation, the new tab hands the
//! answer over on a `BroadcastChannel` (tabs of this origin only) and that tab connects; opened
//! in the host's own tab (a changed fragment), it connects there. What arrives is treated like a
//! pasted answer: checked by the link, only taken while an invitation waits, and capped in size.
//! The Web Share sheet, where the browser has one, shares either link.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};

use super::link;
use crate::platform;
use crate::state::{Dispatch, Screen, Stage};

const CHANNEL: &str = "vrhcaby.answer";
const ANSWER: &str = "answer:";
const TAKEN: &str = "taken";
/// An answer code is a few hundred characters; anything far longer is not one.
const MAX_LEN: usize = 16_384;
/// How long the new tab waits for the host's tab to say it took the answer.
const WAIT: Duration = Duration::from_millis(2_000);

/// The code in a pasted answer: the code itself, or an answer link.
#[must_use]
pub fn answer_code(text: &str) -> String {
    let text = text.trim();
    text.split_once("#answer=")
        .map_or(text, |(_, code)| code)
        .to_string()
}

/// Whether this tab waits for an answer now (its invitation is out).
fn waiting(d: Dispatch) -> bool {
    matches!(d.nav.stage.get_untracked(), Stage::Invited(_))
}

/// The host's side, for the page's life: an answer handed over by another tab, or put in this
/// tab's own address, connects while an invitation waits.
pub fn install(d: Dispatch, connect: fn(Dispatch, String)) {
    if let Ok(channel) = BroadcastChannel::new(CHANNEL) {
        let reply = channel.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            let Some(code) = ev
                .data()
                .as_string()
                .and_then(|t| t.strip_prefix(ANSWER).map(String::from))
            else {
                return;
            };
            if code.len() <= MAX_LEN && waiting(d) {
                let _ = reply.post_message(&TAKEN.into());
                connect(d, code);
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        // The channel listens as long as the page lives.
        std::mem::forget(channel);
    }
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(code) = link::answer_in_url() {
            platform::clear_fragment();
            if code.len() <= MAX_LEN && waiting(d) {
                connect(d, code);
            }
        }
    });
    std::mem::forget(on_hash);
}

/// This tab was opened from an answer link: hand the answer to the waiting tab, and say whether
/// one took it (if none did, the code is shown to paste on the host's device).
pub fn hand_over(d: Dispatch, code: String) {
    d.nav.screen.set(Screen::Friend);
    d.nav.stage.set(Stage::HandedOver {
        code: code.clone(),
        taken: None,
    });
    let Ok(channel) = BroadcastChannel::new(CHANNEL) else {
        d.nav.stage.set(Stage::HandedOver {
            code,
            taken: Some(false),
        });
        return;
    };
    let on_reply = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
        if ev.data().as_string().as_deref() == Some(TAKEN) {
            d.nav.stage.update(|s| {
                if let Stage::HandedOver { taken, .. } = s {
                    *taken = Some(true);
                }
            });
        }
    });
    channel.set_onmessage(Some(on_reply.as_ref().unchecked_ref()));
    on_reply.forget();
    let _ = channel.post_message(&format!("{ANSWER}{code}").into());
    set_timeout(
        move || {
            d.nav.stage.update(|s| {
                if let Stage::HandedOver { taken, .. } = s {
                    taken.get_or_insert(false);
                }
            });
            channel.close();
        },
        WAIT,
    );
}
