//! The replay viewer: a game record opened from a file (`import`) or from My games, stepped
//! forwards and backwards one command at a time, or to either end, with the move list up to the
//! step shown. The board is the game's board with nothing to move.

use leptos::prelude::*;
use vrhcaby_rules::{Command, Record, Side};

use crate::analysis::{graph_points, luck_adjusted, marks_by_turn, Judged, State};
use crate::board::{Board, BoardView, ClockView};
use crate::drivers::analysis::{cancel, start};
use crate::i18n::{self, Key};
use crate::panel::{list_html, MoveListOf};
use crate::state::Dispatch;

/// How many commands of `record` to replay at each step: 0 (the start), then after each command
/// that changes the board or the dice (the lot, the standard opening roll, a roll, a move), and
/// the whole record last.
fn steps(record: &Record) -> Vec<usize> {
    let mut out = vec![0];
    for (i, e) in record.commands.iter().enumerate() {
        let shown = matches!(
            e.cmd,
            Command::Start { .. }
                | Command::Opening { .. }
                | Command::Dice { .. }
                | Command::Move { .. }
        );
        if shown || i + 1 == record.commands.len() {
            out.push(i + 1);
        }
    }
    out
}

#[component]
pub fn ReplayScreen() -> impl IntoView {
    // This screen's own styles come with its chunk.
    crate::platform::add_style(
        "css-replay",
        include_str!(concat!(env!("OUT_DIR"), "/replay.css")),
    );
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let record = d.nav.replay;
    let stops = Memo::new(move |_| record.with(|r| r.as_ref().map(steps).unwrap_or_default()));
    // The step shown: the end of the game when it opens.
    let at = RwSignal::new(usize::MAX);
    let step = move || {
        let n = stops.with(Vec::len);
        at.get().min(n.saturating_sub(1))
    };
    let game = Memo::new(move |_| {
        let k = stops.with(|st| st.get(step()).copied().unwrap_or(0));
        record.with(|r| {
            let mut part = r.clone()?;
            part.commands.truncate(k);
            part.replay().ok().map(|g| (g, part))
        })
    });
    let view = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref().map_or_else(BoardView::default, |(g, _)| {
                BoardView::build(g, |_| false, None, Side::White)
            })
        })
    });
    // A record has no clock running: no ring.
    let clock = Memo::new(|_| ClockView {
        untimed: true,
        ..ClockView::default()
    });
    // The counter counts turns (rolls), not the record's commands.
    let total_turns = Memo::new(move |_| {
        record.with(|r| {
            r.as_ref()
                .and_then(|r| vrhcaby_rules::notation::move_list(r).ok())
                .map_or(0, |t| t.len())
        })
    });
    let turns_shown = move || {
        game.with(|g| {
            g.as_ref()
                .and_then(|(_, part)| vrhcaby_rules::notation::move_list(part).ok())
                .map_or(0, |t| t.len())
        })
    };
    let ids = Signal::derive(move || {
        game.with(|g| {
            let (g, _) = g.as_ref()?;
            let side = g.dice_owner().or(g.turn()).unwrap_or(Side::White);
            Some((
                vrhcaby_rules::ids::position_id(g.position(), side),
                vrhcaby_rules::ids::xgid(g.position(), side, g.current_roll()),
            ))
        })
    });
    // The analysis's marks by roll, once it is done.
    let analysis = d.nav.analysis;
    let marks = Memo::new(move |_| {
        analysis.with(|a| match a {
            State::Done { decisions, .. } => marks_by_turn(decisions)
                .into_iter()
                .map(|(t, m)| (t, m.to_owned()))
                .collect(),
            _ => Vec::new(),
        })
    });
    let html = Signal::derive(move || {
        let (white, black) = (s.say(Key::White), s.say(Key::Black));
        let marks = marks.get();
        game.with(|g| {
            g.as_ref()
                .map(|(_, part)| {
                    let turns = vrhcaby_rules::notation::move_list(part).map_or(0, |t| t.len());
                    list_html(
                        part,
                        Some(turns),
                        white,
                        black,
                        s.say(Key::NoMove),
                        &marks,
                        None,
                    )
                })
                .unwrap_or_default()
        })
    });
    let last = move || stops.with(Vec::len).saturating_sub(1);
    let go = move |to: usize| at.set(to.min(last()));
    // The step just after record command `index` (a graph point's play).
    let go_to_command = move |index: usize| {
        if let Some(j) = stops.with(|st| st.iter().position(|&k| k == index + 1)) {
            go(j);
        }
    };
    // The roll on the board now, its dice not played yet.
    let turn_here = Memo::new(move |_| {
        let moving = game.with(|g| {
            g.as_ref().is_some_and(|(g, _)| {
                g.phase() == vrhcaby_rules::Phase::Moving
                    && g.dice_shown().iter().all(|(_, used)| !used)
            })
        });
        turns_shown().checked_sub(1).filter(|_| moving)
    });
    // Its decisions judged: the cube's before the roll (standard), then the play (played and best).
    let here_of = move |play: bool| {
        let turn = turn_here.get()?;
        analysis.with(|a| match a {
            State::Done { decisions, .. } => Some(
                decisions
                    .iter()
                    .filter(|d| (d.kind == "play") == play && d.turn == turn)
                    .cloned()
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        })
    };
    let judged_here = Memo::new(move |_| here_of(true).and_then(|v| v.into_iter().next()));
    let cube_here = Memo::new(move |_| here_of(false).unwrap_or_default());
    // The best play of that roll as the hint's arrows on the viewer's board (the game's own
    // hint is the game's: `drivers::bot` its one writer).
    let best = Memo::new(move |_| {
        judged_here
            .get()
            .filter(|j| !j.forced)
            .map(|j| crate::state::Hint {
                side: j.side,
                steps: j.best_moves,
            })
    });
    let at_end = move || step() >= last();
    // The arrow keys step (Home and End go to either end), unless a control has them.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let in_field = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if ev.default_prevented() || in_field || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        match ev.key().as_str() {
            "ArrowLeft" => go(step().saturating_sub(1)),
            "ArrowRight" => go(step() + 1),
            "Home" => go(0),
            "End" => go(last()),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || keys.remove());
    // Opened for its analysis (or analysed since): the screen says so.
    let analysed = move || !matches!(analysis.get(), State::Idle);
    view! {
        <main class="game replay" data-testid="replay">
            <h1 class="replay-title" data-testid="replay-title">
                {move || i18n::replay_title(s.lang.get(), analysed())}
            </h1>
            // The analysis first — its progress, summary and graph in view before the board.
            {analysis_panel(d, record, go_to_command)}
            <Board view=view clock=clock events=d.notices.events tumbling=RwSignal::new(false)
                portrait=s.portrait numbers=s.numbers motion=s.motion lang=s.lang hint=best
                on_intent=Callback::new(|_| {})/>
            <div class="row replay-steps">
                // Drawn, not font glyphs: ⏮ and ⏭ are empty boxes where a font lacks them.
                <button data-testid="replay-first" disabled=move || step() == 0
                    on:click=move |_| go(0) aria-label=move || s.say(Key::ReplayFirst)>{icon(ICON_FIRST)}</button>
                <button data-testid="replay-prev" disabled=move || step() == 0
                    on:click=move |_| go(step().saturating_sub(1)) aria-label=move || s.say(Key::ReplayPrev)>{icon(ICON_PREV)}</button>
                <span class="stat" data-testid="replay-step" data-step=move || step().to_string()
                    data-turn=move || turns_shown().to_string() data-turns=move || total_turns.get().to_string()>
                    {move || crate::i18n::replay_turn(s.lang.get(), turns_shown(), total_turns.get())}
                </span>
                <button data-testid="replay-next" disabled=at_end
                    on:click=move |_| go(step() + 1) aria-label=move || s.say(Key::ReplayNext)>{icon(ICON_NEXT)}</button>
                <button data-testid="replay-last" disabled=at_end
                    on:click=move |_| go(last()) aria-label=move || s.say(Key::ReplayLast)>{icon(ICON_LAST)}</button>
            </div>
            {judged(d, standard_of(record), (judged_here, cube_here))}
            {crate::panel::position_ids_of(s, ids)}
            <MoveListOf html=html/>
            <crate::panel::BackToStart/>
        </main>
    }
}

