//! Phrases built from values: names, turns, results, announcements and labels.

use vrhcaby_rules::{CommandError, Move, Outcome, Reason, Side};

use super::{t, Key, Lang};
use crate::session::{Crossing, Kind, Seat};

/// "White" / "Bílý", capitalised, for the start of a sentence or a label.
#[must_use]
pub fn side_name(lang: Lang, side: Side) -> &'static str {
    match (lang, side) {
        (Lang::Cs, Side::White) => "Bílý",
        (Lang::Cs, Side::Black) => "Černý",
        (Lang::En, Side::White) => "White",
        (Lang::En, Side::Black) => "Black",
    }
}

#[must_use]
pub fn dont_wait(lang: Lang, claimant: Side) -> String {
    match lang {
        Lang::Cs => format!("Nečekat ({} vyhrává)", side_name(lang, claimant)),
        Lang::En => format!("Don't wait ({} wins)", side_name(lang, claimant)),
    }
}

/// The lot's result (R3).
#[must_use]
pub fn lot(lang: Lang, first: Side) -> String {
    match lang {
        Lang::Cs => format!("Los určil: začíná {}", side_name(lang, first)),
        Lang::En => format!("{} starts", side_name(lang, first)),
    }
}

#[must_use]
pub fn on_turn(lang: Lang, side: Side) -> String {
    match lang {
        Lang::Cs => format!("{} na tahu", side_name(lang, side)),
        Lang::En => format!("{} to play", side_name(lang, side)),
    }
}

/// Who plays a side, beside its colour, in a game where this device plays one side: "Ty" for
/// the player here, "Počítač" or "Soupeř" for the other. `None` in hot-seat (both are here).
#[must_use]
pub fn seat_name(lang: Lang, seat: Seat, own: bool) -> Option<&'static str> {
    Some(match (lang, seat) {
        (_, Seat::Here) if !own => return None,
        (Lang::Cs, Seat::Here) => "Ty",
        (Lang::En, Seat::Here) => "You",
        (Lang::Cs, Seat::Computer) => "Počítač",
        (Lang::En, Seat::Computer) => "Computer",
        (Lang::Cs, Seat::Remote) => "Soupeř",
        (Lang::En, Seat::Remote) => "Opponent",
    })
}

/// The result's title as the player here reads it: "Vyhráváš" / "Počítač vyhrává" against the
/// computer or a friend (`own` is the side played here, `other` who plays the other side);
/// "Bílý vyhrává" in hot-seat.
#[must_use]
pub fn result_title_for(lang: Lang, outcome: Outcome, own: Option<(Side, Seat)>) -> String {
    match (outcome.winner(), own) {
        (Some(winner), Some((me, _))) if winner == me => match lang {
            Lang::Cs => "Vyhráváš!".into(),
            Lang::En => "You win!".into(),
        },
        (Some(_), Some((_, other))) => match (lang, other) {
            (Lang::Cs, Seat::Computer) => "Počítač vyhrává".into(),
            (Lang::En, Seat::Computer) => "The computer wins".into(),
            (Lang::Cs, _) => "Soupeř vyhrává".into(),
            (Lang::En, _) => "Your opponent wins".into(),
        },
        _ => result_title(lang, outcome),
    }
}

#[must_use]
pub fn result_title(lang: Lang, outcome: Outcome) -> String {
    match outcome.winner() {
        Some(side) => match lang {
            Lang::Cs => format!("{} vyhrává", side_name(lang, side)),
            Lang::En => format!("{} wins", side_name(lang, side)),
        },
        None => t(lang, Key::Draw).to_string(),
    }
}

