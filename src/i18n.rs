//! The product's words, Czech first and English. One function per phrase that takes values; a
//! `Key` for the plain ones.

use vrhcaby_rules::{CommandError, Outcome, Reason, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Cs,
    En,
}

impl Lang {
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Cs => "cs",
            Lang::En => "en",
        }
    }

    #[must_use]
    pub fn from_code(code: &str) -> Lang {
        if code == "en" {
            Lang::En
        } else {
            Lang::Cs
        }
    }

    #[must_use]
    pub fn other(self) -> Lang {
        match self {
            Lang::Cs => Lang::En,
            Lang::En => Lang::Cs,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Title,
    Tagline,
    NewLocalGame,
    Continue,
    HowToPlay,
    Back,
    LanguageName,
    Mute,
    Unmute,
    OfferDraw,
    Accept,
    Decline,
    Resign,
    ConfirmResign,
    Cancel,
    ResignAs,
    NewGame,
    Menu,
    Numbers,
    FollowTurn,
    FixedBoard,
    Pips,
    Off,
    DrawOffered,
    Draw,
    SavedGameBroken,
    StartFresh,
    NoMove,
    Seconds,
    Bar,
    Rolling,
    Forfeits,
    PlayFriend,
    Invitation,
    CopyLink,
    CopyCode,
    Copied,
    PasteAnswer,
    Connect,
    SendBack,
    Preparing,
    Connecting,
    ConnectFailed,
    IceServers,
    Save,
    Online,
    Offline,
    Leave,
    ConfirmLeave,
    Reconnect,
    YouPlay,
    HaveInvitation,
    Join,
}

#[must_use]
pub fn t(lang: Lang, key: Key) -> &'static str {
    use Key::*;
    match (lang, key) {
        (Lang::Cs, Title) => "Vrhcáby",
        (Lang::En, Title) => "Vrhcáby",
        (Lang::Cs, Tagline) => "Český vrhcáby pro dva — na jednom zařízení.",
        (Lang::En, Tagline) => "Czech backgammon for two — on one device.",
        (Lang::Cs, NewLocalGame) => "Nová hra na tomto zařízení",
        (Lang::En, NewLocalGame) => "New game on this device",
        (Lang::Cs, Continue) => "Pokračovat",
        (Lang::En, Continue) => "Continue",
        (Lang::Cs, HowToPlay) => "Jak hrát",
        (Lang::En, HowToPlay) => "How to play",
        (Lang::Cs, Back) => "Zpět",
        (Lang::En, Back) => "Back",
        (Lang::Cs, LanguageName) => "English",
        (Lang::En, LanguageName) => "Čeština",
        (Lang::Cs, Mute) => "Ztlumit zvuk",
        (Lang::En, Mute) => "Mute",
        (Lang::Cs, Unmute) => "Zapnout zvuk",
        (Lang::En, Unmute) => "Unmute",
        (Lang::Cs, OfferDraw) => "Nabídnout remízu",
        (Lang::En, OfferDraw) => "Offer a draw",
        (Lang::Cs, Accept) => "Přijmout",
        (Lang::En, Accept) => "Accept",
        (Lang::Cs, Decline) => "Odmítnout",
        (Lang::En, Decline) => "Decline",
        (Lang::Cs, Resign) => "Vzdát se",
        (Lang::En, Resign) => "Resign",
        (Lang::Cs, ConfirmResign) => "Ano, vzdát se",
        (Lang::En, ConfirmResign) => "Yes, resign",
        (Lang::Cs, Cancel) => "Zrušit",
        (Lang::En, Cancel) => "Cancel",
        (Lang::Cs, ResignAs) => "Kdo se vzdává?",
        (Lang::En, ResignAs) => "Who resigns?",
        (Lang::Cs, NewGame) => "Nová hra",
        (Lang::En, NewGame) => "New game",
        (Lang::Cs, Menu) => "Menu",
        (Lang::En, Menu) => "Menu",
        (Lang::Cs, Numbers) => "Čísla bodů",
        (Lang::En, Numbers) => "Point numbers",
        (Lang::Cs, FollowTurn) => "Deska se otáčí k hráči na tahu",
        (Lang::En, FollowTurn) => "Board turns to the player on turn",
        (Lang::Cs, FixedBoard) => "Deska stojí",
        (Lang::En, FixedBoard) => "Board stays fixed",
        (Lang::Cs, Pips) => "zbývá",
        (Lang::En, Pips) => "pips",
        (Lang::Cs, Off) => "vyvedeno",
        (Lang::En, Off) => "off",
        (Lang::Cs, DrawOffered) => "nabízí remízu",
        (Lang::En, DrawOffered) => "offers a draw",
        (Lang::Cs, Draw) => "Remíza",
        (Lang::En, Draw) => "Draw",
        (Lang::Cs, SavedGameBroken) => "Uloženou hru nejde načíst",
        (Lang::En, SavedGameBroken) => "The saved game cannot be read",
        (Lang::Cs, StartFresh) => "Začít novou hru",
        (Lang::En, StartFresh) => "Start a new game",
        (Lang::Cs, NoMove) => "nemá žádný povolený posun — tah propadá",
        (Lang::En, NoMove) => "has no legal move — the turn passes",
        (Lang::Cs, Seconds) => "s",
        (Lang::En, Seconds) => "s",
        (Lang::Cs, Bar) => "bar",
        (Lang::En, Bar) => "bar",
        (Lang::Cs, Rolling) => "hází…",
        (Lang::En, Rolling) => "rolling…",
        (Lang::Cs, Forfeits) => "propadlé hody za sebou",
        (Lang::En, Forfeits) => "forfeited rolls in a row",
        (Lang::Cs, PlayFriend) => "Hrát s přítelem (dvě zařízení)",
        (Lang::En, PlayFriend) => "Play with a friend (two devices)",
        (Lang::Cs, Invitation) => "Pošli příteli tento odkaz (nebo ať naskenuje QR kód):",
        (Lang::En, Invitation) => "Send your friend this link (or let them scan the QR code):",
        (Lang::Cs, CopyLink) => "Kopírovat odkaz",
        (Lang::En, CopyLink) => "Copy link",
        (Lang::Cs, CopyCode) => "Kopírovat kód",
        (Lang::En, CopyCode) => "Copy code",
        (Lang::Cs, Copied) => "Zkopírováno",
        (Lang::En, Copied) => "Copied",
        (Lang::Cs, PasteAnswer) => "Sem vlož kód odpovědi od přítele:",
        (Lang::En, PasteAnswer) => "Paste your friend's answer code here:",
        (Lang::Cs, Connect) => "Připojit",
        (Lang::En, Connect) => "Connect",
        (Lang::Cs, SendBack) => "Pošli tento kód zpět příteli, který tě pozval:",
        (Lang::En, SendBack) => "Send this code back to the friend who invited you:",
        (Lang::Cs, Preparing) => "Připravuji spojení…",
        (Lang::En, Preparing) => "Preparing the connection…",
        (Lang::Cs, Connecting) => "Připojuji…",
        (Lang::En, Connecting) => "Connecting…",
        (Lang::Cs, ConnectFailed) => "Spojení se nepodařilo. Zkuste obě zařízení na stejné síti (Wi-Fi), nebo v nastavení zadejte TURN server.",
        (Lang::En, ConnectFailed) => "The connection failed. Try both devices on the same network (Wi-Fi), or set a TURN server in the settings.",
        (Lang::Cs, IceServers) => "STUN/TURN servery (jeden na řádek)",
        (Lang::En, IceServers) => "STUN/TURN servers (one per line)",
        (Lang::Cs, Save) => "Uložit",
        (Lang::En, Save) => "Save",
        (Lang::Cs, Online) => "soupeř online",
        (Lang::En, Online) => "opponent online",
        (Lang::Cs, Offline) => "soupeř offline",
        (Lang::En, Offline) => "opponent offline",
        (Lang::Cs, Leave) => "Odejít ze hry",
        (Lang::En, Leave) => "Leave the game",
        (Lang::Cs, ConfirmLeave) => "Opravdu odejít? Odchodem prohráváš.",
        (Lang::En, ConfirmLeave) => "Really leave? Leaving loses the game.",
        (Lang::Cs, Reconnect) => "Nová pozvánka (znovu připojit)",
        (Lang::En, Reconnect) => "New invitation (reconnect)",
        (Lang::Cs, YouPlay) => "hraješ za",
        (Lang::En, YouPlay) => "you play",
        (Lang::Cs, HaveInvitation) => "Mám pozvánku od přítele (vložit kód)",
        (Lang::En, HaveInvitation) => "I have an invitation (paste the code)",
        (Lang::Cs, Join) => "Připojit se",
        (Lang::En, Join) => "Join",
    }
}

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
        Lang::Cs => format!("Los: začíná {}", side_name(lang, first)),
        Lang::En => format!("The lot: {} starts", side_name(lang, first)),
    }
}

