//! Every error a player can see, typed and translated: the rules core's rejections, the peer's
//! refused messages and a saved game that cannot be read.

use vrhcaby_rules::{CommandError, MoveError, Origin, RecordError, Target};

use super::{side_name, t, Key, Lang};
use crate::session::{LoadError, PeerError, SessionError};

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
        (Lang::Cs, RecordError::UnsupportedRules(_)) => {
            "Tato pravidla tu zatím hrát nejdou.".into()
        }
        (Lang::En, RecordError::UnsupportedRules(_)) => {
            "These rules cannot be played here yet.".into()
        }
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
        (Lang::Cs, LoadError::ElsewherePage) => {
            "Hra s přítelem pokračuje na stránce pro hru dvou zařízení.".into()
        }
        (Lang::En, LoadError::ElsewherePage) => {
            "A game with a friend continues on the two-device page.".into()
        }
    }
}

/// What went wrong with the other device.
#[cfg(not(feature = "peer"))]
#[must_use]
pub fn peer_error(_: Lang, e: &PeerError) -> String {
    match *e {}
}

/// What went wrong with the other device.
#[cfg(feature = "peer")]
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
        P::WrongGame { .. } => pick("Druhé zařízení je připojené k jiné hře.", "The other device is connected to a different game."),
        P::SameSeat(side) => if cs { format!("Obě zařízení hrají za {}; jedno musí vzít druhou barvu.", side_name(lang, *side)) } else { format!("Both devices play {}; one must take the other colour.", side_name(lang, *side)) },
        P::WrongSide { .. } => pick("Druhé zařízení poslalo příkaz za hráče, za kterého nehraje.", "The other device sent a command for a player it does not play."),
        P::NotAllowedFromPeer(_) | P::NotAPlayerCommand(_) => pick("Druhé zařízení poslalo příkaz, který posílat nesmí.", "The other device sent a command it may not send."),
        P::TimeOutOfRange { .. } => pick("Hodiny druhého zařízení nesedí.", "The other device's clock is off."),
        P::BadTick { .. } => pick("Druhé zařízení ohlásilo časovou událost, která nenastala.", "The other device reported a timed event that was not due."),
        P::OutOfOrder { .. } => pick("Zpráva od druhého zařízení se ztratila.", "A message from the other device was lost."),
        P::Diverged { seq } => if cs { format!("Záznamy hry na obou zařízeních se od příkazu {seq} liší.") } else { format!("The two devices' records of this game differ from command {seq} on.") },
        P::WrongRoll { .. } | P::RevealBeforeCommit { .. } | P::DiceUnverified { .. } => pick("Druhé zařízení poslalo kostky mimo férovou výměnu.", "The other device sent dice outside the fair exchange."),
        P::CommitChanged { .. } | P::RevealChanged { .. } | P::DiceMismatch => pick("Druhé zařízení se pokusilo změnit své kostky.", "The other device tried to change its dice."),
        P::Halted => pick("Hra byla zastavena: druhé zařízení poslalo kostky, které neodpovídají jeho závazku.", "The game was stopped: the other device sent dice that do not match its commitment."),
        P::Disconnected => pick("Spojení s druhým zařízením je přerušené; počkej, až se obnoví.", "The connection to the other device is down; wait for it to come back."),
    }
}
