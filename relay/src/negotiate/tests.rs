use super::*;

fn host() -> Negotiator {
    Negotiator::new(Role::Host, "h1".into())
}

fn guest(me: &str) -> Negotiator {
    Negotiator::new(Role::Guest, me.into()).with_token("t-guest".into())
}

fn published(out: &[Do]) -> Note {
    match out {
        [Do::Publish(n)] => n.clone(),
        other => panic!("expected one note, got {other:?}"),
    }
}

/// Host and guest up to an open link; returns (host, guest, the offer note, the answer note).
fn connected() -> (Negotiator, Negotiator, Note, Note) {
    let (mut h, mut g) = (host(), guest("g1"));
    assert_eq!(h.start(0), vec![Do::MakeOffer]);
    let knock = published(&g.start(0));
    assert_eq!(knock.what, What::Knock);
    // The knock comes before any offer: the host is still making it.
    assert_eq!(h.heard(&knock, 5), vec![]);
    let offer = published(&h.offer_made("o1".into(), "OFFER".into(), 10));
    assert_eq!(
        (offer.what, offer.offer.as_str(), offer.code.as_str()),
        (What::Offer, "o1", "OFFER")
    );
    assert_eq!(
        g.heard(&offer, 20),
        vec![Do::Answer {
            offer: "o1".into(),
            code: "OFFER".into()
        }]
    );
    let answer = published(&g.answer_made("o1", "ANSWER".into(), 30));
    assert_eq!(
        h.heard(&answer, 40),
        vec![Do::Accept {
            code: "ANSWER".into()
        }]
    );
    assert_eq!(h.opened(), vec![Do::Quiet]);
    assert_eq!(g.opened(), vec![Do::Quiet]);
    (h, g, offer, answer)
}

#[test]
fn one_offer_one_answer_then_quiet() {
    let (mut h, mut g, offer, answer) = connected();
    // Publishing stops once connected, and notes heard again change nothing.
    assert_eq!(h.heard(&answer, 50), vec![]);
    assert_eq!(g.heard(&offer, 50), vec![]);
    assert_eq!(h.tick(100_000), vec![]);
    assert_eq!(g.tick(100_000), vec![]);
}

#[test]
fn an_answer_counts_once_and_only_for_the_offer_on_the_table() {
    let (mut h, mut g) = (host(), guest("g1"));
    h.start(0);
    let o1 = published(&h.offer_made("o1".into(), "C1".into(), 10));
    g.heard(&o1, 11);
    let a1 = published(&g.answer_made("o1", "A1".into(), 12));
    // The taken answer never opened a link: after the wait, a new offer.
    assert_eq!(h.heard(&a1, 13), vec![Do::Accept { code: "A1".into() }]);
    assert_eq!(h.heard(&a1, 14), vec![], "a duplicate");
    assert_eq!(h.tick(13 + ACCEPT_WAIT_MS - 1), vec![]);
    assert_eq!(h.tick(13 + ACCEPT_WAIT_MS), vec![Do::MakeOffer]);
    published(&h.offer_made("o2".into(), "C2".into(), 20_000));
    // The old answer, replayed, is for an offer no longer on the table.
    assert_eq!(h.heard(&a1, 20_001), vec![]);
}

#[test]
fn the_guest_answers_only_newer_offers() {
    let (mut h, mut g) = (host(), guest("g1"));
    h.start(0);
    let o1 = published(&h.offer_made("o1".into(), "C1".into(), 10));
    h.closed(11);
    let o2 = published(&h.offer_made("o2".into(), "C2".into(), 12));
    assert!(o2.at > o1.at);
    assert!(matches!(g.heard(&o2, 13)[..], [Do::Answer { .. }]));
    // A delayed or replayed older offer, and the same offer again: ignored.
    assert_eq!(g.heard(&o1, 14), vec![]);
    assert_eq!(g.heard(&o2, 15), vec![]);
    // An answer made for an offer overtaken meanwhile is not published.
    let o3 = published(&{
        h.closed(16);
        h.offer_made("o3".into(), "C3".into(), 17)
    });
    assert!(matches!(g.heard(&o3, 18)[..], [Do::Answer { .. }]));
    assert_eq!(g.answer_made("o2", "A2".into(), 19), vec![]);
    assert_eq!(published(&g.answer_made("o3", "A3".into(), 20)).offer, "o3");
}

