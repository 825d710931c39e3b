//! The product's words, Czech first and English: a `Key` for the plain ones (here), one
//! function per phrase that takes values (`phrases`), and every error a player can see, typed
//! and translated (`errors`). No English reaches the Czech UI.

mod errors;
mod howto;
mod learn;
mod phrases;
mod records;
mod standard;
#[cfg(test)]
mod tests;

pub use errors::{command_error, divergence, load_error, peer_error, session_error};
pub use howto::how_to_play;
#[cfg(feature = "standard")]
pub use howto::how_to_play_standard;
pub use learn::{luck_adjusted_words, puzzle_task, puzzle_verdict, tutor_warning};
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
    AutoPlay,
    AutoRoll,
    MyGames,
    Analyse,
    AnalyseGame,
    Analysing,
    AnalysisFailed,
    AnalysisGraph,
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
    Invitation,
    CopyLink,
    CopyCode,
    Copied,
    PasteAnswer,
    Connect,
    SendBack,
    Share,
    AnswerLink,
    HandingOver,
    HandedOver,
    NotTaken,
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
    HaveInvitation,
    Join,
    OpenElsewhere,
    TakeOver,
    PlayComputer,
    #[cfg(feature = "computer")]
    BotLevel,
    #[cfg(feature = "computer")]
    BotSide,
    #[cfg(feature = "computer")]
    SideWhite,
    #[cfg(feature = "computer")]
    SideBlack,
    #[cfg(feature = "computer")]
    SideRandom,
    #[cfg(feature = "computer")]
    StartBotGame,
    #[cfg(feature = "computer")]
    LevelBeginner,
    #[cfg(feature = "computer")]
    LevelIntermediate,
    #[cfg(feature = "computer")]
    LevelExpert,
    #[cfg(feature = "computer")]
    LevelStrongest,
    #[cfg(feature = "computer")]
    LevelBeginnerAbout,
    #[cfg(feature = "computer")]
    LevelIntermediateAbout,
    #[cfg(feature = "computer")]
    LevelExpertAbout,
    #[cfg(feature = "computer")]
    LevelStrongestAbout,
    Hint,
    Rematch,
    SwapSides,
    #[cfg(feature = "viewer")]
    MoveList,
    #[cfg(feature = "viewer")]
    Export,
    #[cfg(feature = "viewer")]
    Import,
    #[cfg(feature = "viewer")]
    NotARecord,
    #[cfg(feature = "viewer")]
    CopyPosition,
    #[cfg(feature = "viewer")]
    CopyPositionHelp,
    #[cfg(feature = "viewer")]
    ReplayTitle,
    #[cfg(feature = "viewer")]
    ReplayFirst,
    #[cfg(feature = "viewer")]
    ReplayPrev,
    #[cfg(feature = "viewer")]
    ReplayNext,
    #[cfg(feature = "viewer")]
    ReplayLast,
    #[cfg(feature = "computer")]
    BotFailed,
    #[cfg(feature = "computer")]
    Retry,
    White,
    Black,
    GameRules,
    RulesVrhcaby,
    RulesStandard,
    MatchLength,
    MoneyPlay,
    #[cfg(feature = "standard")]
    Roll,
    #[cfg(feature = "standard")]
    Double,
    #[cfg(feature = "standard")]
    Take,
    #[cfg(feature = "standard")]
    Drop,
    #[cfg(feature = "standard")]
    Beaver,
    #[cfg(feature = "standard")]
    Raccoon,
    #[cfg(feature = "standard")]
    NextGame,
    #[cfg(feature = "standard")]
    AcceptResign,
    #[cfg(feature = "standard")]
    RejectResign,
    #[cfg(feature = "standard")]
    ResignFor,
    #[cfg(feature = "standard")]
    OfferResign,
    #[cfg(feature = "standard")]
    Options,
    #[cfg(feature = "standard")]
    OptCube,
    #[cfg(feature = "standard")]
    OptCubeAbout,
    #[cfg(feature = "standard")]
    OptCrawford,
    #[cfg(feature = "standard")]
    OptCrawfordAbout,
    #[cfg(feature = "standard")]
    OptHolland,
    #[cfg(feature = "standard")]
    OptHollandAbout,
    #[cfg(feature = "standard")]
    OptJacoby,
    #[cfg(feature = "standard")]
    OptJacobyAbout,
    #[cfg(feature = "standard")]
    OptBeavers,
    #[cfg(feature = "standard")]
    OptBeaversAbout,
    #[cfg(feature = "standard")]
    OptAutoDoubles,
    #[cfg(feature = "standard")]
    OptAutoDoublesAbout,
    #[cfg(feature = "standard")]
    OptClock,
    #[cfg(feature = "standard")]
    OptClockAbout,
    #[cfg(feature = "standard")]
    ClockNone,
    #[cfg(feature = "standard")]
    ClockHouse,
    #[cfg(feature = "standard")]
    ClockReserve,
    #[cfg(feature = "standard")]
    MoneyOnly,
    #[cfg(feature = "standard")]
    MatchOnly,
    #[cfg(feature = "standard")]
    ExportMat,
}

