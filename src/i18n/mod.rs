//! The product's words, Czech first and English: a `Key` for the plain ones (here), one
//! function per phrase that takes values (`phrases`), and every error a player can see, typed
//! and translated (`errors`). No English reaches the Czech UI.

mod errors;
mod friend;
mod howto;
mod learn;
mod lobby;
mod phrases;
mod records;
mod standard;
#[cfg(test)]
mod tests;

pub use errors::{command_error, divergence, load_error, peer_error, session_error};
pub use friend::{friend, relays_reached, Friend};
pub use howto::how_to_play;
pub use howto::how_to_play_standard;
pub use howto::{direction_caption, direction_words};
pub use learn::{
    chances_lost, equity_meaning, loss_words, play_words, puzzle_task, puzzle_verdict,
    tutor_warning,
};
pub use lobby::{lobby, refused_words, table_age, waited, wish_words, Lobby};
pub use phrases::*;
pub use records::*;
pub use standard::*;

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

    /// The language for a browser's `navigator.language` (a BCP 47 tag): Czech for Czech (and
    /// Slovak, which reads it), English for any other.
    #[must_use]
    pub fn from_browser(tag: &str) -> Lang {
        if tag.starts_with("cs") || tag.starts_with("sk") {
            Lang::Cs
        } else {
            Lang::En
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

/// Defines `Key` and `Key::ALL` (every key, so a test can ask each for its words in both
/// languages).
macro_rules! keys {
    ($($(#[$doc:meta])* $key:ident,)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Key {
            $($(#[$doc])* $key,)*
        }

        impl Key {
            /// Every key, in the order declared.
            pub const ALL: &[Key] = &[$(Key::$key,)*];
        }
    };
}

keys! {
    Title,
    Tagline,
    NewLocalGame,
    Continue,
    HowToPlay,
    Back,
    LanguageName,
    Sound,
    OfferDraw,
    Accept,
    Decline,
    Resign,
    ConfirmResign,
    Cancel,
    ResignAs,
    NewGame,
    Menu,
    /// The game screen's menu sheet (settings, resign, back to the start) and its groups.
    GameMenu,
    ToStart,
    /// The friend screen's steps.
    GroupGame,
    GroupBoard,
    GroupPage,
    Close,
    /// What "points a game" (equity) means, one tap away.
    EquityWhat,
    /// Near the clock's ring in a player's first games: what happens at zero.
    ClockNote,
    /// The same against the computer, which never claims a win on time.
    ClockNoteBot,
    /// Resigning when this device plays one side: no side to choose.
    ResignThis,
    /// An invitation nobody has used yet, on the start screen (issue 50).
    InvitationWaiting,
    ShowInvitation,
    WithdrawInvitation,
    Numbers,
    FollowTurn,
    FixedBoard,
    AutoPlay,
    AutoRoll,
    MyGames,
    Analyse,
    AnalyseGame,
    Analysing,
    AnalysisFailed,
    AnalysisScale,
    // Learning from a game (`learn::say`).
    Tutor,
    TutorShow,
    LearnMistakes,
    PuzzleRetry,
    PuzzleBest,
    PuzzleNext,
    PuzzleBack,
    PuzzleJudging,
    PuzzleFailed,
    PuzzleNone,
    PuzzlesDone,
    ExportAnalysed,
    HistoryEmpty,
    HistoryOpen,
    HistoryRemove,
    HistoryRemoveAll,
    HistoryRemoveAllSure,
    MotionNormal,
    MotionFast,
    MotionOff,
    ThemeAuto,
    ThemeLight,
    ThemeDark,
    Off,
    DrawOffered,
    Draw,
    SavedGameBroken,
    StartFresh,
    Seconds,
    Bar,
    Rolling,
    Forfeits,
    NoMove,
    PlayFriend,
    PlayStranger,
    TableWaiting,
    CopyLink,
    Copied,
    Online,
    Offline,
    OneLink,
    Reconnecting,
    /// A roll's proof in a game between two devices (issue 42).
    CheckRoll,
    Leave,
    ConfirmLeave,
    Reconnect,
    OpenElsewhere,
    TakeOver,
    PlayComputer,
    BotLevel,
    BotSide,
    SideWhite,
    SideBlack,
    SideRandom,
    StartBotGame,
    LevelBeginner,
    LevelIntermediate,
    LevelExpert,
    LevelStrongest,
    LevelBeginnerAbout,
    LevelIntermediateAbout,
    LevelExpertAbout,
    LevelStrongestAbout,
    Hint,
    Rematch,
    SwapSides,
    MoveList,
    Export,
    Import,
    NotARecord,
    CopyPosition,
    CopyPositionHelp,
    ReplayFirst,
    ReplayPrev,
    ReplayNext,
    ReplayLast,
    BotFailed,
    Retry,
    Loading,
    ScreenFailed,
    White,
    Black,
    GameRules,
    RulesVrhcaby,
    RulesStandard,
    MatchLength,
    MoneyPlay,
    Roll,
    Double,
    Take,
    Drop,
    Beaver,
    Raccoon,
    NextGame,
    AcceptResign,
    RejectResign,
    ResignFor,
    OfferResign,
    Options,
    OptCube,
    OptCubeAbout,
    OptCrawford,
    OptCrawfordAbout,
    OptHolland,
    OptHollandAbout,
    OptJacoby,
    OptJacobyAbout,
    OptBeavers,
    OptBeaversAbout,
    OptAutoDoubles,
    OptAutoDoublesAbout,
    OptClock,
    OptClockAbout,
    ClockNone,
    ClockHouse,
    ClockReserve,
    MoneyOnly,
    MatchOnly,
    ExportMat,
}

/// `x` with `decimals` digits after the point (rounded half away from zero), a `-` before a
/// negative value and, with `plus`, a `+` before any other. Written out here because core's
/// float formatting (its algorithms and tables, ≈ 17 KB of the page's wasm) printed only these
/// few numbers.
#[must_use]
pub fn fixed(x: f64, decimals: u32, plus: bool) -> String {
    let sign = if x.is_sign_negative() {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let unit = 10u64.pow(decimals);
    // Saturates far beyond any number the page shows.
    let scaled = (x.abs() * unit as f64).round() as u64;
    if decimals == 0 {
        return format!("{sign}{scaled}");
    }
    let width = decimals as usize;
    format!("{sign}{}.{:0width$}", scaled / unit, scaled % unit)
}

/// [`fixed`] as the page writes a number in `lang`: a decimal comma in Czech.
#[must_use]
pub fn decimal(lang: Lang, x: f64, decimals: u32, plus: bool) -> String {
    let text = fixed(x, decimals, plus);
    match lang {
        Lang::Cs => text.replace('.', ","),
        Lang::En => text,
    }
}

/// The words of `key` in `lang`. Each key's words live in one file (`say` there); the test
/// `every_key_has_words_in_both_languages` asks every key, so the fallback (the key's name
/// nowhere: a visible `?`) is never reached.
#[must_use]
pub fn t(lang: Lang, key: Key) -> &'static str {
    say(lang, key)
        .or_else(|| standard::say(lang, key))
        .or_else(|| learn::say(lang, key))
        .or_else(|| friend::say(lang, key))
        .unwrap_or("?")
}

/// The words of the keys this file owns (`None` for any other key).
fn say(lang: Lang, key: Key) -> Option<&'static str> {
    use Key::*;
    Some(match (lang, key) {
        (Lang::Cs, Title) => "Vrhcáby",
        (Lang::En, Title) => "Vrhcáby",
        (Lang::Cs, Tagline) => "České vrhcáby na jednom zařízení, s přítelem nebo s počítačem.",
        (Lang::En, Tagline) => "Czech backgammon on one device, with a friend or against the computer.",
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
        (Lang::Cs, Sound) => "Zvuk",
        (Lang::En, Sound) => "Sound",
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
        (Lang::Cs, GameMenu) => "Nabídka",
        (Lang::En, GameMenu) => "Menu",
        (Lang::Cs, ToStart) => "Hlavní nabídka",
        (Lang::En, ToStart) => "Main menu",
        (Lang::Cs, GroupGame) => "Tato hra",
        (Lang::En, GroupGame) => "This game",
        (Lang::Cs, GroupBoard) => "Deska a hraní",
        (Lang::En, GroupBoard) => "Board and play",
        (Lang::Cs, GroupPage) => "Stránka",
        (Lang::En, GroupPage) => "Page",
        (Lang::Cs, Close) => "Zavřít",
        (Lang::En, Close) => "Close",
        (Lang::Cs, EquityWhat) => "Co to znamená?",
        (Lang::En, EquityWhat) => "What does this mean?",
        (Lang::Cs, ClockNote) => "Na tah je 60 sekund (kruh na desce). Pak smí soupeř stisknout „Nečekat“ a vyhrát.",
        (Lang::En, ClockNote) => "Each move has 60 seconds (the ring on the board). After that the opponent may press “Don't wait” and win.",
        (Lang::Cs, ClockNoteBot) => "Na tah je 60 sekund (kruh na desce). Počítač ale výhru za čas nebere: hraješ dál.",
        (Lang::En, ClockNoteBot) => "Each move has 60 seconds (the ring on the board). The computer never claims a win on time: you play on.",
        (Lang::Cs, ResignThis) => "Vzdát tuto hru?",
        (Lang::En, ResignThis) => "Resign this game?",
        (Lang::Cs, Numbers) => "Čísla bodů",
        (Lang::En, Numbers) => "Point numbers",
        (Lang::Cs, FollowTurn) => "Deska se otáčí k hráči na tahu",
        (Lang::En, FollowTurn) => "Board faces the player to move",
        (Lang::Cs, FixedBoard) => "Deska stojí",
        (Lang::En, FixedBoard) => "Board stays fixed",
        (Lang::Cs, AutoPlay) => "Vynucené tahy hrát automaticky",
        (Lang::En, AutoPlay) => "Auto-play forced rolls",
        (Lang::Cs, Analyse) => "Analyzovat",
        (Lang::En, Analyse) => "Analyse",
        (Lang::Cs, AnalyseGame) => "Rozbor hry",
        (Lang::En, AnalyseGame) => "Analyse the game",
        (Lang::Cs, Analysing) => "Počítač hru rozebírá",
        (Lang::En, Analysing) => "The computer is analysing the game",
        (Lang::Cs, AnalysisFailed) => "Rozbor se nepodařil. Zkus to znovu.",
        (Lang::En, AnalysisFailed) => "The analysis failed. Try again.",
        (Lang::Cs, AnalysisScale) => "Co ta čísla znamenají?",
        (Lang::En, AnalysisScale) => "What do these numbers mean?",
        (Lang::Cs, MyGames) => "Moje hry",
        (Lang::En, MyGames) => "My games",
        (Lang::Cs, HistoryEmpty) => "Zatím tu není žádná dohraná hra.",
        (Lang::En, HistoryEmpty) => "No finished game yet.",
        (Lang::Cs, HistoryOpen) => "Přehrát a rozebrat",
        (Lang::En, HistoryOpen) => "Replay and analyse",
        (Lang::Cs, HistoryRemove) => "Smazat tuto hru",
        (Lang::En, HistoryRemove) => "Remove this game",
        (Lang::Cs, HistoryRemoveAll) => "Smazat všechny",
        (Lang::En, HistoryRemoveAll) => "Remove all",
        (Lang::Cs, HistoryRemoveAllSure) => "Opravdu smazat všechny?",
        (Lang::En, HistoryRemoveAllSure) => "Really remove all?",
        (Lang::Cs, AutoRoll) => "Házet hned (nezdvojuji)",
        (Lang::En, AutoRoll) => "Roll at once (I won't double)",
        (Lang::Cs, MotionNormal) => "Pohyb: normální",
        (Lang::En, MotionNormal) => "Motion: normal",
        (Lang::Cs, MotionFast) => "Pohyb: rychlý",
        (Lang::En, MotionFast) => "Motion: fast",
        (Lang::Cs, MotionOff) => "Pohyb: bez animace",
        (Lang::En, MotionOff) => "Motion: none",
        (Lang::Cs, ThemeAuto) => "Vzhled: podle systému",
        (Lang::En, ThemeAuto) => "Theme: system",
        (Lang::Cs, ThemeLight) => "Vzhled: světlý",
        (Lang::En, ThemeLight) => "Theme: light",
        (Lang::Cs, ThemeDark) => "Vzhled: tmavý",
        (Lang::En, ThemeDark) => "Theme: dark",
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
        (Lang::Cs, Seconds) => "s",
        (Lang::En, Seconds) => "s",
        (Lang::Cs, Bar) => "bar",
        (Lang::En, Bar) => "bar",
        (Lang::Cs, Rolling) => "hází…",
        (Lang::En, Rolling) => "rolling…",
        (Lang::Cs, Forfeits) => "Propadlé hody za sebou",
        (Lang::En, Forfeits) => "Forfeited rolls in a row",
        (Lang::Cs, NoMove) => "bez tahu",
        (Lang::En, NoMove) => "no move",
        (Lang::Cs, PlayFriend) => "Hrát s přítelem (dvě zařízení)",
        (Lang::En, PlayFriend) => "Play with a friend (two devices)",
        (Lang::Cs, CopyLink) => "Kopírovat odkaz",
        (Lang::En, CopyLink) => "Copy link",
        (Lang::Cs, Copied) => "Zkopírováno",
        (Lang::En, Copied) => "Copied",
        (Lang::Cs, Online) => "soupeř připojen",
        (Lang::En, Online) => "opponent online",
        (Lang::Cs, Offline) => "soupeř nepřipojen",
        (Lang::En, Offline) => "opponent offline",
        (Lang::Cs, Leave) => "Odejít ze hry",
        (Lang::En, Leave) => "Leave the game",
        (Lang::Cs, ConfirmLeave) => "Opravdu odejít? Odchodem prohráváš.",
        (Lang::En, ConfirmLeave) => "Really leave? Leaving loses the game.",
        (Lang::Cs, Reconnect) => "Znovu připojit",
        (Lang::En, Reconnect) => "Reconnect",
        (Lang::Cs, OpenElsewhere) => "Tahle hra je otevřená v jiné kartě.",
        (Lang::En, OpenElsewhere) => "This game is open in another tab.",
        (Lang::Cs, TakeOver) => "Hrát ji tady",
        (Lang::En, TakeOver) => "Play it here",
        (Lang::Cs, PlayComputer) => "Hrát s počítačem",
        (Lang::En, PlayComputer) => "Play the computer",
        (Lang::Cs, BotLevel) => "Síla počítače",
        (Lang::En, BotLevel) => "Computer's level",
        (Lang::Cs, BotSide) => "Hraješ za",
        (Lang::En, BotSide) => "You play",
        (Lang::Cs, SideWhite) => "Bílé",
        (Lang::En, SideWhite) => "White",
        (Lang::Cs, SideBlack) => "Černé",
        (Lang::En, SideBlack) => "Black",
        (Lang::Cs, SideRandom) => "Náhodně",
        (Lang::En, SideRandom) => "Random",
        (Lang::Cs, StartBotGame) => "Začít hru s počítačem",
        (Lang::En, StartBotGame) => "Start the game",
        (Lang::Cs, LevelBeginner) => "Začátečník",
        (Lang::En, LevelBeginner) => "Beginner",
        (Lang::Cs, LevelIntermediate) => "Mírně pokročilý",
        (Lang::En, LevelIntermediate) => "Intermediate",
        (Lang::Cs, LevelExpert) => "Expert",
        (Lang::En, LevelExpert) => "Expert",
        (Lang::Cs, LevelStrongest) => "Nejsilnější",
        (Lang::En, LevelStrongest) => "Strongest",
        (Lang::Cs, LevelBeginnerAbout) => "Dělá chyby jako hráč, který začíná.",
        (Lang::En, LevelBeginnerAbout) => "Makes the mistakes of a new player.",
        (Lang::Cs, LevelIntermediateAbout) => "Hraje rozumně, občas zaváhá.",
        (Lang::En, LevelIntermediateAbout) => "Plays sensibly and slips now and then.",
        (Lang::Cs, LevelExpertAbout) => "Hned zahraje, co podle svého odhadu vychází nejlépe.",
        (Lang::En, LevelExpertAbout) => "Plays at once what its judgement rates best.",
        (Lang::Cs, LevelStrongestAbout) => "Před každým tahem promyslí i další hody. Nejsilnější soupeř.",
        (Lang::En, LevelStrongestAbout) => "Thinks a roll or two ahead before each move. The strongest opponent.",
        (Lang::Cs, MoveList) => "Tahy",
        (Lang::En, MoveList) => "Moves",
        (Lang::Cs, Export) => "Uložit záznam hry",
        (Lang::En, Export) => "Save the game record",
        (Lang::Cs, Import) => "Otevřít záznam hry",
        (Lang::En, Import) => "Open a game record",
        (Lang::Cs, NotARecord) => "Tento soubor není záznam hry.",
        (Lang::En, NotARecord) => "This file is not a game record.",
        (Lang::Cs, CopyPosition) => "Kopírovat pozici",
        (Lang::En, CopyPosition) => "Copy the position",
        (Lang::Cs, CopyPositionHelp) => "Zkopíruje XGID pozice pro rozbor v XG nebo GNU Backgammonu",
        (Lang::En, CopyPositionHelp) => "Copies the position's XGID, to analyse it in XG or GNU Backgammon",
        (Lang::Cs, ReplayFirst) => "Na začátek",
        (Lang::En, ReplayFirst) => "To the start",
        (Lang::Cs, ReplayPrev) => "O krok zpět",
        (Lang::En, ReplayPrev) => "One step back",
        (Lang::Cs, ReplayNext) => "O krok dál",
        (Lang::En, ReplayNext) => "One step on",
        (Lang::Cs, ReplayLast) => "Na konec",
        (Lang::En, ReplayLast) => "To the end",
        (Lang::Cs, Rematch) => "Odveta",
        (Lang::En, Rematch) => "Rematch",
        (Lang::Cs, SwapSides) => "Prohodit barvy",
        (Lang::En, SwapSides) => "Swap colours",
        (Lang::Cs, Hint) => "Nápověda",
        (Lang::En, Hint) => "Hint",
        (Lang::Cs, BotFailed) => "Počítač se nepodařilo načíst (jsi offline, nebo chyba prohlížeče).",
        (Lang::En, BotFailed) => "The computer could not be loaded (you are offline, or a browser error).",
        (Lang::Cs, Retry) => "Zkusit znovu",
        (Lang::En, Retry) => "Try again",
        (Lang::Cs, Loading) => "Načítám…",
        (Lang::En, Loading) => "Loading…",
        (Lang::Cs, ScreenFailed) => "Tuto část hry se nepodařilo načíst (jsi offline?).",
        (Lang::En, ScreenFailed) => "This part of the game could not be loaded (are you offline?).",
        (Lang::Cs, White) => "Bílý",
        (Lang::En, White) => "White",
        (Lang::Cs, Black) => "Černý",
        (Lang::En, Black) => "Black",
        (Lang::Cs, GameRules) => "Pravidla",
        (Lang::En, GameRules) => "Rules",
        (Lang::Cs, RulesVrhcaby) => "Vrhcáby (domácí pravidla)",
        (Lang::En, RulesVrhcaby) => "Vrhcáby (house rules)",
        (Lang::Cs, RulesStandard) => "Standardní backgammon",
        (Lang::En, RulesStandard) => "Standard backgammon",
        (Lang::Cs, MatchLength) => "Zápas",
        (Lang::En, MatchLength) => "Match",
        (Lang::Cs, MoneyPlay) => "Hra o peníze (bez konce)",
        (Lang::En, MoneyPlay) => "Money play (no end)",
        _ => return None,
    })
}