/// Whether the record is a standard game.
fn standard_of(record: RwSignal<Option<Record>>) -> Memo<bool> {
    Memo::new(move |_| {
        record.with(|r| {
            r.as_ref()
                .is_some_and(|r| r.variant().is_ok_and(|v| v.is_standard()))
        })
    })
}

/// Under the board: the roll on it judged — the cube's decisions before it (standard), then the
/// play, in the mover's chances (house rules) or points (standard).
#[allow(clippy::needless_pass_by_value)]
fn judged(
    d: Dispatch,
    standard: Memo<bool>,
    (judged_here, cube_here): (Memo<Option<Judged>>, Memo<Vec<Judged>>),
) -> impl IntoView {
    let s = d.settings;
    let cube = move || {
        cube_here
            .get()
            .into_iter()
            .map(|j| {
                view! {
                    <p class="judged" data-testid="analysis-cube" data-kind=j.kind.clone()>
                        {i18n::analysis_cube(s.lang.get(), &j.kind, j.played, j.best, j.mark.as_deref())}
                    </p>
                }
            })
            .collect_view()
    };
    let here = move || {
        judged_here.get().map(|j| {
            view! {
                <p class="judged" data-testid="analysis-here">
                    {i18n::analysis_here(s.lang.get(), j.played, j.best, j.mark.as_deref(), standard.get())}
                </p>
            }
        })
    };
    view! { <div class="analysis judged-here">{cube}{here}</div> }
}

