//! Game files: exporting the record (a download of the
//! `vrhcaby-record` JSON that the CLI's `replay` reads), importing one into the replay viewer;
//! a standard match as a Jellyfish `.mat` file (its finished games kept per kind of game as the
//! match goes on).

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
        // A game between two devices carries its dice proof (every roll checkable: the CLI's
        // `verify`).
        let dice = s.as_ref()?.remote().map(|peer| peer.proofs());
        let json = export_json(record, dice, None)?;
        let href = format!(
            "data:application/json;charset=utf-8,{}",
            js_sys::encode_uri_component(&json)
        );
        Some((href, file_name(s.as_ref()?, "json")))
    })
}

/// A game file's name: when the game began (local time), who played and how it ended —
/// `vrhcaby-2026-12-03-0547-computer-white-won.json` — so a folder of them reads as a list.
fn file_name(s: &crate::session::Session, ext: &str) -> String {
    let game = s.game();
    let start = game.record().commands.first().map_or(0, |e| e.t);
    let offset =
        js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(start as f64)).get_timezone_offset();
    let who = match s.kind() {
        crate::session::Kind::Local => "hotseat",
        crate::session::Kind::Bot => "computer",
        crate::session::Kind::Peer => "friend",
    };
    let result = game.result().map(|(outcome, _)| outcome);
    game_file_name(start, offset as i64, who, result, ext)
}

/// The pure part of [`file_name`]: `start` in ms since the epoch (UTC), `offset` the
/// browser's `getTimezoneOffset` (minutes, UTC − local).
#[must_use]
pub fn game_file_name(
    start: vrhcaby_rules::Millis,
    offset: i64,
    who: &str,
    result: Option<vrhcaby_rules::Outcome>,
    ext: &str,
) -> String {
    let local = i64::try_from(start / 1000).unwrap_or(0) - offset * 60;
    let (days, secs) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let end = match result {
        Some(vrhcaby_rules::Outcome::White) => "white-won",
        Some(vrhcaby_rules::Outcome::Black) => "black-won",
        Some(vrhcaby_rules::Outcome::Draw) => "draw",
        None => "unfinished",
    };
    format!(
        "vrhcaby-{year:04}-{month:02}-{day:02}-{:02}{:02}-{who}-{end}.{ext}",
        secs / 3600,
        secs % 3600 / 60
    )
}

/// Sets the export link's target just before the browser follows it.
pub fn on_export_click(d: Dispatch, ev: &leptos::ev::MouseEvent) {
    follow(ev, export_href(d));
}

/// The replay viewer's record with its analysis (an optional `analysis` field that `replay` and
/// older builds ignore), as a download.
pub fn on_export_analysed_click(d: Dispatch, ev: &leptos::ev::MouseEvent) {
    let file = d.nav.replay.with_untracked(|r| {
        let r = r.as_ref()?;
        let (decisions, players) = d.nav.analysis.with_untracked(|a| match a {
            crate::analysis::State::Done { decisions, players } => {
                Some((decisions.clone(), players.clone()))
            }
            _ => None,
        })?;
        let analysis =
            crate::analysis::to_json(&decisions, &players, crate::drivers::analysis::DEPTH);
        let json = export_json(r, None, Some(analysis))?;
        let start = r.commands.first().map_or(0, |e| e.t);
        let offset =
            js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(start as f64)).get_timezone_offset();
        let result = r.replay().ok()?.result().map(|(o, _)| o);
        let href = format!(
            "data:application/json;charset=utf-8,{}",
            js_sys::encode_uri_component(&json)
        );
        Some((
            href,
            game_file_name(start, offset as i64, "analysed", result, "json"),
        ))
    });
    follow(ev, file);
}

/// An exported record: the record's own fields, then what the export adds — a peer game's
/// dice proof (`dice`, the CLI's `verify` reads it), an analysis (`analysis`, the viewer reads it
/// back) — fields `replay` skips.
#[derive(serde::Serialize)]
struct Export<'a> {
    #[serde(flatten)]
    record: &'a Record,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<vrhcaby_rules::proof::Proofs>,
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<serde_json::Value>,
}

/// The exported file's JSON (see [`Export`]).
#[must_use]
pub fn export_json(
    record: &Record,
    dice: Option<vrhcaby_rules::proof::Proofs>,
    analysis: Option<serde_json::Value>,
) -> Option<String> {
    serde_json::to_string(&Export {
        record,
        dice,
        analysis,
    })
    .ok()
}