#[must_use]
pub fn t(lang: Lang, key: Key) -> &'static str {
    use Key::*;
    #[cfg(feature = "standard")]
    if let Some(text) = standard::say(lang, key) {
        return text;
    }
    if let Some(text) = learn::say(lang, key) {
        return text;
    }
    match (lang, key) {
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
        (Lang::Cs, AnalysisGraph) => "Šance Bílého během hry",
        (Lang::En, AnalysisGraph) => "White's chances over the game",
        (Lang::Cs, MyGames) => "Moje hry",
        (Lang::En, MyGames) => "My games",
        (Lang::Cs, HistoryEmpty) => "Zatím tu není žádná dohraná hra.",
        (Lang::En, HistoryEmpty) => "No finished game yet.",
        (Lang::Cs, HistoryOpen) => "Přehrát",
        (Lang::En, HistoryOpen) => "Replay",
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
        (Lang::Cs, Invitation) => "Pošli příteli tento odkaz (nebo ať naskenuje QR kód):",
        (Lang::En, Invitation) => "Send your friend this link (or let them scan the QR code):",
        (Lang::Cs, CopyLink) => "Kopírovat odkaz",
        (Lang::En, CopyLink) => "Copy link",
        (Lang::Cs, CopyCode) => "Kopírovat kód",
        (Lang::En, CopyCode) => "Copy code",
        (Lang::Cs, Copied) => "Zkopírováno",
        (Lang::En, Copied) => "Copied",
        (Lang::Cs, PasteAnswer) => "Sem vlož kód nebo odkaz s odpovědí od přítele:",
        (Lang::En, PasteAnswer) => "Paste your friend's answer code or link here:",
        (Lang::Cs, Connect) => "Připojit",
        (Lang::En, Connect) => "Connect",
        (Lang::Cs, SendBack) => "Pošli tento kód nebo odkaz zpět příteli, který tě pozval:",
        (Lang::En, SendBack) => "Send this code or the link back to the friend who invited you:",
        (Lang::Cs, AnswerLink) => "Odpověď jako odkaz:",
        (Lang::En, AnswerLink) => "The answer as a link:",
        (Lang::Cs, Share) => "Sdílet…",
        (Lang::En, Share) => "Share…",
        (Lang::Cs, HandingOver) => "Předávám odpověď kartě s pozvánkou…",
        (Lang::En, HandingOver) => "Handing the answer to the tab with the invitation…",
        (Lang::Cs, HandedOver) => "Hotovo: odpověď převzala karta s pozvánkou a spojuje se. Tuto kartu můžeš zavřít.",
        (Lang::En, HandedOver) => "Done: the tab with the invitation took the answer and is connecting. You can close this tab.",
        (Lang::Cs, NotTaken) => "V tomto prohlížeči na odpověď žádná karta nečeká. Otevři odkaz na zařízení, které pozvánku poslalo, nebo tam vlož tento kód:",
        (Lang::En, NotTaken) => "No tab in this browser is waiting for this answer. Open the link on the device that sent the invitation, or paste this code there:",
        (Lang::Cs, Preparing) => "Připravuji spojení…",
        (Lang::En, Preparing) => "Preparing the connection…",
        (Lang::Cs, Connecting) => "Připojuji…",
        (Lang::En, Connecting) => "Connecting…",
        (Lang::Cs, ConnectFailed) => "Spojení se nepodařilo. Zkus obě zařízení na stejné síti (Wi-Fi), nebo v nastavení zadej TURN server.",
        (Lang::En, ConnectFailed) => "The connection failed. Try both devices on the same network (Wi-Fi), or set a TURN server in the settings.",
        (Lang::Cs, IceServers) => "STUN/TURN servery (jeden na řádek)",
        (Lang::En, IceServers) => "STUN/TURN servers (one per line)",
        (Lang::Cs, Save) => "Uložit",
        (Lang::En, Save) => "Save",
        (Lang::Cs, Online) => "soupeř připojen",
        (Lang::En, Online) => "opponent online",
        (Lang::Cs, Offline) => "soupeř nepřipojen",
        (Lang::En, Offline) => "opponent offline",
        (Lang::Cs, Leave) => "Odejít ze hry",
        (Lang::En, Leave) => "Leave the game",
        (Lang::Cs, ConfirmLeave) => "Opravdu odejít? Odchodem prohráváš.",
        (Lang::En, ConfirmLeave) => "Really leave? Leaving loses the game.",
        (Lang::Cs, Reconnect) => "Nová pozvánka (znovu připojit)",
        (Lang::En, Reconnect) => "New invitation (reconnect)",
        (Lang::Cs, HaveInvitation) => "Mám pozvánku od přítele (vložit kód)",
        (Lang::En, HaveInvitation) => "I have an invitation (paste the code)",
        (Lang::Cs, Join) => "Připojit se",
        (Lang::En, Join) => "Join",
        (Lang::Cs, OpenElsewhere) => "Tahle hra je otevřená v jiné kartě.",
        (Lang::En, OpenElsewhere) => "This game is open in another tab.",
        (Lang::Cs, TakeOver) => "Hrát ji tady",
        (Lang::En, TakeOver) => "Play it here",
        (Lang::Cs, PlayComputer) => "Hrát s počítačem",
        (Lang::En, PlayComputer) => "Play the computer",
        #[cfg(feature = "computer")]
        (Lang::Cs, BotLevel) => "Síla počítače",
        #[cfg(feature = "computer")]
        (Lang::En, BotLevel) => "Computer's level",
        #[cfg(feature = "computer")]
        (Lang::Cs, BotSide) => "Hraješ za",
        #[cfg(feature = "computer")]
        (Lang::En, BotSide) => "You play",
        #[cfg(feature = "computer")]
        (Lang::Cs, SideWhite) => "Bílé",
        #[cfg(feature = "computer")]
        (Lang::En, SideWhite) => "White",
        #[cfg(feature = "computer")]
        (Lang::Cs, SideBlack) => "Černé",
        #[cfg(feature = "computer")]
        (Lang::En, SideBlack) => "Black",
        #[cfg(feature = "computer")]
        (Lang::Cs, SideRandom) => "Náhodně",
        #[cfg(feature = "computer")]
        (Lang::En, SideRandom) => "Random",
        #[cfg(feature = "computer")]
        (Lang::Cs, StartBotGame) => "Začít hru s počítačem",
        #[cfg(feature = "computer")]
        (Lang::En, StartBotGame) => "Start the game",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelBeginner) => "Začátečník",
        #[cfg(feature = "computer")]
        (Lang::En, LevelBeginner) => "Beginner",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelIntermediate) => "Mírně pokročilý",
        #[cfg(feature = "computer")]
        (Lang::En, LevelIntermediate) => "Intermediate",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelExpert) => "Expert",
        #[cfg(feature = "computer")]
        (Lang::En, LevelExpert) => "Expert",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelStrongest) => "Nejsilnější",
        #[cfg(feature = "computer")]
        (Lang::En, LevelStrongest) => "Strongest",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelBeginnerAbout) => "Dělá chyby jako hráč, který začíná.",
        #[cfg(feature = "computer")]
        (Lang::En, LevelBeginnerAbout) => "Makes the mistakes of a new player.",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelIntermediateAbout) => "Hraje rozumně, občas zaváhá.",
        #[cfg(feature = "computer")]
        (Lang::En, LevelIntermediateAbout) => "Plays sensibly and slips now and then.",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelExpertAbout) => "Hned zahraje, co podle svého odhadu vychází nejlépe.",
        #[cfg(feature = "computer")]
        (Lang::En, LevelExpertAbout) => "Plays at once what its judgement rates best.",
        #[cfg(feature = "computer")]
        (Lang::Cs, LevelStrongestAbout) => "Před každým tahem promyslí i další hody. Nejsilnější soupeř.",
        #[cfg(feature = "computer")]
        (Lang::En, LevelStrongestAbout) => "Thinks a roll or two ahead before each move. The strongest opponent.",
        #[cfg(feature = "viewer")]
        (Lang::Cs, MoveList) => "Tahy",
        #[cfg(feature = "viewer")]
        (Lang::En, MoveList) => "Moves",
        #[cfg(feature = "viewer")]
        (Lang::Cs, Export) => "Uložit záznam hry",
        #[cfg(feature = "viewer")]
        (Lang::En, Export) => "Save the game record",
        #[cfg(feature = "viewer")]
        (Lang::Cs, Import) => "Otevřít záznam hry",
        #[cfg(feature = "viewer")]
        (Lang::En, Import) => "Open a game record",
        #[cfg(feature = "viewer")]
        (Lang::Cs, NotARecord) => "Tento soubor není záznam hry.",
        #[cfg(feature = "viewer")]
        (Lang::En, NotARecord) => "This file is not a game record.",
        #[cfg(feature = "viewer")]
        (Lang::Cs, CopyPosition) => "Kopírovat pozici",
        #[cfg(feature = "viewer")]
        (Lang::En, CopyPosition) => "Copy the position",
        #[cfg(feature = "viewer")]
        (Lang::Cs, CopyPositionHelp) => "Zkopíruje XGID pozice pro rozbor v XG nebo GNU Backgammonu",
        #[cfg(feature = "viewer")]
        (Lang::En, CopyPositionHelp) => "Copies the position's XGID, to analyse it in XG or GNU Backgammon",
        #[cfg(feature = "viewer")]
        (Lang::Cs, ReplayTitle) => "Záznam hry",
        #[cfg(feature = "viewer")]
        (Lang::En, ReplayTitle) => "Game record",
        #[cfg(feature = "viewer")]
        (Lang::Cs, ReplayFirst) => "Na začátek",
        #[cfg(feature = "viewer")]
        (Lang::En, ReplayFirst) => "To the start",
        #[cfg(feature = "viewer")]
        (Lang::Cs, ReplayPrev) => "O krok zpět",
        #[cfg(feature = "viewer")]
        (Lang::En, ReplayPrev) => "One step back",
        #[cfg(feature = "viewer")]
        (Lang::Cs, ReplayNext) => "O krok dál",
        #[cfg(feature = "viewer")]
        (Lang::En, ReplayNext) => "One step on",
        #[cfg(feature = "viewer")]
        (Lang::Cs, ReplayLast) => "Na konec",
        #[cfg(feature = "viewer")]
        (Lang::En, ReplayLast) => "To the end",
        (Lang::Cs, Rematch) => "Odveta",
        (Lang::En, Rematch) => "Rematch",
        (Lang::Cs, SwapSides) => "Prohodit barvy",
        (Lang::En, SwapSides) => "Swap colours",
        (Lang::Cs, Hint) => "Nápověda",
        (Lang::En, Hint) => "Hint",
        #[cfg(feature = "computer")]
        (Lang::Cs, BotFailed) => "Počítač se nepodařilo načíst (jsi offline, nebo chyba prohlížeče).",
        #[cfg(feature = "computer")]
        (Lang::En, BotFailed) => "The computer could not be loaded (you are offline, or a browser error).",
        #[cfg(feature = "computer")]
        (Lang::Cs, Retry) => "Zkusit znovu",
        #[cfg(feature = "computer")]
        (Lang::En, Retry) => "Try again",
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
        // Standard backgammon's and learning's words (`standard::say`, `learn::say`, above).
        _ => "",
    }
}
