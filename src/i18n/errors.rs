//! Every error a player can see, typed and translated: the rules core's rejections, the peer's
//! refused messages and a saved game that cannot be read.

use vrhcaby_rules::{CommandError, MoveError, Origin, RecordError, Target};

use super::{side_name, t, Key, Lang};
use crate::session::{Divergence, LoadError, PeerError, SessionError};

fn place(lang: Lang, o: Origin) -> String {
    match o {
        Origin::Bar => t(lang, Key::Bar).to_string(),
        Origin::Point(p) => p.number().to_string(),
    }
}

fn target(lang: Lang, to: Target) -> String {
    match to {
        Target::Off => t(lang, Key::Off).to_string(),
        Target::Point(p) => p.number().to_string(),
    }
}

fn move_error(lang: Lang, e: &MoveError) -> String {
    match (lang, e.clone()) {
        (Lang::Cs, MoveError::NoChecker { from }) => {
            format!("Na {} nemáš kámen.", place(lang, from))
        }
        (Lang::En, MoveError::NoChecker { from }) => {
            format!("You have no checker on {}.", place(lang, from))
        }
        (Lang::Cs, MoveError::MustEnter { .. }) => "Nejdřív musíš vrátit kámen z baru.".into(),
        (Lang::En, MoveError::MustEnter { .. }) => "A checker on the bar must enter first.".into(),
        (Lang::Cs, MoveError::NoDie { from, to }) => {
            format!(
                "Z {} na {} nevede žádná kostka.",
                place(lang, from),
                target(lang, to)
            )
        }
        (Lang::En, MoveError::NoDie { from, to }) => {
            format!(
                "No die left moves {} to {}.",
                place(lang, from),
                target(lang, to)
            )
        }
        (Lang::Cs, MoveError::Blocked { to, .. }) => {
            format!("Bod {} je blokovaný.", target(lang, to))
        }
        (Lang::En, MoveError::Blocked { to, .. }) => {
            format!("Point {} is blocked.", target(lang, to))
        }
        (Lang::Cs, MoveError::CannotBearOff { from }) => {
            format!("Z {} teď vyvádět nelze.", place(lang, from))
        }
        (Lang::En, MoveError::CannotBearOff { from }) => {
            format!("{} cannot bear off now.", place(lang, from))
        }
        (Lang::Cs, MoveError::NotMaximal { .. }) => {
            "Tak nejde: kostky se musí využít celé, jde-li to (jinak ta vyšší).".into()
        }
        (Lang::En, MoveError::NotMaximal { .. }) => {
            "Not that way: both dice must be played if possible (else the higher).".into()
        }
    }
}