/// The `.mat` link's target: the match so far, as a download.
pub fn on_export_mat_click(d: Dispatch, ev: &leptos::ev::MouseEvent) {
    let file = d.game.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let text = match_text(s.kind(), s.game().record())?;
        let href = format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(&text)
        );
        Some((href, file_name(s, "mat")))
    });
    follow(ev, file);
}

/// The finished games of the standard match under way, per kind of game (the save keeps only
/// the current game).
fn history_key(kind: crate::session::Kind) -> String {
    format!("vrhcaby.match.{}", kind.name())
}

/// Keeps a finished game of a match when the next one starts: a match's first game begins the
/// list anew, so it holds one match.
pub fn keep_finished(kind: crate::session::Kind, finished: &Record) {
    let key = history_key(kind);
    let mut games = if finished.context == vrhcaby_rules::MatchContext::default() {
        Vec::new()
    } else {
        history(kind)
    };
    games.push(finished.clone());
    if let Ok(text) = serde_json::to_string(&games) {
        crate::platform::store(&key, &text);
    }
}

/// The kept games (an unreadable list is no list).
fn history(kind: crate::session::Kind) -> Vec<Record> {
    let Some(text) = crate::platform::load(&history_key(kind)) else {
        return Vec::new();
    };
    serde_json::from_str::<Vec<Record>>(&text).unwrap_or_default()
}

/// The match's `.mat` text: the kept games that lead to this one (the longest run of them that
/// follow each other up to it), then this one. `None` outside a standard match.
fn match_text(kind: crate::session::Kind, current: &Record) -> Option<String> {
    let mut games = history(kind);
    games.push(current.clone());
    (0..games.len()).find_map(|from| vrhcaby_rules::mat::match_file(&games[from..]).ok())
}

/// Points the clicked link at `file` (its `href` and `download` name), or stops it.
fn follow(ev: &leptos::ev::MouseEvent, file: Option<(String, String)>) {
    let Some(link) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    match file {
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
            // A record exported with its analysis opens with it.
            d.nav.analysis.set(crate::analysis::restored(text));
            d.nav.replay_side.set(None);
            d.nav.replay.set(Some(record));
            d.nav.screen.set(crate::state::Screen::Replay);
        }
        Err(e) => d.nav.import_error.set(Some(LoadError::Record(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::{export_json, game_file_name};
    use vrhcaby_rules::proof::Proofs;
    use vrhcaby_rules::{Outcome, Record};

    #[test]
    fn an_analysis_and_the_dice_ride_along_in_a_record_that_still_replays() {
        let record = vrhcaby_rules::Game::new().record().clone();
        let dice = Proofs {
            game: "g1".into(),
            rolls: Vec::new(),
        };
        let text = export_json(&record, Some(dice), Some(serde_json::json!({"depth": 1}))).unwrap();
        assert!(
            text.starts_with(&record.to_json()[..record.to_json().len() - 1]),
            "the record's own fields first, as it writes them: {text}"
        );
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["analysis"]["depth"], 1);
        assert_eq!(v["dice"]["game"], "g1");
        assert_eq!(
            Record::from_json(&text).unwrap(),
            record,
            "replay ignores the fields"
        );
        // Nothing added, the record as it is.
        assert_eq!(export_json(&record, None, None).unwrap(), record.to_json());
    }

    #[test]
    fn a_file_is_named_by_its_local_start_players_and_result() {
        // 2026-12-02 23:45:54 UTC is 00:45 on 3 December in Prague (UTC+1: offset −60).
        assert_eq!(
            game_file_name(
                1_796_255_154_000,
                -60,
                "computer",
                Some(Outcome::White),
                "json"
            ),
            "vrhcaby-2026-12-03-0045-computer-white-won.json"
        );
        assert_eq!(
            game_file_name(1_796_255_154_000, 0, "friend", None, "mat"),
            "vrhcaby-2026-12-02-2345-friend-unfinished.mat"
        );
        // A leap day, and the first second of the epoch.
        assert_eq!(
            game_file_name(951_782_400_000, 0, "hotseat", Some(Outcome::Draw), "json"),
            "vrhcaby-2000-02-29-0000-hotseat-draw.json"
        );
        assert_eq!(
            game_file_name(0, 0, "hotseat", Some(Outcome::Black), "json"),
            "vrhcaby-1970-01-01-0000-hotseat-black-won.json"
        );
    }
}