#[must_use]
pub fn reason_text(lang: Lang, reason: Reason, loser: Option<Side>) -> String {
    let l = loser.map(|s| side_name(lang, s)).unwrap_or("");
    match (lang, reason) {
        (Lang::Cs, Reason::BoreOff) => "vyvedl všech 15 kamenů".into(),
        (Lang::En, Reason::BoreOff) => "bore off all 15 checkers".into(),
        (Lang::Cs, Reason::Resigned) => format!("{l} se vzdal"),
        (Lang::En, Reason::Resigned) => format!("{l} resigned"),
        (Lang::Cs, Reason::Left) => format!("{l} odešel ze hry"),
        (Lang::En, Reason::Left) => format!("{l} left the game"),
        (Lang::Cs, Reason::TimeoutClaimed) => format!("{l} nestihl táhnout (Nečekat)"),
        (Lang::En, Reason::TimeoutClaimed) => format!("{l} ran out of time (Don't wait)"),
        (Lang::Cs, Reason::TimeoutOffline) => format!("{l} nebyl připojen, když mu vypršel čas"),
        (Lang::En, Reason::TimeoutOffline) => format!("{l} was offline when their time ran out"),
        // A draw, or a loss (R19): said after "Remíza" / "Draw" or on its own.
        (Lang::Cs, Reason::Inactivity) if loser.is_none() => "po 10 hodinách bez posunu".into(),
        (Lang::En, Reason::Inactivity) if loser.is_none() => "after 10 hours without a move".into(),
        (Lang::Cs, Reason::Inactivity) => format!("10 hodin bez posunu — prohrává {l}"),
        (Lang::En, Reason::Inactivity) => format!("10 hours without a move — {l} loses"),
        (Lang::Cs, Reason::DrawAgreed) => "dohodou".into(),
        (Lang::En, Reason::DrawAgreed) => "by agreement".into(),
        (Lang::Cs, Reason::DrawForfeits) => "po 5 propadlých hodech za sebou".into(),
        (Lang::En, Reason::DrawForfeits) => "after 5 forfeited rolls in a row".into(),
        (Lang::Cs, Reason::BadDice) => {
            format!("kostky, které poslal {l}, neodpovídaly jeho závazku")
        }
        (Lang::En, Reason::BadDice) => format!("{l}'s dice did not match their commitment"),
        (Lang::Cs, Reason::Dropped) => format!("{l} nepřijal zdvojení"),
        (Lang::En, Reason::Dropped) => format!("{l} dropped the double"),
        (Lang::Cs, Reason::ResignAccepted) => format!("{l} se vzdal"),
        (Lang::En, Reason::ResignAccepted) => format!("{l} resigned"),
        (Lang::Cs, Reason::Timeout) => format!("{l} vyčerpal časovou rezervu"),
        (Lang::En, Reason::Timeout) => format!("{l} ran out of reserve time"),
    }
}

/// Why a game ended, said to the player here when one side is theirs (`own`: that side and
/// who plays the other): "Vzdal(a) ses" / "You resigned", "Počítač se vzdal"; else as
/// [`reason_text`] says it.
#[must_use]
pub fn reason_for(
    lang: Lang,
    reason: Reason,
    loser: Option<Side>,
    own: Option<(Side, Seat)>,
) -> String {
    let resigned = matches!(reason, Reason::Resigned | Reason::ResignAccepted);
    match (own, loser) {
        (Some((me, _)), Some(l)) if resigned && l == me => match lang {
            Lang::Cs => "Vzdal(a) ses.".into(),
            Lang::En => "You resigned.".into(),
        },
        (Some((_, other)), Some(_)) if resigned => match (lang, other) {
            (Lang::Cs, Seat::Computer) => "Počítač se vzdal.".into(),
            (Lang::En, Seat::Computer) => "The computer resigned.".into(),
            (Lang::Cs, _) => "Soupeř se vzdal.".into(),
            (Lang::En, _) => "Your opponent resigned.".into(),
        },
        _ => reason_text(lang, reason, loser),
    }
}

/// Why "Offer a draw" is not available now.
#[must_use]
pub fn offer_blocked(lang: Lang, e: &CommandError) -> String {
    match (lang, e) {
        (Lang::Cs, CommandError::DrawTooEarly { needed }) => {
            format!("Remízu lze nabídnout po 4 posunech ve hře (ještě {needed}).")
        }
        (Lang::En, CommandError::DrawTooEarly { needed }) => {
            format!("A draw can be offered after 4 moves in the game ({needed} to go).")
        }
        (Lang::Cs, CommandError::DrawTooSoon { needed }) => {
            format!("Další nabídka až po 4 posunech od té minulé (ještě {needed}).")
        }
        (Lang::En, CommandError::DrawTooSoon { needed }) => {
            format!("Another offer needs 4 moves since your last one ({needed} to go).")
        }
        (Lang::Cs, CommandError::DrawAfterTimeout) => {
            "Čas na posun vypršel: remízu už nabídnout nelze.".into()
        }
        (Lang::En, CommandError::DrawAfterTimeout) => {
            "Your move time has run out: no draw offer now.".into()
        }
        (Lang::Cs, _) => "Remízu lze nabídnout jen na tahu.".into(),
        (Lang::En, _) => "Only the player to move can offer a draw.".into(),
    }
}