#[must_use]
pub fn on_turn(lang: Lang, side: Side) -> String {
    match lang {
        Lang::Cs => format!("{} na tahu", side_name(lang, side)),
        Lang::En => format!("{} to play", side_name(lang, side)),
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
        (Lang::Cs, Reason::TimeoutOffline) => format!("{l} byl offline, když mu vypršel čas"),
        (Lang::En, Reason::TimeoutOffline) => format!("{l} was offline when his time ran out"),
        (Lang::Cs, Reason::Inactivity) => format!("10 hodin bez posunu — prohrává {l}"),
        (Lang::En, Reason::Inactivity) => format!("10 hours without a move — {l} loses"),
        (Lang::Cs, Reason::DrawAgreed) => "remíza dohodou".into(),
        (Lang::En, Reason::DrawAgreed) => "draw by agreement".into(),
        (Lang::Cs, Reason::DrawForfeits) => "5 propadlých hodů za sebou".into(),
        (Lang::En, Reason::DrawForfeits) => "5 forfeited rolls in a row".into(),
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
        (Lang::En, _) => "A draw can be offered only by the player on turn.".into(),
    }
}

#[must_use]
pub fn rolled(lang: Lang, side: Side, a: u8, b: u8) -> String {
    match lang {
        Lang::Cs => format!("{} hodil {a} a {b}", side_name(lang, side)),
        Lang::En => format!("{} rolled {a} and {b}", side_name(lang, side)),
    }
}