/// Why the rules core refused a command.
#[must_use]
pub fn command_error(lang: Lang, e: &CommandError) -> String {
    use CommandError as E;
    match (lang, e) {
        (_, E::IllegalMove(m)) => move_error(lang, m),
        (_, E::DrawTooEarly { .. } | E::DrawTooSoon { .. } | E::DrawAfterTimeout) => {
            super::offer_blocked(lang, e)
        }
        (Lang::Cs, E::TimeWentBack { .. }) => {
            "Hodiny zařízení se vrátily zpět; zkus to znovu.".into()
        }
        (Lang::En, E::TimeWentBack { .. }) => "The device clock went back; try again.".into(),
        (Lang::Cs, E::GameOver) => "Hra už skončila.".into(),
        (Lang::En, E::GameOver) => "The game is over.".into(),
        (Lang::Cs, E::NotStarted) => "Hra ještě nezačala.".into(),
        (Lang::En, E::NotStarted) => "The game has not started yet.".into(),
        (Lang::Cs, E::AlreadyStarted) => "Hra už začala.".into(),
        (Lang::En, E::AlreadyStarted) => "The game has already started.".into(),
        (Lang::Cs, E::NoRollExpected) => "Teď se nehází.".into(),
        (Lang::En, E::NoRollExpected) => "No roll is due now.".into(),
        (Lang::Cs, E::NotYourTurn { side }) => {
            format!("{} teď není na tahu.", side_name(lang, *side))
        }
        (Lang::En, E::NotYourTurn { side }) => {
            format!("It is not {}'s turn.", side_name(lang, *side))
        }
        (Lang::Cs, E::NotMoving { .. }) => "Teď se netáhne.".into(),
        (Lang::En, E::NotMoving { .. }) => "No move can be made now.".into(),
        (Lang::Cs, E::NoOffer) => "Žádná nabídka remízy není.".into(),
        (Lang::En, E::NoOffer) => "There is no draw offer to answer.".into(),
        (Lang::Cs, E::CannotClaim) => "Výhru lze vyžádat, až soupeři vyprší čas.".into(),
        (Lang::En, E::CannotClaim) => {
            "A win can be claimed once the opponent's time has run out.".into()
        }
        (Lang::Cs, E::NotLate) => "Čas na výměnu kostek ještě nevypršel.".into(),
        (Lang::En, E::NotLate) => "The time for the dice exchange has not run out yet.".into(),
        (Lang::Cs, E::AlreadyLate) => "Zpoždění u tohoto hodu už je zaznamenáno.".into(),
        (Lang::En, E::AlreadyLate) => "A side is already late for this roll.".into(),
        (Lang::Cs, E::NotInRules { .. }) => "To tato pravidla neznají.".into(),
        (Lang::En, E::NotInRules { .. }) => "These rules have no such thing.".into(),
        (_, E::CannotDouble(bar)) => super::double_blocked(lang, *bar),
        // Standard backgammon's cube and resignations.
        (Lang::Cs, E::NoDouble) => "Žádné zdvojení nečeká na odpověď.".into(),
        (Lang::En, E::NoDouble) => "No double is waiting for an answer.".into(),
        (Lang::Cs, E::CannotBeaver) => "Bobra (ani mývala) teď dát nelze.".into(),
        (Lang::En, E::CannotBeaver) => "No beaver (or raccoon) is possible now.".into(),
        (Lang::Cs, E::NoResignOffer) => "Žádná nabídka vzdání nečeká na odpověď.".into(),
        (Lang::En, E::NoResignOffer) => "No resignation is waiting for an answer.".into(),
        (Lang::Cs, E::AnswerPending) => "Nejdřív je třeba odpovědět na nabídku.".into(),
        (Lang::En, E::AnswerPending) => "The pending offer must be answered first.".into(),
    }
}

/// Why the session refused an input.
#[must_use]
pub fn session_error(lang: Lang, e: &SessionError) -> String {
    match (lang, e) {
        (_, SessionError::Rules(e)) => command_error(lang, e),
        (_, SessionError::Peer(e)) => peer_error(lang, e),
        (Lang::Cs, SessionError::NotYours(_)) => "Za soupeře z tohoto zařízení hrát nelze.".into(),
        (Lang::En, SessionError::NotYours(_)) => "This device does not play that side.".into(),
    }
}

fn record_error(lang: Lang, e: &RecordError) -> String {
    match (lang, e) {
        (Lang::Cs, RecordError::Rejected { index, error }) => {
            format!(
                "Příkaz {index} porušuje pravidla: {}",
                command_error(lang, error)
            )
        }
        (Lang::En, RecordError::Rejected { index, error }) => {
            format!(
                "Command {index} breaks a rule: {}",
                command_error(lang, error)
            )
        }
        (Lang::Cs, RecordError::BadCommand { index, .. }) => {
            format!("Příkaz {index} nejde přečíst.")
        }
        (Lang::En, RecordError::BadCommand { index, .. }) => {
            format!("Command {index} cannot be read.")
        }
        (Lang::Cs, RecordError::UnknownVersion { .. }) => "Záznam je v neznámém formátu.".into(),
        (Lang::En, RecordError::UnknownVersion { .. }) => {
            "The record is in an unknown format.".into()
        }
        (Lang::Cs, RecordError::Options(_)) => "Dohodnutá pravidla k sobě nepatří.".into(),
        (Lang::En, RecordError::Options(_)) => "The agreed options do not go together.".into(),
        (Lang::Cs, RecordError::Position(_)) => "Výchozí postavení není platné.".into(),
        (Lang::En, RecordError::Position(_)) => "The start position is not valid.".into(),
        (Lang::Cs, RecordError::Malformed(_)) => "Záznam hry nejde přečíst.".into(),
        (Lang::En, RecordError::Malformed(_)) => "The game record cannot be read.".into(),
    }
}