#[must_use]
pub fn rolled(lang: Lang, side: Side, a: u8, b: u8) -> String {
    match lang {
        Lang::Cs => format!("{} hodil {a} a {b}", side_name(lang, side)),
        Lang::En => format!("{} rolled {a} and {b}", side_name(lang, side)),
    }
}

/// A move for the live region: "Bílý: 24 → 18, vyhodil kámen na bar".
#[must_use]
pub fn moved(lang: Lang, side: Side, mv: Move, hit: bool) -> String {
    let place = |i: u8| match i {
        0 => t(lang, Key::Off).to_string(),
        25 => t(lang, Key::Bar).to_string(),
        n => n.to_string(),
    };
    let hit = match (lang, hit) {
        (_, false) => "",
        (Lang::Cs, true) => ", vyhodil kámen na bar",
        (Lang::En, true) => ", hit a checker to the bar",
    };
    format!(
        "{}: {} → {}{hit}",
        side_name(lang, side),
        place(mv.from.index()),
        place(mv.to.index())
    )
}

/// A forfeited roll, said with its dice: "Černý hodil 3 a 2 — nemá tah".
#[must_use]
pub fn forfeited(lang: Lang, side: Side, a: u8, b: u8) -> String {
    match lang {
        Lang::Cs => format!("{} hodil {a} a {b} — nemá tah", side_name(lang, side)),
        Lang::En => format!(
            "{} rolled {a} and {b} — no legal move",
            side_name(lang, side)
        ),
    }
}

#[must_use]
pub fn draw_offered(lang: Lang, by: Side) -> String {
    format!("{} {}", side_name(lang, by), t(lang, Key::DrawOffered))
}

#[must_use]
pub fn draw_declined(lang: Lang, by: Side) -> String {
    match lang {
        Lang::Cs => format!("{} remízu odmítl", side_name(lang, by)),
        Lang::En => format!("{} declined the draw", side_name(lang, by)),
    }
}

/// The result in one line for the live region: "Bílý vyhrává: vyvedl všech 15 kamenů",
/// "Remíza dohodou".
#[must_use]
pub fn result_line(lang: Lang, outcome: Outcome, reason: Reason) -> String {
    let winner = outcome.winner();
    format!(
        "{}{} {}",
        result_title(lang, outcome),
        if winner.is_some() { ":" } else { "" },
        reason_text(lang, reason, winner.map(|w| !w))
    )
}

/// "hraješ za bílé" / "you play White".
#[must_use]
pub fn you_play(lang: Lang, side: Side) -> String {
    match (lang, side) {
        // A space after it: the presence that follows is a word of its own.
        (Lang::Cs, Side::White) => "Hraješ za bílé ".into(),
        (Lang::Cs, Side::Black) => "Hraješ za černé ".into(),
        (Lang::En, _) => format!("You play {} ", side_name(lang, side)),
    }
}

/// The label of a saved game's "Continue" button.
#[must_use]
pub fn continue_game(lang: Lang, kind: Kind) -> String {
    let what = match (lang, kind) {
        (Lang::Cs, Kind::Local) => "hra na tomto zařízení",
        (Lang::En, Kind::Local) => "game on this device",
        (Lang::Cs, Kind::Peer) => "hra s přítelem",
        (Lang::En, Kind::Peer) => "game with a friend",
        (Lang::Cs, Kind::Bot) => "hra s počítačem",
        (Lang::En, Kind::Bot) => "game against the computer",
    };
    format!("{}: {what}", t(lang, Key::Continue))
}

#[must_use]
pub fn seconds_warning(lang: Lang, seconds: u32) -> String {
    match lang {
        Lang::Cs => format!("Zbývá {seconds} sekund"),
        Lang::En => format!("{seconds} seconds left"),
    }
}

/// "1 černý", "3 černé", "5 černých": Czech agreement with the number.
#[must_use]
pub fn checkers_cs(side: Side, n: u8) -> &'static str {
    match (side, n) {
        (Side::White, 1) => "bílý",
        (Side::White, 2..=4) => "bílé",
        (Side::White, _) => "bílých",
        (Side::Black, 1) => "černý",
        (Side::Black, 2..=4) => "černé",
        (Side::Black, _) => "černých",
    }
}

