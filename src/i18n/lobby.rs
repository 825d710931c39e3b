//! The words of open tables ("Play someone now", `screens::lobby`): only the lobby's chunk
//! reaches them, so they cost the first load nothing.

use vrhcaby_relay::wish::{Rules, Wish};

use super::Lang;

/// A fixed phrase of the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lobby {
    Title,
    Idle,
    OpenTable,
    WithdrawTable,
    WaitWithComputer,
    FriendGame,
    YourTable,
    Waiting,
    Sitting,
    Taken,
    Starting,
    Failed,
    Tables,
    NoTables,
    Sit,
    BlockLast,
    Blocked,
    Help,
    HelpText,
    /// The table sent, no relay has accepted it yet.
    Opening,
    /// No relay accepted the table: nobody can see it.
    Unreached,
    /// The player's table is open and nobody else waits.
    NoTablesOpen,
    /// No relay reached at all.
    NoRelay,
}

/// The words of `phrase` in `lang`.
#[must_use]
pub fn lobby(lang: Lang, phrase: Lobby) -> &'static str {
    use Lobby::*;
    match (lang, phrase) {
        (Lang::Cs, Title) => "Hrát s kýmkoli hned",
        (Lang::En, Title) => "Play someone now",
        (Lang::Cs, Idle) => "Vyber si hru a otevři svůj stůl, nebo si přisedni k některému z otevřených.",
        (Lang::En, Idle) => "Choose the game and open your table, or sit down at one of the open ones.",
        (Lang::Cs, OpenTable) => "Otevřít můj stůl",
        (Lang::En, OpenTable) => "Open my table",
        (Lang::Cs, WithdrawTable) => "Zavřít můj stůl",
        (Lang::En, WithdrawTable) => "Close my table",
        (Lang::Cs, FriendGame) => "Máš rozehranou hru s přítelem: svůj stůl otevřeš, až ji dohraješ nebo opustíš.",
        (Lang::En, FriendGame) => "You have a game with a friend in progress: you can open your table once it is finished or left.",
        (Lang::Cs, WaitWithComputer) => "Mezitím hrát s počítačem",
        (Lang::En, WaitWithComputer) => "Play the computer meanwhile",
        (Lang::Cs, YourTable) => "Tvůj stůl",
        (Lang::En, YourTable) => "Your table",
        (Lang::Cs, Waiting) => "Tvůj stůl je otevřený a ostatní ho vidí: hra začne, jakmile si někdo přisedne. Nebo si přisedni k jinému stolu.",
        (Lang::En, Waiting) => "Your table is open and others can see it: the game starts as soon as someone sits down. Or sit down at another table.",
        (Lang::Cs, Sitting) => "Přisedáš si…",
        (Lang::En, Sitting) => "Sitting down…",
        (Lang::Cs, Taken) => "Ten stůl už mezitím obsadil někdo jiný (nebo ho majitel zavřel). Vyber si jiný.",
        (Lang::En, Taken) => "Someone else took that table first (or its owner closed it). Choose another.",
        (Lang::Cs, Starting) => "Soupeř je tu! Spojuji zařízení…",
        (Lang::En, Starting) => "Someone sat down! Connecting the devices…",
        (Lang::Cs, Failed) => "Stoly se nepodařilo načíst (jsi offline?).",
        (Lang::En, Failed) => "The tables could not be loaded (are you offline?).",
        (Lang::Cs, Tables) => "Otevřené stoly pro stejnou hru",
        (Lang::En, Tables) => "Open tables for the same game",
        (Lang::Cs, NoTables) => "Zatím nikdo nečeká. Otevři svůj stůl: uvidí ho každý, kdo sem přijde.",
        (Lang::En, NoTables) => "Nobody is waiting yet. Open your table: everyone who comes here sees it.",
        (Lang::Cs, Sit) => "Přisednout",
        (Lang::En, Sit) => "Sit down",
        (Lang::Cs, BlockLast) => "Blokovat soupeře z minulé hry",
        (Lang::En, BlockLast) => "Block the stranger from the last game",
        (Lang::Cs, Blocked) => "Zablokováno: jeho stoly ani přisednutí už neuvidíš (do obnovení stránky).",
        (Lang::En, Blocked) => "Blocked: you will not see their tables or joins again (until the page is reloaded).",
        (Lang::Cs, Opening) => "Dávám tvůj stůl na přenosové servery…",
        (Lang::En, Opening) => "Putting your table up on the relays…",
        (Lang::Cs, Unreached) => "Tvůj stůl zatím nepřijal žádný přenosový server, takže ho nikdo nevidí. Zkontroluj připojení; stránka to dál zkouší. Mezitím si můžeš zahrát s počítačem.",
        (Lang::En, Unreached) => "No relay has taken your table yet, so nobody can see it. Check your connection; the page keeps trying. Meanwhile you can play the computer.",
        (Lang::Cs, NoTablesOpen) => "Nikdo jiný teď nečeká. Tvůj stůl zůstává otevřený: jakmile si někdo přisedne, hra začne.",
        (Lang::En, NoTablesOpen) => "Nobody else is waiting right now. Your table stays open: as soon as someone sits down, the game starts.",
        (Lang::Cs, NoRelay) => "Žádný přenosový server neodpovídá.",
        (Lang::En, NoRelay) => "No relay answers.",
        (Lang::Cs, Help) => "Co kdo vidí a jak to chodí",
        (Lang::En, Help) => "Who sees what, and manners",
        (Lang::Cs, HelpText) => "Tvůj stůl jde přes veřejné přenosové servery Nostr (relay) a vidí ho každý: jaká pravidla, délka zápasu, hodiny a jazyk, a náhodný klíč, který má tato stránka jen do obnovení. Nic jiného o tobě neobsahuje. Kdo si přisedne, pošle ti zašifrovaně tajemství nové místnosti; relay vidí jen šifru, čas a IP adresy. Pak už hra jde přímo mezi zařízeními, s kostkami, které nemůže ovlivnit ani jedna strana. Soupeř vidí tvou IP adresu, jako u každé hry dvou zařízení. Ze hry můžeš kdykoli odejít a soupeře zablokovat; chat tu není. Stůl zmizí, když ho zavřeš, odejdeš z této obrazovky nebo začne hra (po zavření stránky do dvou minut).",
        (Lang::En, HelpText) => "Your table travels through public Nostr relays and everyone can see it: which rules, match length, clock and language, and a random key this page keeps only until it is reloaded. It says nothing else about you. Whoever sits down sends you a new room's secret, encrypted; a relay sees only ciphertext, times and IP addresses. From then on the game goes straight between the devices, with dice neither side can sway. Your opponent sees your IP address, as in any game between two devices. You can leave a game at any time and block the stranger; there is no chat. Your table disappears when you close it, leave this screen, or a game starts (within two minutes once the page is closed).",
    }
}