/// Why a saved game cannot be continued.
#[must_use]
pub fn load_error(lang: Lang, e: &LoadError) -> String {
    match (lang, e) {
        (_, LoadError::Record(e)) => record_error(lang, e),
        (_, LoadError::Peer(e)) => peer_error(lang, e),
        (Lang::Cs, LoadError::Unreadable) => "Uložená data nejsou uložená hra.".into(),
        (Lang::En, LoadError::Unreadable) => "The saved data is not a saved game.".into(),
        (Lang::Cs, LoadError::UnknownVersion { version }) => {
            format!("Neznámá verze uložené hry ({version}).")
        }
        (Lang::En, LoadError::UnknownVersion { version }) => {
            format!("Unknown saved game version ({version}).")
        }
        (Lang::Cs, LoadError::OldPeerGame) => {
            "Tuhle hru s přítelem uložila starší verze hry a nová verze spojení ji dohrát neumí. Začni novou hru.".into()
        }
        (Lang::En, LoadError::OldPeerGame) => {
            "This game with a friend was saved by an older version, and the new connection protocol cannot continue it. Start a new game.".into()
        }
        // (Never shown: a game with another device is opened by the connection.)
        (Lang::Cs, LoadError::Elsewhere) => "Hru s přítelem otevírá spojení.".into(),
        (Lang::En, LoadError::Elsewhere) => "A game with a friend opens through the connection.".into(),
    }
}

/// What went wrong with the other device.
#[must_use]
pub fn peer_error(lang: Lang, e: &PeerError) -> String {
    use PeerError as P;
    let cs = lang == Lang::Cs;
    let pick = |c: &str, e: &str| if cs { c.to_string() } else { e.to_string() };
    match e {
        P::Rejected(c) => command_error(lang, c),
        P::Record(r) => record_error(lang, r),
        P::Malformed(_) => pick("Druhé zařízení poslalo zprávu, kterou nejde přečíst.", "The other device sent a message this game cannot read."),
        P::Version { .. } => pick("Druhé zařízení má jinou verzi hry; oba hráči musí stránku znovu načíst.", "The other device runs a different version of the game; both players need to reload the page."),
        // The friend has moved on from the game both finished: say what to press to follow.
        P::WrongGame { ours, theirs } if *theirs == vrhcaby_p2p::rematch_id(ours) => pick("Přítel chce odvetu: stiskni Odveta.", "Your friend wants a rematch: press Rematch."),
        P::WrongGame { ours, theirs } if *theirs == vrhcaby_p2p::next_game_id(ours) => pick("Přítel už hraje další hru: stiskni Další hra.", "Your friend has started the next game: press Next game."),
        P::WrongGame { .. } => pick("Druhé zařízení je připojené k jiné hře.", "The other device is connected to a different game."),
        P::WrongRules => if cs { "Soupeřova hra má jiná pravidla nebo volby.".into() } else { "The other device's game has other rules or options.".into() },
        P::SameSeat(side) => if cs { format!("Obě zařízení hrají za {}; jedno musí vzít druhou barvu.", side_name(lang, *side)) } else { format!("Both devices play {}; one must take the other colour.", side_name(lang, *side)) },
        P::WrongSide { .. } => pick("Druhé zařízení poslalo příkaz za hráče, za kterého nehraje.", "The other device sent a command for a player it does not play."),
        P::NotAllowedFromPeer(_) => pick("Druhé zařízení poslalo příkaz, který posílat nesmí.", "The other device sent a command it may not send."),
        P::NotAPlayerCommand(_) => pick("Tohle není tah hráče.", "That is not a player's action."),
        P::TimeOutOfRange { .. } => pick("Druhé zařízení poslalo tah s časem, který nesedí.", "The other device sent an act stamped with an impossible time."),
        P::OutOfOrder { .. } => pick("Zpráva od druhého zařízení se ztratila; žádám ji znovu.", "A message from the other device was lost; it is asked for again."),
        P::Changed { n } => if cs { format!("Druhé zařízení změnilo svou akci č. {n} poté, co ji poslalo.") } else { format!("The other device changed its act {n} after sending it.") },
        P::Lost { .. } => pick("Druhé zařízení tvrdí, že má tahy tohoto zařízení, které tu nejsou (hraje se tahle hra i v jiné kartě?).", "The other device says it holds acts of this device that are not here (is this game open in another tab too?)."),
        P::BadDiceMessage { .. } => pick("Druhé zařízení poslalo kostky mimo férovou výměnu.", "The other device sent dice outside the fair exchange."),
        P::PresenceUnseen { .. } => pick("Druhé zařízení tvrdí, že toto zařízení bylo offline, ale spojení trvalo.", "The other device says this device was offline, but it was connected."),
        P::InFlight { .. } => pick("Spojení spadlo, když byl tvůj tah na cestě: tady platí, že jsi táhl včas.", "The connection dropped with your move on its way: on this device it was made in time."),
        P::EarlyClaim => pick("Druhé zařízení chtělo výhru (Nečekat) dřív, než tu vypršel čas.", "The other device claimed the win (Don't wait) before the time ran out here."),
        P::NotLateYet => pick("Soupeřovi ještě neuplynul čas (na spojení se čekají 2 s navíc).", "The opponent's time has not run out yet (2 s more are allowed for the connection)."),
        P::TooLong => pick("Záznam hry je delší, než může být skutečná hra.", "The game's log is longer than any real game."),
        P::ClockLie => pick("Údaje o čase od druhého zařízení si odporují; platí čas změřený tady.", "The other device's clock readings contradict each other; the time measured here stands."),
    }
}

