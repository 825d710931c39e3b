//! The words of connecting through relays: the one link, waiting and reconnecting, the manual
//! codes as the fallback, the relay settings and what a relay sees.

use super::{Key, Lang};

/// The words of the keys this file owns (`None` for any other key).
#[must_use]
pub fn say(lang: Lang, key: Key) -> Option<&'static str> {
    use Key::*;
    Some(match (lang, key) {
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
        _ => return None,
    })
}