/// The analysis: Analyse (with the computer), its progress and Cancel, then each player's part
/// in words (mistakes, what a decision cost, the luck), the graph of White's chances.
#[allow(clippy::needless_pass_by_value)]
fn analysis_panel(
    d: Dispatch,
    record: RwSignal<Option<Record>>,
    go_to_command: impl Fn(usize) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let s = d.settings;
    let analysis = d.nav.analysis;
    // The game's result per unit of the cube, for the luck-adjusted result.
    let result = Memo::new(move |_| {
        record.with(|r| {
            let g = r.as_ref()?.replay().ok()?;
            let (outcome, _) = g.result()?;
            let units = match g.score() {
                Some(sc) if g.variant().is_standard() => f64::from(sc.kind.multiplier()),
                _ => 1.0,
            };
            Some((outcome.winner(), units))
        })
    });
    let standard = standard_of(record);
    let summary = move || {
        analysis.with(|a| match a {
            State::Done { players, decisions } => Some(
                Side::ALL
                    .into_iter()
                    .map(|side| {
                        let p = &players[side];
                        let lang = s.lang.get();
                        let count = |mark: &str| {
                            decisions
                                .iter()
                                .filter(|d| d.side == side && d.mark.as_deref() == Some(mark))
                                .count()
                        };
                        let line = i18n::analysis_summary(
                            lang,
                            side,
                            p.decisions,
                            (count("very_bad"), count("bad")),
                            (p.error_rate, &p.rating),
                            p.luck,
                            luck_adjusted(result.get(), players)[side],
                            standard.get(),
                        );
                        view! { <p data-testid=format!("analysis-{}", side.name())>{line}</p> }
                    })
                    .collect_view(),
            ),
            _ => None,
        })
    };
    let graph = move || {
        analysis.with(|a| match a {
            State::Done { decisions, .. } => Some(graph_view(
                s.lang.get(),
                standard.get(),
                &graph_points(decisions),
                go_to_command,
            )),
            _ => None,
        })
    };
    view! {
        <section class="analysis" data-testid="analysis">
            {move || match analysis.get() {
                State::Running { done, total } => leptos::either::EitherOf3::A(view! {
                    <div class="row">
                        <span class="stat">{move || s.say(Key::Analysing)}</span>
                        <progress data-testid="analysis-progress" max=total.max(1).to_string()
                            value=done.to_string() aria-label=move || s.say(Key::Analysing)></progress>
                        <button data-testid="analysis-cancel" on:click=move |_| cancel(d)>
                            {move || s.say(Key::Cancel)}
                        </button>
                    </div>
                }),
                State::Done { .. } => leptos::either::EitherOf3::B(()),
                other => leptos::either::EitherOf3::C(view! {
                    <div class="row">
                        <button class="primary" data-testid="analyse" on:click=move |_| {
                            if let Some(r) = record.get_untracked() {
                                start(d, &r);
                            }
                        }>{move || s.say(Key::Analyse)}</button>
                        {matches!(other, State::Failed(_)).then(|| view! {
                            <p class="broken" role="alert" data-testid="analysis-failed">{move || s.say(Key::AnalysisFailed)}</p>
                        })}
                    </div>
                }),
            }}
            <div class="summary" data-testid="analysis-summary">{summary}</div>
            <Show when=move || analysis.with(|a| matches!(a, State::Done { .. }))>
                <details class="what" data-testid="analysis-scale">
                    <summary>{move || s.say(Key::AnalysisScale)}</summary>
                    {move || i18n::analysis_scale(s.lang.get(), standard.get()).map(|p| view! { <p>{p}</p> }).collect_view()}
                </details>
            </Show>
            {graph}
            <Show when=move || analysis.with(|a| matches!(a, State::Done { .. }))>
                <div class="row">
                    <button class="primary" data-testid="learn-mistakes"
                        on:click=move |_| d.nav.screen.set(crate::state::Screen::Learn)>
                        {move || s.say(Key::LearnMistakes)}
                    </button>
                    <a class="button" data-testid="export-analysis" href="#" role="button"
                        on:click=move |ev| crate::drivers::records::on_export_analysed_click(d, &ev)>
                        {move || s.say(Key::ExportAnalysed)}
                    </a>
                </div>
            </Show>
        </section>
    }
}