/// Why the two devices' records differ for good, in words: who refused which act, and why.
#[must_use]
pub fn divergence(lang: Lang, d: &Divergence) -> String {
    let cs = lang == Lang::Cs;
    let why = match (cs, d.code.as_str()) {
        (true, "changed") => "akce změněná po odeslání",
        (false, "changed") => "an act changed after it was sent",
        (true, "time") => "čas, který nesedí",
        (false, "time") => "an impossible time stamp",
        (true, "rules") => "porušení pravidel",
        (false, "rules") => "it breaks a rule",
        (true, "dice") => "kostky mimo férovou výměnu",
        (false, "dice") => "dice outside the fair exchange",
        (true, "presence") => "nepravdivé hlášení o odpojení",
        (false, "presence") => "a false report of being offline",
        (true, "early_claim") => "Nečekat dřív, než vypršel čas",
        (false, "early_claim") => "Don't wait before the time ran out",
        (true, "lost") => "ztracené tahy (hra otevřená ve dvou kartách?)",
        (false, "lost") => "lost acts (the game open in two tabs?)",
        (true, "wrong_side" | "not_allowed") => "příkaz, který to zařízení poslat nesmí",
        (false, "wrong_side" | "not_allowed") => "a command that device may not send",
        (true, "too_long") => "příliš dlouhý záznam",
        (false, "too_long") => "a log longer than any real game",
        (true, _) => "nečitelná nebo nepovolená zpráva",
        (false, _) => "an unreadable or forbidden message",
    };
    let n = d.n;
    // A dropped connection, not a false report: each device's record says what it saw.
    if d.code == "in_flight" {
        return match (cs, d.refused_by_us) {
            (true, true) => "Hra byla přerušena, když byl tvůj tah na cestě. Záznam tohoto zařízení: táhl jsi včas a hra pokračuje. Záznam soupeřova zařízení: tah nedošel a prohrál jsi na čas. Oba záznamy zůstávají uložené.".to_owned(),
            (true, false) => "Hra byla přerušena, když byl soupeřův tah na cestě. Záznam tohoto zařízení: tah nedošel a soupeř prohrál na čas. Záznam soupeřova zařízení: táhl včas a hra pokračuje. Oba záznamy zůstávají uložené.".to_owned(),
            (false, true) => "The game was interrupted with your move on its way. This device's record: you moved in time and the game goes on. The other device's record: the move never came and you lost on time. Both records are kept.".to_owned(),
            (false, false) => "The game was interrupted with your opponent's move on its way. This device's record: the move never came and your opponent lost on time. The other device's record: they moved in time and the game goes on. Both records are kept.".to_owned(),
        };
    }
    match (cs, d.refused_by_us) {
        (true, true) => format!("Záznamy hry se na obou zařízeních natrvalo liší: toto zařízení odmítlo akci č. {n} soupeřova zařízení ({why}). Oba záznamy zůstávají uložené."),
        (true, false) => format!("Záznamy hry se na obou zařízeních natrvalo liší: soupeřovo zařízení odmítlo akci č. {n} tohoto zařízení ({why}). Oba záznamy zůstávají uložené."),
        (false, true) => format!("The two devices' records of this game differ for good: this device refused the other device's act {n} ({why}). Both records are kept."),
        (false, false) => format!("The two devices' records of this game differ for good: the other device refused this device's act {n} ({why}). Both records are kept."),
    }
}
