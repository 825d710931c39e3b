//! The computer's worker's answers, read by hand (serde_json's `Value` or a derived
//! `Deserialize` would grow the first load).

use super::computer::Step;

/// A worker's answer: `{"ready":true}` once loaded, then per request `{"moves":[[o,t],…],
/// "position":…,"win":…,"id":n}`, `{"accept":bool,"id":n}`, `{"id":n,"offer":bool}` or
/// `{"error":…}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer {
    pub id: Option<u32>,
    pub moves: Option<Vec<Step>>,
    pub accept: Option<bool>,
    pub offer: Option<bool>,
    /// Standard: the computer's decision (`decide`).
    pub act: Option<String>,
    /// The tutor's loss and the roll's best play (`tutor`).
    pub loss: Option<f64>,
    pub best: Option<Vec<Step>>,
    pub error: bool,
    pub ready: bool,
}

impl Answer {
    /// Reads the few fields the page needs by hand (serde_json's `Value` or a derived
    /// `Deserialize` would grow the first load). The worker's JSON has its keys sorted
    /// (`accept`, `error`, `id`, `moves`, `position`, `ready`, `win`); an error's message comes
    /// first and is not read, so nothing inside it can be mistaken for a field.
    #[must_use]
    pub fn parse(text: &str) -> Option<Answer> {
        let text = text.trim();
        if !text.starts_with('{') {
            return None;
        }
        let mut a = Answer::default();
        if text.starts_with(r#"{"error":"#) {
            a.error = true;
            // The id is the last field after the message: `,"id":n}`.
            a.id = text.rfind(r#","id":"#).and_then(|i| number(&text[i + 6..]));
            return Some(a);
        }
        a.ready = text.contains(r#""ready":true"#);
        a.accept = if text.starts_with(r#"{"accept":true"#) {
            Some(true)
        } else if text.starts_with(r#"{"accept":false"#) {
            Some(false)
        } else {
            None
        };
        a.id = text.find(r#""id":"#).and_then(|i| number(&text[i + 5..]));
        // `{"act":"double","id":n}`: the act comes first.
        a.act = text
            .strip_prefix(r#"{"act":""#)
            .and_then(|rest| rest.split('"').next())
            .map(str::to_owned);
        a.offer = if text.contains(r#","offer":true"#) {
            Some(true)
        } else if text.contains(r#","offer":false"#) {
            Some(false)
        } else {
            None
        };
        a.moves = steps(text, r#""moves":["#)?;
        a.best = steps(text, r#""best":["#)?;
        a.loss = text.find(r#""loss":"#).and_then(|i| {
            let rest = &text[i + 7..];
            rest[..rest.find([',', '}'])?].parse().ok()
        });
        Some(a)
    }
}

/// The list of steps after `key` (`"moves":[`), `Some(None)` without it, `None` when spoiled.
fn steps(text: &str, key: &str) -> Option<Option<Vec<Step>>> {
    let Some(i) = text.find(key) else {
        return Some(None);
    };
    let rest = &text[i + key.len()..];
    if rest.starts_with(']') {
        return Some(Some(Vec::new()));
    }
    let end = rest
        .find("]]")
        .map_or_else(|| rest.find(']')?.checked_add(0), |e| Some(e + 1))?;
    let mut moves = Vec::new();
    for pair in rest[..end].split('[').filter(|p| !p.trim().is_empty()) {
        let mut nums = pair
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty());
        let o = nums.next()?.parse().ok()?;
        let t = nums.next()?.parse().ok()?;
        moves.push((o, t));
    }
    Some(Some(moves))
}

/// The unsigned number at the start of `s`.
fn number(s: &str) -> Option<u32> {
    let digits: &str = &s[..s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len())];
    digits.parse().ok()
}