/// "3 černé" / "3 black checkers", "žádný" / "none" for none.
fn checkers(lang: Lang, side: Side, n: u8) -> String {
    let word = match (lang, side, n) {
        (Lang::Cs, _, 0) => return "žádný".into(),
        (Lang::En, _, 0) => return "none".into(),
        (Lang::Cs, side, n) => checkers_cs(side, n),
        (Lang::En, Side::White, 1) => "white checker",
        (Lang::En, Side::White, _) => "white checkers",
        (Lang::En, Side::Black, 1) => "black checker",
        (Lang::En, Side::Black, _) => "black checkers",
    };
    format!("{n} {word}")
}

/// What the board says of a spot's state for a screen reader (", vybraný", ", cíl tahu").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpotState {
    pub selected: bool,
    pub target: bool,
    pub movable: bool,
}

fn spot_state(lang: Lang, st: SpotState) -> &'static str {
    match (lang, st.selected, st.target, st.movable) {
        (Lang::Cs, true, ..) => ", vybraný",
        (Lang::En, true, ..) => ", selected",
        (Lang::Cs, _, true, _) => ", cíl tahu",
        (Lang::En, _, true, _) => ", move target",
        (Lang::Cs, .., true) => ", lze táhnout",
        (Lang::En, .., true) => ", can move",
        _ => "",
    }
}

/// What a screen reader says for a point: its number, who stands there, and whether it is
/// selected or a target: "Bod 13, 5 bílých, vybraný".
#[must_use]
pub fn point_label(lang: Lang, number: u8, occupant: Option<(Side, u8)>, st: SpotState) -> String {
    let who = match (lang, occupant) {
        (Lang::Cs, None) => "prázdný".into(),
        (Lang::En, None) => "empty".into(),
        (_, Some((side, n))) => checkers(lang, side, n),
    };
    let point = if lang == Lang::Cs { "Bod" } else { "Point" };
    format!("{point} {number}, {who}{}", spot_state(lang, st))
}

/// The bar (`off` false) or the bear-off tray of a side: "Bar bílého: 2 bílé" / "White's bar: 2
/// white checkers", "Vyvedené kameny černého: 5 černých" / "Black's borne-off checkers: …".
#[must_use]
pub fn holder_label(lang: Lang, side: Side, off: bool, n: u8, st: SpotState) -> String {
    let whose = match (lang, off, side) {
        (Lang::Cs, false, Side::White) => "Bar bílého",
        (Lang::Cs, false, Side::Black) => "Bar černého",
        (Lang::En, false, Side::White) => "White's bar",
        (Lang::En, false, Side::Black) => "Black's bar",
        (Lang::Cs, true, Side::White) => "Vyvedené kameny bílého",
        (Lang::Cs, true, Side::Black) => "Vyvedené kameny černého",
        (Lang::En, true, Side::White) => "White's borne-off checkers",
        (Lang::En, true, Side::Black) => "Black's borne-off checkers",
    };
    format!(
        "{whose}: {}{}",
        checkers(lang, side, n),
        spot_state(lang, st)
    )
}

/// The board for a screen reader, with how to play it from the keyboard.
#[must_use]
pub fn board_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Cs => "Deska (šipky a Enter; N: další kámen, který může táhnout, nebo cíl)",
        Lang::En => "Board (arrow keys and Enter; N: the next checker that can move, or target)",
    }
}

/// The move clock for a screen reader: "Čas na tah: 42 s"; after the game, that it is over.
#[must_use]
pub fn clock_label(lang: Lang, seconds: u32, over: bool) -> String {
    match (lang, over) {
        (Lang::Cs, true) => "Hra skončila".into(),
        (Lang::En, true) => "The game is over".into(),
        (Lang::Cs, false) => format!("Čas na tah: {seconds} s"),
        (Lang::En, false) => format!("Move time: {seconds} s"),
    }
}

/// The pip count in the players' panel: "167 pipů" / "167 pips" (the word Czech backgammon
/// players use for the count; "ok" read like the English "OK").
#[must_use]
pub fn pips(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Cs => format!(
            "{n} {}",
            match n {
                1 => "pip",
                2..=4 => "pipy",
                _ => "pipů",
            }
        ),
        Lang::En => format!("{n} pips"),
    }
}

