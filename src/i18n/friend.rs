//! The words of connecting through relays: the one link, waiting and reconnecting, the manual
//! codes as the fallback, the relay settings and what a relay sees.

use super::{Key, Lang};

/// The words of the keys this file owns (`None` for any other key).
#[must_use]
pub fn say(lang: Lang, key: Key) -> Option<&'static str> {
    use Key::*;
    Some(match (lang, key) {
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
        (Lang::Cs, OneLink) => "Pošli příteli tento odkaz. Nic dalšího posílat nemusíte.",
        (Lang::En, OneLink) => "Send your friend this link. Nothing else needs to go back and forth.",
        (Lang::Cs, WaitingForFriend) => "Čekám na přítele: hra začne, jakmile odkaz otevře.",
        (Lang::En, WaitingForFriend) => "Waiting for your friend: the game starts as soon as they open the link.",
        (Lang::Cs, Joining) => "Připojuji se k příteli…",
        (Lang::En, Joining) => "Connecting to your friend…",
        (Lang::Cs, Reconnecting) => "znovu se připojuji…",
        (Lang::En, Reconnecting) => "reconnecting…",
        (Lang::Cs, UseCodes) => "Spojit se pomocí kódů",
        (Lang::En, UseCodes) => "Connect with codes instead",
        (Lang::Cs, NoRelay) => "Toto zařízení se nespojí s žádným přenosovým serverem (relay). Požádej přítele o kód pozvánky (u něj „Spojit se pomocí kódů“) a vlož ho sem.",
        (Lang::En, NoRelay) => "This device reaches no relay. Ask your friend for the invitation code (“Connect with codes instead” on their screen) and paste it here.",
        (Lang::Cs, Relays) => "Přenosové servery Nostr (relay, jeden na řádek)",
        (Lang::En, Relays) => "Nostr relays (one per line)",
        (Lang::Cs, RelayPrivacy) => "Relay předá jen úvodní domluvu obou zařízení (pár set bajtů), zašifrovanou klíčem z odkazu: vidí šifrovaná data, kdy přišla a IP adresy zařízení. Samotná hra jde přímo mezi zařízeními a přes relay nikdy neprochází. Odkaz dej jen tomu, s kým chceš hrát.",
        (Lang::En, RelayPrivacy) => "A relay carries only the two devices' opening handshake (a few hundred bytes), encrypted with a key from the link: it sees encrypted data, when it came, and the devices' IP addresses. The game itself goes straight between the devices and never through a relay. Give the link only to the person you want to play.",
        (Lang::Cs, PlayStranger) => "Hrát s kýmkoli hned",
        (Lang::En, PlayStranger) => "Play someone now",
        (Lang::Cs, TableWaiting) => "Tvůj stůl čeká.",
        (Lang::En, TableWaiting) => "Your table is waiting.",
        (Lang::Cs, CheckRoll) => "Ověřit hod",
        (Lang::En, CheckRoll) => "Check this roll",
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