#[test]
fn own_notes_and_notes_of_the_same_role_are_ignored() {
    let mut h = host();
    h.start(0);
    let o = published(&h.offer_made("o1".into(), "C".into(), 1));
    assert_eq!(h.heard(&o, 2), vec![]);
    let mut other_host = o.clone();
    other_host.from = "h2".into();
    assert_eq!(h.heard(&other_host, 3), vec![]);
    let mut g = guest("g1");
    let k = published(&g.start(0));
    assert_eq!(g.heard(&k, 1), vec![]);
}

#[test]
fn a_knock_makes_the_host_say_its_offer_again() {
    let (mut h, mut g) = (host(), guest("g1"));
    h.start(0);
    let o = published(&h.offer_made("o1".into(), "C".into(), 10));
    let k = published(&g.start(20));
    assert_eq!(published(&h.heard(&k, 21)), o);
    // The same knock replayed: nothing more.
    assert_eq!(h.heard(&k, 22), vec![]);
}

#[test]
fn a_reloaded_guest_replaces_a_stale_link_but_a_replayed_knock_does_not() {
    let (mut h, mut g, _, _) = connected();
    let old_knock = {
        let mut k = published(&guest("g1").start(0));
        k.at = 0;
        k
    };
    // A relay replays the guest's first knock while the link is open: ignored.
    assert_eq!(h.heard(&old_knock, 60), vec![]);
    assert!(h.is_open());
    // The guest's page reloads: a new page knocks; the host's link is stale.
    let mut g2 = guest("g2");
    let k2 = published(&g2.start(70));
    assert_eq!(h.heard(&k2, 71), vec![Do::MakeOffer]);
    assert!(!h.is_open());
    // The old page of the guest, still around and link down, knocks with a newer stamp.
    let (mut h, _, _, _) = connected();
    let k = published(&g.closed(500));
    assert_eq!(h.heard(&k, 501), vec![Do::MakeOffer]);
}

#[test]
fn after_a_drop_both_look_again_and_the_host_offers_once() {
    let (mut h, mut g, _, _) = connected();
    assert_eq!(h.closed(100), vec![Do::MakeOffer]);
    assert_eq!(h.closed(101), vec![], "one offer being made at a time");
    assert_eq!(h.tick(102), vec![]);
    assert_eq!(published(&g.closed(100)).what, What::Knock);
    let o = published(&h.offer_made("o2".into(), "C2".into(), 110));
    assert!(matches!(g.heard(&o, 111)[..], [Do::Answer { .. }]));
    // A failed offer is retried at the next tick.
    let mut h = host();
    h.start(0);
    h.offer_failed();
    assert_eq!(h.tick(1), vec![Do::MakeOffer]);
}

#[test]
fn once_connected_the_host_hears_only_its_guest_not_anyone_else_with_the_link() {
    let (mut h, _, _, _) = connected();
    assert_eq!(h.pinned(), Some("t-guest"));
    // Someone else who has the link knocks with a page of its own: ignored, the link stays.
    let mut stranger = Negotiator::new(Role::Guest, "s1".into()).with_token("t-other".into());
    let k = published(&stranger.start(100));
    assert_eq!(h.heard(&k, 101), vec![]);
    assert!(h.is_open());
    // After a drop the host offers anew; the stranger's answer is not taken, the guest's is.
    assert_eq!(h.closed(200), vec![Do::MakeOffer]);
    let o = published(&h.offer_made("o2".into(), "C2".into(), 210));
    assert!(matches!(stranger.heard(&o, 211)[..], [Do::Answer { .. }]));
    let sa = published(&stranger.answer_made("o2", "S".into(), 212));
    assert_eq!(h.heard(&sa, 213), vec![]);
    // The guest's page reloaded (a new page name, the same saved token) is heard.
    let mut g2 = guest("g2");
    g2.start(220);
    assert!(matches!(g2.heard(&o, 221)[..], [Do::Answer { .. }]));
    let ga = published(&g2.answer_made("o2", "A2".into(), 222));
    assert_eq!(h.heard(&ga, 223), vec![Do::Accept { code: "A2".into() }]);
    // A host page reloaded with the saved token is pinned from the start.
    let mut h2 = Negotiator::new(Role::Host, "h2".into()).pinned_to(Some("t-guest".into()));
    h2.start(0);
    let o = published(&h2.offer_made("o3".into(), "C3".into(), 1));
    let mut stranger = Negotiator::new(Role::Guest, "s2".into()).with_token("t-other".into());
    assert!(matches!(stranger.heard(&o, 2)[..], [Do::Answer { .. }]));
    let sa = published(&stranger.answer_made("o3", "S".into(), 3));
    assert_eq!(h2.heard(&sa, 4), vec![]);
}