/// The graph of White's chances over the game: winning chances in % (house rules) or White's
/// equity from −1 to +1 (standard) up the side, the moves along the bottom, each play a dot (a
/// marked one larger and coloured, a tap goes to it), and a legend of the marks under it.
fn graph_view(
    lang: i18n::Lang,
    standard: bool,
    points: &[(f64, Option<&str>, usize, usize)],
    go_to_command: impl Fn(usize) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    // The plot's box inside the 360 × 130 viewBox: room on the left for the scale, under it for
    // the moves and the axis's name.
    const X0: f64 = 44.0;
    const X1: f64 = 352.0;
    const Y0: f64 = 8.0;
    const Y1: f64 = 98.0;
    let n = points.len().max(2) - 1;
    let xy = |i: usize, p: f64| {
        (
            X0 + (X1 - X0) * i as f64 / n as f64,
            Y0 + (Y1 - Y0) * (1.0 - p),
        )
    };
    let f = |x: f64| i18n::fixed(x, 1, false);
    let line: String = points
        .iter()
        .enumerate()
        .map(|(i, &(p, ..))| {
            let (x, y) = xy(i, p);
            format!("{},{}", f(x), f(y))
        })
        .collect::<Vec<_>>()
        .join(" ");
    let dots = points
        .iter()
        .enumerate()
        .map(|(i, &(p, mark, index, turn))| {
            let (x, y) = xy(i, p);
            let class = format!("point {}", mark.unwrap_or("none"));
            view! {
                <circle class=class cx=f(x) cy=f(y)
                    r=if mark.is_some() { "5.5" } else { "3.5" }
                    data-testid="graph-point" data-index=index.to_string() data-turn=turn.to_string()
                    data-mark=mark.map(str::to_owned)
                    on:click=move |_| go_to_command(index)/>
            }
        })
        .collect_view();
    // The scale: 0, 50 and 100 % of White's winning chances, or equity −1, 0, +1.
    let ticks: [(f64, String); 3] = if standard {
        [(1.0, "+1".into()), (0.5, "0".into()), (0.0, "−1".into())]
    } else {
        let pct = |v: u8| match lang {
            i18n::Lang::Cs => format!("{v}\u{a0}%"),
            i18n::Lang::En => format!("{v}%"),
        };
        [(1.0, pct(100)), (0.5, pct(50)), (0.0, pct(0))]
    };
    let scale = ticks
        .into_iter()
        .map(|(p, label)| {
            let y = xy(0, p).1;
            view! {
                <line class=if p == 0.5 { "mid" } else { "grid" } x1=f(X0) x2=f(X1) y1=f(y) y2=f(y)/>
                <text class="tick" x=f(X0 - 4.0) y=f(y + 3.5) text-anchor="end">{label}</text>
            }
        })
        .collect_view();
    let moves = points.len();
    let (y_name, x_name) = i18n::graph_axes(lang, standard);
    let label = i18n::graph_label(lang, standard);
    view! {
        <figure class="graph">
            <svg class="equity-graph" data-testid="analysis-graph" viewBox="0 0 360 130"
                role="img" aria-label=label>
                {scale}
                <text class="tick" x=f(X0) y="110" text-anchor="start">"1"</text>
                <text class="tick" x=f(X1) y="110" text-anchor="end">{moves.to_string()}</text>
                <text class="axis" x=f((X0 + X1) / 2.0) y="124" text-anchor="middle">{x_name}</text>
                <text class="axis" transform="translate(10 53) rotate(-90)" text-anchor="middle">{y_name}</text>
                <polyline points=line/>
                {dots}
            </svg>
            <figcaption class="legend" data-testid="graph-legend">
                {i18n::graph_legend(lang).map(|(mark, words)| view! {
                    <span><svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
                        <circle class=format!("point {mark}") cx="6" cy="6" r="5"/>
                    </svg>" "{words}</span>
                }).collect_view()}
            </figcaption>
        </figure>
    }
}