#[must_use]
pub fn moved(lang: Lang, side: Side, from: &str, to: &str, hit: bool) -> String {
    let hit = match (lang, hit) {
        (_, false) => "",
        (Lang::Cs, true) => ", vyhodil kámen na bar",
        (Lang::En, true) => ", hit a checker to the bar",
    };
    format!("{}: {from} → {to}{hit}", side_name(lang, side))
}

#[must_use]
pub fn seconds_warning(lang: Lang, seconds: u32) -> String {
    match lang {
        Lang::Cs => format!("Zbývá {seconds} sekund"),
        Lang::En => format!("{seconds} seconds left"),
    }
}

/// What a screen reader says for a point: its number and who stands there.
#[must_use]
pub fn point_label(lang: Lang, number: u8, occupant: Option<(Side, u8)>) -> String {
    match (lang, occupant) {
        (Lang::Cs, None) => format!("Bod {number}, prázdný"),
        (Lang::En, None) => format!("Point {number}, empty"),
        (Lang::Cs, Some((side, n))) => format!(
            "Bod {number}, {n} {}",
            match side {
                Side::White => "bílé",
                Side::Black => "černé",
            }
        ),
        (Lang::En, Some((side, n))) => format!(
            "Point {number}, {n} {}",
            match side {
                Side::White => "white",
                Side::Black => "black",
            }
        ),
    }
}

