//! The words of connecting through relays: the one link, waiting and reconnecting, the manual
//! codes as the fallback, the relay settings and what a relay sees.

use super::{Key, Lang};

/// The words of the keys this file owns (`None` for any other key).
#[must_use]
pub fn say(lang: Lang, key: Key) -> Option<&'static str> {
    use Key::*;
    Some(match (lang, key) {
        (Lang::Cs, OneLink) => "Pošli příteli tento odkaz. Nic dalšího posílat nemusíte.",
        (Lang::En, OneLink) => {
            "Send your friend this link. Nothing else needs to go back and forth."
        }
        (Lang::Cs, Reconnecting) => "znovu se připojuji…",
        (Lang::En, Reconnecting) => "reconnecting…",
        (Lang::Cs, PlayStranger) => "Hrát s kýmkoli hned",
        (Lang::En, PlayStranger) => "Play someone now",
        (Lang::Cs, InvitationWaiting) => "Pozvánka pro přítele čeká: zatím ji nikdo neotevřel.",
        (Lang::En, InvitationWaiting) => {
            "Your invitation to a friend is waiting: nobody has opened it yet."
        }
        (Lang::Cs, ShowInvitation) => "Ukázat odkaz",
        (Lang::En, ShowInvitation) => "Show the link",
        (Lang::Cs, WithdrawInvitation) => "Zrušit pozvánku",
        (Lang::En, WithdrawInvitation) => "Withdraw it",
        (Lang::Cs, TableWaiting) => "Tvůj stůl čeká.",
        (Lang::En, TableWaiting) => "Your table is waiting.",
        (Lang::Cs, CheckRoll) => "Ověřit kostky",
        (Lang::En, CheckRoll) => "Check the dice",
        _ => return None,
    })
}

/// How many of the room's relays are reached: "Přenosový server: spojeno (2 z 3)".
#[must_use]
pub fn relays_reached(lang: Lang, open: u64, all: u64) -> String {
    match lang {
        Lang::Cs => format!("Přenosový server: spojeno ({open} z {all})."),
        Lang::En => format!("Relay reached ({open} of {all})."),
    }
}

/// A phrase only the friend screen and a roll's proof say (their chunks reach it, so it costs
/// the first load nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Friend {
    /// "Someone sat down": a game with a stranger agreed, at this player's table or theirs.
    SatDown,
    YouSat,
    GameStarting,
    StepSendLink,
    RelayConnecting,
    RelayUnreached,
    StepAnswerBack,
    StepPasteAnswer,
    WaitingForAnswer,
    Advanced,
    WaitingForFriend,
    Joining,
    UseCodes,
    NoRelay,
    Relays,
    RelayPrivacy,
    RollProof,
    RollChecked,
    RollNotChecked,
    ProofMissing,
    ProofMalformed,
    ProofMismatch,
    ProofDiffer,
    Commitment,
    Secret,
    Invitation,
    CopyCode,
    PasteAnswer,
    Connect,
    Connecting,
    SendBack,
    Share,
    AnswerLink,
    HandingOver,
    HandedOver,
    NotTaken,
    Preparing,
    ConnectFailed,
    IceServers,
    Save,
    HaveInvitation,
    Join,
}

impl Friend {
    /// Every phrase, for the test that asks each for its words in both languages.
    pub const ALL: &[Friend] = &[
        Friend::SatDown,
        Friend::YouSat,
        Friend::GameStarting,
        Friend::StepSendLink,
        Friend::RelayConnecting,
        Friend::RelayUnreached,
        Friend::StepAnswerBack,
        Friend::StepPasteAnswer,
        Friend::WaitingForAnswer,
        Friend::Advanced,
        Friend::WaitingForFriend,
        Friend::Joining,
        Friend::UseCodes,
        Friend::NoRelay,
        Friend::Relays,
        Friend::RelayPrivacy,
        Friend::RollProof,
        Friend::RollChecked,
        Friend::RollNotChecked,
        Friend::ProofMissing,
        Friend::ProofMalformed,
        Friend::ProofMismatch,
        Friend::ProofDiffer,
        Friend::Commitment,
        Friend::Secret,
        Friend::Invitation,
        Friend::CopyCode,
        Friend::PasteAnswer,
        Friend::Connect,
        Friend::Connecting,
        Friend::SendBack,
        Friend::Share,
        Friend::AnswerLink,
        Friend::HandingOver,
        Friend::HandedOver,
        Friend::NotTaken,
        Friend::Preparing,
        Friend::ConnectFailed,
        Friend::IceServers,
        Friend::Save,
        Friend::HaveInvitation,
        Friend::Join,
    ];
}