/// A small deterministic generator for the simulation.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A hostile relay between a host and a guest: it drops, delays, duplicates and replays notes
/// (everything it ever carried). Every offer and answer code names the page and offer it came
/// from, so a link "opens" only when the host accepted the answer the guest made for the host's
/// current offer — never a stale or replayed one. Both sides connect, every seed.
#[test]
fn a_hostile_relay_delays_but_never_misconnects() {
    for seed in 1..=300u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut h = host();
        let mut g = guest("g1");
        let mut carried: Vec<Note> = Vec::new();
        let mut in_flight: Vec<(u64, Note)> = Vec::new();
        let (mut host_says, mut guest_says): (Option<Note>, Option<Note>) = (None, None);
        let mut offers = 0;
        let mut pending_offer = false;
        let mut pending_answer: Option<String> = None;
        let mut accepted: Option<String> = None;
        let mut opened_at = None;
        let mut todo: Vec<(bool, Do)> = h.start(0).into_iter().map(|d| (true, d)).collect();
        todo.extend(g.start(0).into_iter().map(|d| (false, d)));
        for now in (0..400_000u64).step_by(100) {
            for (is_host, act) in std::mem::take(&mut todo) {
                match act {
                    Do::MakeOffer => pending_offer = true,
                    Do::Answer { offer, code } => {
                        pending_answer = Some(format!("{offer}|{code}"));
                    }
                    Do::Accept { code } => accepted = Some(code),
                    Do::Publish(n) if is_host => host_says = Some(n),
                    Do::Publish(n) => guest_says = Some(n),
                    Do::Quiet if is_host => host_says = None,
                    Do::Quiet => guest_says = None,
                }
            }
            if pending_offer && rng.chance(30) {
                pending_offer = false;
                offers += 1;
                let id = format!("o{offers}");
                let out = h.offer_made(id.clone(), format!("offer:{id}"), now);
                todo.extend(out.into_iter().map(|d| (true, d)));
            }
            if let Some(a) = pending_answer.take() {
                let (offer, code) = a.split_once('|').unwrap();
                let out = g.answer_made(offer, format!("answer-to:{code}"), now);
                todo.extend(out.into_iter().map(|d| (false, d)));
            }
            if let Some(code) = accepted.take() {
                // The link opens only if the answer is to the host's offer on the table now.
                let current = h.offer.as_ref().map(|(_, c, _)| format!("answer-to:{c}"));
                assert_eq!(
                    Some(&code),
                    current.as_ref(),
                    "seed {seed}: a stale answer taken"
                );
                if rng.chance(90) {
                    todo.extend(h.opened().into_iter().map(|d| (true, d)));
                    todo.extend(g.opened().into_iter().map(|d| (false, d)));
                    opened_at = Some(now);
                }
            }
            if opened_at.is_some() {
                break;
            }
            if now % REPEAT_MS == 0 {
                for n in host_says.iter().chain(guest_says.iter()) {
                    if !rng.chance(40) {
                        let delay = if rng.chance(20) {
                            rng.next() % 20_000
                        } else {
                            100
                        };
                        in_flight.push((now + delay, n.clone()));
                        if rng.chance(20) {
                            in_flight.push((now + 300, n.clone()));
                        }
                    }
                    carried.push(n.clone());
                }
                if !carried.is_empty() && rng.chance(30) {
                    let old = carried[(rng.next() as usize) % carried.len()].clone();
                    in_flight.push((now + 100, old));
                }
            }
            let (due, later): (Vec<_>, Vec<_>) =
                in_flight.into_iter().partition(|(t, _)| *t <= now);
            in_flight = later;
            for (_, n) in due {
                todo.extend(h.heard(&n, now).into_iter().map(|d| (true, d)));
                todo.extend(g.heard(&n, now).into_iter().map(|d| (false, d)));
            }
            todo.extend(h.tick(now).into_iter().map(|d| (true, d)));
        }
        let at = opened_at.unwrap_or_else(|| panic!("seed {seed}: never connected"));
        assert!(at < 200_000, "seed {seed}: connected only at {at} ms");
        assert!(h.is_open() && g.is_open());
    }
}