/// A wish in words: "Czech rules · clock · čeština", "Standard, match to 5 · clock · English".
#[must_use]
pub fn wish_words(lang: Lang, wish: &Wish) -> String {
    let rules = match (lang, wish.rules, wish.length) {
        (Lang::Cs, Rules::House, _) => "české vrhcáby".to_owned(),
        (Lang::En, Rules::House, _) => "Czech rules".to_owned(),
        (Lang::Cs, Rules::Standard, 0) => "standardní, hra o peníze".to_owned(),
        (Lang::En, Rules::Standard, 0) => "standard, money game".to_owned(),
        (Lang::Cs, Rules::Standard, n) => format!("standardní, zápas na {n}"),
        (Lang::En, Rules::Standard, n) => format!("standard, match to {n}"),
    };
    let clock = match (lang, wish.clock) {
        (Lang::Cs, true) => " · s hodinami",
        (Lang::En, true) => " · with a clock",
        (_, false) => "",
    };
    let language = match wish.lang {
        vrhcaby_relay::wish::Lang::Cs => "čeština",
        vrhcaby_relay::wish::Lang::En => "English",
    };
    format!("{rules}{clock} · {language}")
}

/// How long ago a table was (re)opened: "právě teď", "před 3 min".
#[must_use]
pub fn table_age(lang: Lang, seconds: u64) -> String {
    let minutes = seconds / 60;
    match (lang, minutes) {
        (Lang::Cs, 0) => "právě teď".into(),
        (Lang::En, 0) => "just now".into(),
        (Lang::Cs, m) => format!("před {m} min"),
        (Lang::En, m) => format!("{m} min ago"),
    }
}

/// How long the player's table has waited: "Čekáš 1:05", "Waiting 1:05".
#[must_use]
pub fn waited(lang: Lang, seconds: u64) -> String {
    let (m, s) = (seconds / 60, seconds % 60);
    match lang {
        Lang::Cs => format!("Čekáš {m}:{s:02}"),
        Lang::En => format!("Waiting {m}:{s:02}"),
    }
}

/// How many relays refuse tables (they are skipped): "1 relay refuses tables (skipped)".
#[must_use]
pub fn refused_words(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::Cs, 1) => "1 přenosový server stoly odmítl (vynechán).".into(),
        (Lang::Cs, 2..=4) => format!("{n} přenosové servery stoly odmítly (vynechány)."),
        (Lang::Cs, _) => format!("{n} přenosových serverů stoly odmítlo (vynechány)."),
        (Lang::En, 1) => "1 relay refused tables (skipped).".into(),
        (Lang::En, _) => format!("{n} relays refused tables (skipped)."),
    }
}
