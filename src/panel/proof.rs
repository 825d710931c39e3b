//! One roll's proof in a game between two devices, opened from the move list's "check this
//! roll" (`moves::MoveList`): both players' commitments and secrets, and whether the dice come
//! out of them. The view is reached only through its split point (`load`): its chunk holds
//! `verify` and SHA-256; `LazyProof` shows it once the chunk is there.

use leptos::prelude::*;
use vrhcaby_rules::Side;

use crate::chunks::split_point;
use crate::i18n::{self, Friend, Key};
use crate::state::{GameState, Settings};

split_point!(
    /// One roll's proof, checked (the move list's "check this roll").
    proof: load(turn: usize, open: RwSignal<Option<usize>>) -> AnyView =>
        view! { <RollProof turn=turn open=open/> }.into_any()
);

/// The proof of `turn`'s roll: its view and `verify` are in a chunk of their own
/// (`load`, below), fetched when a roll is first checked; "Loading…" meanwhile, and
/// if the chunk cannot arrive, a second try (the game stays as it is).
#[component]
pub fn LazyProof(turn: usize, open: RwSignal<Option<usize>>) -> impl IntoView {
    let s = expect_context::<Settings>();
    let outcome = RwSignal::new(None::<bool>);
    let shown = StoredValue::new_local(None::<AnyView>);
    let owner = Owner::current();
    let start = move || {
        let go = || {
            crate::chunks::run(load(turn, open), move |r| {
                let ok = r
                    .map(|view| shown.try_update_value(|slot| *slot = Some(view)))
                    .is_ok();
                outcome.try_set(Some(ok));
            });
        };
        match &owner {
            Some(owner) => owner.with(go),
            None => go(),
        }
    };
    start();
    move || match outcome.get() {
        None => view! { <p class="roll-proof" aria-busy="true">{move || s.say(Key::Loading)}</p> }
            .into_any(),
        Some(true) => shown
            .try_update_value(Option::take)
            .flatten()
            .unwrap_or_else(|| ().into_any()),
        Some(false) => {
            let start = start.clone();
            view! {
                <section class="roll-proof" role="alert">
                    <p>{move || s.say(Key::ScreenFailed)}</p>
                    <button on:click=move |_| { outcome.set(None); start(); }>{move || s.say(Key::Retry)}</button>
                    <button on:click=move |_| open.set(None)>{move || s.say(Key::Close)}</button>
                </section>
            }
            .into_any()
        }
    }
}

/// One roll's proof in a game between two devices: both players' commitments and secrets, and
/// whether the dice come out of them (`vrhcaby_rules::proof::verify`, as the CLI's `verify`).
#[component]
pub fn RollProof(turn: usize, open: RwSignal<Option<usize>>) -> impl IntoView {
    use vrhcaby_rules::proof::{turn_rolls, verify, Problem};
    let g = expect_context::<GameState>();
    let s = expect_context::<Settings>();
    let shown = g.session.with_untracked(|x| {
        let x = x.as_ref()?;
        let record = x.game().record();
        let proofs = x.remote()?.proofs();
        let roll = *turn_rolls(record).get(turn)?;
        let verdict = verify(record, &proofs).into_iter().nth(roll as usize)?;
        let part = proofs.rolls.get(roll as usize).cloned().unwrap_or_default();
        Some((verdict, part))
    });
    let Some((verdict, part)) = shown else {
        return view! { <section class="roll-proof" data-testid="roll-proof" data-verified="false"></section> }
            .into_any();
    };
    let short = |hex: &Option<String>| {
        hex.as_deref()
            .map_or_else(|| "—".to_owned(), |h| format!("{}…", &h[..h.len().min(16)]))
    };
    let row = move |side: Side, p: Option<vrhcaby_rules::proof::Part>| {
        let name = move || crate::i18n::side_name(s.lang.get(), side);
        let commit = short(&p.as_ref().map(|p| p.commit.clone()));
        let secret = short(&p.and_then(|p| p.secret));
        view! {
            <tr><th scope="row">{name}</th><td><code>{commit}</code></td><td><code>{secret}</code></td></tr>
        }
    };
    let verdict_text = move || {
        if verdict.ok {
            format!("✓ {}", i18n::friend(s.lang.get(), Friend::RollChecked))
        } else {
            let why = match verdict.problem {
                Some(Problem::Missing) => i18n::friend(s.lang.get(), Friend::ProofMissing),
                Some(Problem::Malformed) => i18n::friend(s.lang.get(), Friend::ProofMalformed),
                Some(Problem::RevealMismatch) => i18n::friend(s.lang.get(), Friend::ProofMismatch),
                Some(Problem::DiceDiffer) | None => i18n::friend(s.lang.get(), Friend::ProofDiffer),
            };
            match verdict.side {
                Some(side) => format!(
                    "✗ {}: {}: {why}.",
                    i18n::friend(s.lang.get(), Friend::RollNotChecked),
                    crate::i18n::side_name(s.lang.get(), side)
                ),
                None => format!(
                    "✗ {}: {why}.",
                    i18n::friend(s.lang.get(), Friend::RollNotChecked)
                ),
            }
        }
    };
    let ok = verdict.ok;
    view! {
        <section class="roll-proof" data-testid="roll-proof" data-verified=ok.to_string()
            data-roll=verdict.roll.to_string() aria-labelledby="roll-proof-title">
            <h2 id="roll-proof-title">{move || i18n::friend(s.lang.get(), Friend::RollProof)}</h2>
            <table>
                <thead><tr><td></td><th scope="col">{move || i18n::friend(s.lang.get(), Friend::Commitment)}</th>
                    <th scope="col">{move || i18n::friend(s.lang.get(), Friend::Secret)}</th></tr></thead>
                <tbody>{row(Side::White, part.white.clone())}{row(Side::Black, part.black.clone())}</tbody>
            </table>
            <p class=if ok { "verdict ok" } else { "verdict bad" } role="status">{verdict_text}</p>
            <button data-testid="close-proof" on:click=move |_| open.set(None)>{move || s.say(Key::Close)}</button>
        </section>
    }
    .into_any()
}