/// The step buttons' icons (24 × 24 paths): to the start, back, on, to the end.
const ICON_FIRST: &str = "M6 5h2.5v14H6z M19 5v14L9 12z";
const ICON_PREV: &str = "M17 5v14L6 12z";
const ICON_NEXT: &str = "M7 5v14l11-7z";
const ICON_LAST: &str = "M15.5 5H18v14h-2.5z M5 5v14l10-7z";

fn icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d=path fill="currentColor"/>
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::steps;
    use vrhcaby_rules::{Command, Game, Roll, Side};

    #[test]
    fn a_step_for_the_start_the_lot_each_roll_and_move_and_the_end() {
        let mut g = Game::new();
        g.apply(Command::Start { first: Side::White }, 0).unwrap();
        g.apply(
            Command::Dice {
                dice: Roll::from_values(6, 5).unwrap(),
            },
            1,
        )
        .unwrap();
        let m = g.legal_moves()[0];
        g.apply(
            Command::Move {
                side: Side::White,
                from: m.from,
                to: m.to,
            },
            2,
        )
        .unwrap();
        g.apply(Command::OfferDraw { side: Side::White }, 3).ok();
        g.apply(Command::Resign { side: Side::Black }, 4).unwrap();
        let n = g.record().commands.len();
        let st = steps(g.record());
        assert_eq!(&st[..4], &[0, 1, 2, 3]);
        assert_eq!(st.last(), Some(&n), "the end is always a step");
        // A standard game's opening roll is a step of its own (before its first move).
        let v = vrhcaby_rules::Variant::standard(vrhcaby_rules::Options::money()).unwrap();
        let mut s = Game::with_variant(v, None).unwrap();
        let die = |n| vrhcaby_rules::Die::new(n).unwrap();
        s.apply(
            Command::Opening {
                white: die(3),
                black: die(1),
            },
            0,
        )
        .unwrap();
        assert_eq!(steps(s.record()), vec![0, 1]);
    }
}