#[must_use]
pub fn bar_label(lang: Lang, side: Side, n: u8) -> String {
    match lang {
        Lang::Cs => format!("Bar: {n} ({})", side_name(lang, side)),
        Lang::En => format!("Bar: {n} ({})", side_name(lang, side)),
    }
}

#[must_use]
pub fn off_label(lang: Lang, side: Side, n: u8) -> String {
    format!("{}: {n} {}", side_name(lang, side), t(lang, Key::Off))
}

/// The short "How to play" text, drawn from RULES.md: (heading, paragraphs).
#[must_use]
pub fn how_to_play(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::Cs => &[
            ("Cíl hry", "Jako první vyveď z desky všech svých 15 kamenů. Výhra je vždy prostá (1 : 0)."),
            ("Začátek", "Kdo začíná, určí los; hází se samo a hned, první hod může být i dvojice."),
            ("Tah", "Každá kostka je jeden posun jednoho kamene, dvojice dává čtyři posuny. Klepni na kámen a pak na zvýrazněný cíl (nebo kámen přetáhni). Pořadí kostek volíš sám; povinnost hrát obě kostky ani vyšší kostku tu není. Tah skončí sám, když kostky dojdou nebo už nic nejde."),
            ("Kam smíš", "Na prázdný bod, na svůj bod, nebo na bod s jediným soupeřovým kamenem — ten vyhodíš na bar. Bod se 2 a více soupeřovými kameny je blokovaný. Máš-li kámen na baru, musíš ho nejdřív vrátit do hry (kostka 1 → bod 24, kostka 6 → bod 19)."),
            ("Vyvádění", "Až máš všechny kameny doma (body 1–6), vyvádíš: přesnou kostkou z jejího bodu, vyšší kostkou jen z nejvzdálenějšího obsazeného bodu. Jde-li kámen vyvést přesnou i vyšší kostkou, použije se přesná."),
            ("Čas", "Na každý posun je 60 sekund (ukazuje je kroužek). Když soupeři čas vyprší, můžeš stisknout Nečekat a vyhráváš. 10 hodin bez posunu prohrává hráč na tahu."),
            ("Remíza a vzdání", "Remízu smíš nabídnout na tahu po 4 posunech ve hře, další až po 4 dalších. Soupeř přijme, odmítne, nebo se vzdá; bez odpovědi do 60 s nabídka propadne. Vzdát se lze kdykoli. Po 5 propadlých hodech za sebou je remíza."),
        ],
        Lang::En => &[
            ("Goal", "Be the first to bear off all 15 of your checkers. A win is always a single win (1 : 0)."),
            ("Start", "A lot decides who starts; dice roll by themselves at once, and the first roll may be a double."),
            ("A turn", "Each die moves one checker that many points; a double gives four moves. Tap a checker, then a highlighted target (or drag it). You choose the order of the dice; there is no duty to play both dice or the higher one. The turn ends by itself when the dice are used or nothing is playable."),
            ("Where to land", "On an empty point, your own point, or a point with a single opposing checker — which you hit to the bar. A point with 2+ opposing checkers is blocked. A checker on the bar must enter first (die 1 → point 24, die 6 → point 19)."),
            ("Bearing off", "With all your checkers home (points 1–6) you bear off: an exact die from its point, a higher die only from the farthest occupied point. If the exact and a higher die can both bear a checker off, the exact one is used."),
            ("Time", "Each move has 60 seconds (the ring shows them). When your opponent's time runs out you may press Don't wait and win. After 10 hours without a move the player on turn loses."),
            ("Draws and resigning", "The player on turn may offer a draw once 4 moves have been played, and again after 4 more. The opponent accepts, declines or resigns; unanswered for 60 s, the offer lapses. You may resign at any time. Five forfeited rolls in a row make a draw."),
        ],
    }
}
