//! Game files (the full app, feature `viewer`): exporting the record (a download of the
//! `vrhcaby-record` JSON that the CLI's `replay` reads), importing one into the replay viewer;
//! and what the start page hands over (`#import`, `#rematch`).

use leptos::prelude::*;
use vrhcaby_rules::Record;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::session::LoadError;
use crate::state::Dispatch;

/// A record file larger than this is not a game of ours (a long game is a few hundred KB).
const MAX_FILE: f64 = 8.0 * 1024.0 * 1024.0;

/// The current game's record as a `data:` URL for the export link, with its file name.
#[must_use]
pub fn export_href(d: Dispatch) -> Option<(String, String)> {
    d.game.session.with_untracked(|s| {
        let record = s.as_ref()?.game().record();
        let json = record.to_json();
        let href = format!(
            "data:application/json;charset=utf-8,{}",
            js_sys::encode_uri_component(&json)
        );
        let when = record.commands.first().map_or(0, |e| e.t / 1000);
        Some((href, format!("vrhcaby-{when}.json")))
    })
}

/// Sets the export link's target just before the browser follows it.
pub fn on_export_click(d: Dispatch, ev: &leptos::ev::MouseEvent) {
    let Some(link) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    match export_href(d) {
        Some((href, name)) => {
            let _ = link.set_attribute("href", &href);
            let _ = link.set_attribute("download", &name);
        }
        None => ev.prevent_default(),
    }
}

/// Reads the file chosen in the import input and opens it.
pub fn import_file(d: Dispatch, ev: &leptos::ev::Event) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    // The same file may be chosen again after a failure.
    input.set_value("");
    if file.size() > MAX_FILE {
        d.nav.import_error.set(Some(LoadError::Unreadable));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|t| t.as_string())
        {
            Some(text) => open_text(d, &text),
            None => d.nav.import_error.set(Some(LoadError::Unreadable)),
        }
    });
}

/// Opens a record's text in the replay viewer.
pub fn open_text(d: Dispatch, text: &str) {
    let opened = Record::from_json(text).and_then(|r| r.replay().map(|_| r));
    match opened {
        Ok(record) => {
            d.nav.import_error.set(None);
            d.nav.replay.set(Some(record));
            d.nav.screen.set(crate::state::Screen::Replay);
        }
        Err(e) => d.nav.import_error.set(Some(LoadError::Record(e))),
    }
}

/// On the full app, what the start page asked for: its import (`#import`: this start screen,
/// which has the file input) or its rematch (`#rematch`).
pub fn open_handed_over(d: Dispatch) -> bool {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok());
    if hash.as_deref() == Some("#import") {
        // The start page's "Open a game record": this start screen has the file input.
        crate::invite::clear_invitation_from_url();
        return true;
    }
    if hash.as_deref() == Some("#rematch") {
        // The start page's rematch: its finished game on this device, rematched here.
        crate::invite::clear_invitation_from_url();
        crate::drivers::storage::rematch_saved(d);
        return true;
    }
    false
}