/// The words of `phrase` in `lang`.
#[must_use]
pub fn friend(lang: Lang, phrase: Friend) -> &'static str {
    use Friend::*;
    match (lang, phrase) {
        (Lang::Cs, SatDown) => "Někdo si přisedl!",
        (Lang::En, SatDown) => "Someone sat down!",
        (Lang::Cs, YouSat) => "Přisedáš si ke stolu.",
        (Lang::En, YouSat) => "You sat down at the table.",
        (Lang::Cs, GameStarting) => "Hra hned začne…",
        (Lang::En, GameStarting) => "The game starts in a moment…",
        (Lang::Cs, StepSendLink) => "Pošli příteli odkaz (nebo ať si načte QR kód).",
        (Lang::En, StepSendLink) => "Send your friend the link (or let them scan the QR code).",
        (Lang::Cs, RelayConnecting) => "Připojuji se k přenosovému serveru…",
        (Lang::En, RelayConnecting) => "Reaching a relay…",
        (Lang::Cs, RelayUnreached) => "Žádný přenosový server neodpovídá.",
        (Lang::En, RelayUnreached) => "No relay answers.",
        (Lang::Cs, StepAnswerBack) => "Přítel odkaz otevře a pošle ti zpět kód odpovědi.",
        (Lang::En, StepAnswerBack) => "Your friend opens it and sends you back an answer code.",
        (Lang::Cs, StepPasteAnswer) => "Vlož kód odpovědi sem a stiskni Spojit.",
        (Lang::En, StepPasteAnswer) => "Paste the answer code here and press Connect.",
        (Lang::Cs, WaitingForAnswer) => "Čekám na kód odpovědi od přítele…",
        (Lang::En, WaitingForAnswer) => "Waiting for your friend's answer code…",
        (Lang::Cs, Advanced) => "Pokročilé: přenosové servery a STUN/TURN",
        (Lang::En, Advanced) => "Advanced: relays and STUN/TURN",
        (Lang::Cs, WaitingForFriend) => "Čekám na přítele: hra začne, jakmile odkaz otevře.",
        (Lang::En, WaitingForFriend) => "Waiting for your friend: the game starts as soon as they open the link.",
        (Lang::Cs, Joining) => "Připojuji se k příteli…",
        (Lang::En, Joining) => "Connecting to your friend…",
        (Lang::Cs, UseCodes) => "Spojit se pomocí kódů",
        (Lang::En, UseCodes) => "Connect with codes instead",
        (Lang::Cs, NoRelay) => "Toto zařízení se nespojí s žádným přenosovým serverem (relay). Požádej přítele o kód pozvánky (u něj „Spojit se pomocí kódů“) a vlož ho sem.",
        (Lang::En, NoRelay) => "This device reaches no relay. Ask your friend for the invitation code (“Connect with codes instead” on their screen) and paste it here.",
        (Lang::Cs, Relays) => "Přenosové servery Nostr (relay, jeden na řádek)",
        (Lang::En, Relays) => "Nostr relays (one per line)",
        (Lang::Cs, RelayPrivacy) => "Relay předá jen úvodní domluvu obou zařízení (pár set bajtů), zašifrovanou klíčem z odkazu: vidí šifrovaná data, kdy přišla a IP adresy zařízení. Samotná hra jde přímo mezi zařízeními a přes relay nikdy neprochází. Odkaz dej jen tomu, s kým chceš hrát.",
        (Lang::En, RelayPrivacy) => "A relay carries only the two devices' opening handshake (a few hundred bytes), encrypted with a key from the link: it sees encrypted data, when it came, and the devices' IP addresses. The game itself goes straight between the devices and never through a relay. Give the link only to the person you want to play.",
        (Lang::Cs, RollProof) => "Důkaz hodu",
        (Lang::En, RollProof) => "The roll's proof",
        (Lang::Cs, RollChecked) => "Hod sedí: obě tajemství odpovídají závazkům, které hráči poslali předem, a kostky z nich vycházejí přesně takto. Žádné zařízení je nemohlo zvolit samo.",
        (Lang::En, RollChecked) => "This roll checks: both secrets match the commitments the players sent beforehand, and the dice come out of them exactly so. Neither device could choose them alone.",
        (Lang::Cs, RollNotChecked) => "Hod nesedí",
        (Lang::En, RollNotChecked) => "This roll does not check",
        (Lang::Cs, ProofMissing) => "jeho část důkazu chybí",
        (Lang::En, ProofMissing) => "their part of the proof is missing",
        (Lang::Cs, ProofMalformed) => "jeho část důkazu je poškozená",
        (Lang::En, ProofMalformed) => "their part of the proof is damaged",
        (Lang::Cs, ProofMismatch) => "odhalené tajemství neodpovídá jeho závazku",
        (Lang::En, ProofMismatch) => "the secret they revealed does not match their commitment",
        (Lang::Cs, ProofDiffer) => "kostky v záznamu nejsou ty, které z tajemství vycházejí",
        (Lang::En, ProofDiffer) => "the dice in the record are not the ones the secrets give",
        (Lang::Cs, Commitment) => "závazek",
        (Lang::En, Commitment) => "commitment",
        (Lang::Cs, Secret) => "tajemství",
        (Lang::En, Secret) => "secret",
        (Lang::Cs, Invitation) => "Pošli příteli tento odkaz (nebo ať naskenuje QR kód):",
        (Lang::En, Invitation) => "Send your friend this link (or let them scan the QR code):",
        (Lang::Cs, CopyCode) => "Kopírovat kód",
        (Lang::En, CopyCode) => "Copy code",
        (Lang::Cs, PasteAnswer) => "Sem vlož kód nebo odkaz s odpovědí od přítele:",
        (Lang::En, PasteAnswer) => "Paste your friend's answer code or link here:",
        (Lang::Cs, Connect) => "Připojit",
        (Lang::En, Connect) => "Connect",
        (Lang::Cs, Connecting) => "Připojuji…",
        (Lang::En, Connecting) => "Connecting…",
        (Lang::Cs, SendBack) => "Pošli tento kód nebo odkaz zpět příteli, který tě pozval:",
        (Lang::En, SendBack) => "Send this code or the link back to the friend who invited you:",
        (Lang::Cs, Share) => "Sdílet…",
        (Lang::En, Share) => "Share…",
        (Lang::Cs, AnswerLink) => "Odpověď jako odkaz:",
        (Lang::En, AnswerLink) => "The answer as a link:",
        (Lang::Cs, HandingOver) => "Předávám odpověď kartě s pozvánkou…",
        (Lang::En, HandingOver) => "Handing the answer to the tab with the invitation…",
        (Lang::Cs, HandedOver) => "Hotovo: odpověď převzala karta s pozvánkou a spojuje se. Tuto kartu můžeš zavřít.",
        (Lang::En, HandedOver) => "Done: the tab with the invitation took the answer and is connecting. You can close this tab.",
        (Lang::Cs, NotTaken) => "V tomto prohlížeči na odpověď žádná karta nečeká. Otevři odkaz na zařízení, které pozvánku poslalo, nebo tam vlož tento kód:",
        (Lang::En, NotTaken) => "No tab in this browser is waiting for this answer. Open the link on the device that sent the invitation, or paste this code there:",
        (Lang::Cs, Preparing) => "Připravuji spojení…",
        (Lang::En, Preparing) => "Preparing the connection…",
        (Lang::Cs, ConnectFailed) => "Spojení se nepodařilo. Zkus obě zařízení na stejné síti (Wi-Fi), nebo v nastavení zadej TURN server.",
        (Lang::En, ConnectFailed) => "The connection failed. Try both devices on the same network (Wi-Fi), or set a TURN server in the settings.",
        (Lang::Cs, IceServers) => "STUN/TURN servery (jeden na řádek: adresa, u TURN i jméno a heslo)",
        (Lang::En, IceServers) => "STUN/TURN servers (one per line: the URL, and for TURN a user and a password)",
        (Lang::Cs, Save) => "Uložit",
        (Lang::En, Save) => "Save",
        (Lang::Cs, HaveInvitation) => "Mám pozvánku od přítele (vložit kód)",
        (Lang::En, HaveInvitation) => "I have an invitation (paste the code)",
        (Lang::Cs, Join) => "Připojit se",
        (Lang::En, Join) => "Join",
    }
}