/// Checkers borne off in the players' panel: "vyvedeno 3" / "3 off".
#[must_use]
pub fn borne_off(lang: Lang, n: u8) -> String {
    match lang {
        Lang::Cs => format!("vyvedeno {n}"),
        Lang::En => format!("{n} off"),
    }
}

/// The dice for a screen reader: "Kostky: 6, 5 (použitá)" / "Dice: 6, 5 (used)"; while they
/// tumble "Kostky se hází" / "Dice rolling"; before a roll "Kostky: žádné" / "Dice: none".
#[must_use]
pub fn dice_label(lang: Lang, dice: &[(u8, bool)], rolling: bool) -> String {
    let cs = lang == Lang::Cs;
    if rolling {
        return if cs {
            "Kostky se hází"
        } else {
            "Dice rolling"
        }
        .into();
    }
    let mut out = String::from(if cs { "Kostky: " } else { "Dice: " });
    for (i, &(value, used)) in dice.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push(char::from(b'0' + value));
        if used {
            out.push_str(if cs { " (použitá)" } else { " (used)" });
        }
    }
    if dice.is_empty() {
        out.push_str(if cs { "žádné" } else { "none" });
    }
    out
}

/// A dice exchange ran late (S14): a side did not send its part within 60 s. `mine`: the late
/// side is the player here.
#[must_use]
pub fn dice_late(lang: Lang, mine: bool) -> String {
    match (lang, mine) {
        (Lang::Cs, false) => "Soupeř neposlal svou část hodu včas — nemusíš čekat (Nečekat).".into(),
        (Lang::En, false) => "Your opponent did not send their part of the roll in time — you need not wait (Don't wait).".into(),
        (Lang::Cs, true) => "Tvoje část hodu nedorazila včas — soupeř může ukončit hru (Nečekat).".into(),
        (Lang::En, true) => "Your part of the roll did not arrive in time — your opponent may end the game (Don't wait).".into(),
    }
}

/// Two acts crossed in flight (a peer game): what it did to the player here.
#[must_use]
pub fn crossed(lang: Lang, c: Crossing) -> String {
    match (lang, c) {
        (Lang::Cs, Crossing::ClaimTooLate) => "Tvůj nárok (Nečekat) přišel pozdě — soupeř stihl táhnout.".into(),
        (Lang::En, Crossing::ClaimTooLate) => "Your claim (Don't wait) came too late — your opponent moved in time.".into(),
        (Lang::Cs, Crossing::ActVoid) => "Tvůj tah neplatí — soupeřův nárok, vzdání nebo vypršený čas byl dřív.".into(),
        (Lang::En, Crossing::ActVoid) => "Your action does not count — your opponent's claim, resignation or a time limit came first.".into(),
        (Lang::Cs, Crossing::Rewound) => "Tahy se na cestě zkřížily; deska ukazuje pořadí, na kterém se obě zařízení shodla.".into(),
        (Lang::En, Crossing::Rewound) => "Two actions crossed on the way; the board shows the order both devices agree on.".into(),
    }
}

/// The QR code of the invitation (or of the answer) for a screen reader.
#[must_use]
pub fn qr_label(lang: Lang, invitation: bool) -> &'static str {
    match (lang, invitation) {
        (Lang::Cs, true) => "QR kód pozvánky",
        (Lang::En, true) => "QR code of the invitation",
        (Lang::Cs, false) => "QR kód odpovědi",
        (Lang::En, false) => "QR code of the answer",
    }
}

/// A peer game whose opponent is offline while acts of ours wait to reach them (S16).
#[must_use]
pub fn not_receiving(lang: Lang) -> &'static str {
    match lang {
        Lang::Cs => "Soupeř není připojen a tvé tahy teď nedostává — odejdou mu, až se zase připojí.",
        Lang::En => "Your opponent is offline and is not receiving your moves — they will be sent once you reconnect.",
    }
}

/// The running score of a series of games on this device, from half points: `2½`.
#[must_use]
pub fn series_score(lang: Lang, white_half: u32, black_half: u32) -> String {
    let points = |h: u32| {
        let whole = (h / 2).to_string();
        match (h % 2, h / 2) {
            (0, _) => whole,
            (_, 0) => "½".to_owned(),
            _ => whole + "½",
        }
    };
    let (w, b) = (points(white_half), points(black_half));
    match lang {
        Lang::Cs => format!("Série: Bílý {w} – {b} Černý"),
        Lang::En => format!("Series: White {w} – {b} Black"),
    }
}
