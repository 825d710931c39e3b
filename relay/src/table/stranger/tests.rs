//! Pages in a lobby through a relay that may be hostile: it drops, duplicates, replays and
//! forges events, and floods the lobby.

use super::super::{Lang, Rules, TableKey, Wish, TTL_S};
use super::*;

const NOW: u64 = 1_800_000_000;
const WORK: u32 = 4;

fn wish() -> Wish {
    Wish {
        rules: Rules::House,
        length: 0,
        clock: true,
        lang: Lang::Cs,
    }
}

fn page(n: u8) -> Stranger {
    Stranger::new(TableKey::new(&[n; 32]).unwrap(), WORK)
}

/// Fresh bytes that differ every call.
fn fresh(n: u64) -> Fresh {
    let b = n.to_le_bytes();
    let mut room = [0u8; 16];
    room[..8].copy_from_slice(&b);
    room[8] = 0xee;
    Fresh {
        room,
        nonce: [b[0], b[1], 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        aux: [b[0]; 32],
        start: n * 1_000,
    }
}

/// The events sent, as their texts travel through a relay.
fn sends(out: &[Out]) -> Vec<String> {
    out.iter()
        .filter_map(|o| {
            if let Out::Send(e) = o {
                Some(e.to_json())
            } else {
                None
            }
        })
        .collect()
}

fn plays(out: &[Out]) -> Vec<(String, bool)> {
    out.iter()
        .filter_map(|o| {
            if let Out::Play { room, host, .. } = o {
                Some((room.clone(), *host))
            } else {
                None
            }
        })
        .collect()
}

fn listed(out: &[Out]) -> Option<Vec<String>> {
    out.iter().rev().find_map(|o| {
        if let Out::List(l) = o {
            Some(l.iter().map(|t| t.author.clone()).collect())
        } else {
            None
        }
    })
}

/// An event's text as the worker reads it.
fn event(text: &str) -> Event {
    Event::parse(text).unwrap()
}

/// Everything `events` says, heard by `to`, in order; what `to` answers. A text that is no
/// event is dropped, as the worker drops it.
fn deliver(to: &mut Stranger, events: &[String], now: u64) -> Vec<Out> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let Ok(e) = Event::parse(e) else { continue };
        out.extend(
            to.heard(&e, now, fresh(now + i as u64 * 7))
                .unwrap_or_default(),
        );
    }
    out
}

#[test]
fn a_stranger_sits_down_and_both_meet_in_one_room() {
    let (mut a, mut b, mut c) = (page(1), page(2), page(3));
    let table = sends(&a.wish(wish(), true, NOW, fresh(1)));
    assert_eq!(table.len(), 1);
    b.wish(wish(), false, NOW, fresh(2));
    c.wish(wish(), false, NOW, fresh(3));
    let seen = deliver(&mut b, &table, NOW);
    assert_eq!(listed(&seen), Some(vec![a.public_key().to_owned()]));
    deliver(&mut c, &table, NOW);
    // A page that wishes another game does not list it.
    let mut d = page(4);
    d.wish(
        Wish {
            rules: Rules::Standard,
            ..wish()
        },
        false,
        NOW,
        fresh(4),
    );
    assert_eq!(listed(&deliver(&mut d, &table, NOW)), None);
    // B sits: a join sealed to A; A welcomes B, withdraws its table and hosts.
    let join = sends(&b.sit(a.public_key(), NOW + 1, fresh(5)));
    assert_eq!(join.len(), 1);
    let answer = deliver(&mut a, &join, NOW + 1);
    let host = plays(&answer);
    assert_eq!(host.len(), 1);
    assert!(host[0].1, "the owner hosts");
    let answer = sends(&answer);
    assert_eq!(answer.len(), 2, "a welcome and the withdrawal");
    let guest = plays(&deliver(&mut b, &answer, NOW + 2));
    assert_eq!(
        guest,
        vec![(host[0].0.clone(), false)],
        "the same room, B as guest"
    );
    assert_eq!(host[0].0.len(), 32);
    // C hears the withdrawal: A's table is gone from its list.
    assert_eq!(listed(&deliver(&mut c, &answer, NOW + 2)), Some(vec![]));
    // Once playing, a repeated join hears the same welcome again, and nothing else happens.
    let again = deliver(&mut a, &join, NOW + 3);
    assert!(plays(&again).is_empty());
    assert_eq!(sends(&again).len(), 1);
    assert!(plays(&deliver(&mut b, &sends(&again), NOW + 3)).is_empty());
    assert!(a.tick(NOW + RENEW_S + 1, fresh(9)).is_empty());
}

#[test]
fn two_joiners_at_once_one_plays_the_other_hears_at_once() {
    let (mut a, mut b, mut c) = (page(1), page(2), page(3));
    let table = sends(&a.wish(wish(), true, NOW, fresh(1)));
    for p in [&mut b, &mut c] {
        p.wish(wish(), false, NOW, fresh(2));
        deliver(p, &table, NOW);
    }
    let jb = sends(&b.sit(a.public_key(), NOW + 1, fresh(3)));
    let jc = sends(&c.sit(a.public_key(), NOW + 1, fresh(4)));
    // The relay carries C's first; then B's.
    let to_c = deliver(&mut a, &jc, NOW + 1);
    let to_b = deliver(&mut a, &jb, NOW + 1);
    assert_eq!(plays(&to_c).len(), 1);
    assert!(plays(&to_b).is_empty());
    let c_out = deliver(&mut c, &sends(&to_c), NOW + 2);
    assert_eq!(plays(&c_out).len(), 1);
    let b_out = deliver(&mut b, &sends(&to_b), NOW + 2);
    assert!(plays(&b_out).is_empty());
    assert!(
        b_out.contains(&Out::Taken {
            author: a.public_key().to_owned()
        }),
        "{b_out:?}"
    );
    assert_eq!(
        listed(&b_out),
        Some(vec![]),
        "the table is gone from B's list"
    );
    // The welcome meant for C, replayed to B, does nothing (sealed to C).
    assert!(deliver(&mut b, &sends(&to_c), NOW + 3)
        .iter()
        .all(|o| !matches!(o, Out::Play { .. })));
}

#[test]
fn a_hostile_relay_changes_nothing_an_honest_player_sees() {
    let (mut a, mut b, mut c) = (page(1), page(2), page(3));
    let first = sends(&a.wish(wish(), true, NOW, fresh(1)));
    b.wish(wish(), false, NOW, fresh(2));
    c.wish(wish(), false, NOW, fresh(3));
    // Duplicated from several relays: one table.
    let dup = [first.clone(), first.clone(), first.clone()].concat();
    assert_eq!(
        listed(&deliver(&mut b, &dup, NOW)),
        Some(vec![a.public_key().to_owned()])
    );
    // A flood of 1,000 forged tables (other keys claimed, a changed wish, junk): none shows.
    let mut event: serde_json::Value = serde_json::from_str(&first[0]).unwrap();
    let mut flood = Vec::new();
    for i in 0..1_000u32 {
        match i % 3 {
            0 => event["pubkey"] = serde_json::json!(format!("{:064x}", u64::from(i) + 1)),
            1 => event["content"] = serde_json::json!(format!("{{\"n\":{i}}}")),
            _ => event["sig"] = serde_json::json!("00".repeat(64)),
        }
        flood.push(event.to_string());
    }
    flood.push("not json".into());
    flood.push("x".repeat(10_000));
    assert_eq!(
        listed(&deliver(&mut b, &flood, NOW)),
        None,
        "the list did not change"
    );
    // B's join is dropped; B says it again after a few seconds and A welcomes it.
    let _dropped = sends(&b.sit(a.public_key(), NOW + 1, fresh(4)));
    assert!(
        b.tick(NOW + 2, fresh(5))
            .iter()
            .all(|o| !matches!(o, Out::Send(_))),
        "not yet"
    );
    let again = sends(&b.tick(NOW + 1 + JOIN_REPEAT_S, fresh(6)));
    assert_eq!(again.len(), 1);
    let to_b = deliver(&mut a, &again, NOW + 5);
    let room = plays(&to_b);
    assert_eq!(room.len(), 1);
    // The welcome is dropped too; B's next join gets it again (the same room), once.
    let again = sends(&b.tick(NOW + 1 + 2 * JOIN_REPEAT_S, fresh(7)));
    // A is playing: a repeated join hears the welcome again and seats nobody new; the first
    // welcome, delivered late and twice, seats B in A's room once.
    assert!(plays(&deliver(&mut a, &again, NOW + 8)).is_empty());
    let late = [sends(&to_b), sends(&to_b)].concat();
    let b_out = deliver(&mut b, &late, NOW + 8);
    assert_eq!(plays(&b_out), vec![(room[0].0.clone(), false)]);
    // The old table replayed after the withdrawal does not bring it back for C.
    deliver(&mut c, &first, NOW);
    deliver(&mut c, &sends(&to_b), NOW + 8);
    assert_eq!(listed(&c.tick(NOW + 9, fresh(8))), None);
    assert!(
        deliver(&mut c, &first, NOW + 10).is_empty(),
        "replayed: ignored"
    );
    assert_eq!(c.tick(NOW + 11, fresh(9)), vec![]);
}

#[test]
fn an_owner_who_does_not_answer_is_given_up_and_the_own_table_reopens() {
    let (mut a, mut b) = (page(1), page(2));
    let table = sends(&a.wish(wish(), true, NOW, fresh(1)));
    // B has its own table open, and sits at A's.
    let own = sends(&b.wish(wish(), true, NOW, fresh(2)));
    assert_eq!(own.len(), 1);
    deliver(&mut b, &table, NOW);
    let out = b.sit(a.public_key(), NOW + 1, fresh(3));
    let said = sends(&out);
    assert_eq!(said.len(), 2, "B's own table withdrawn, and the join");
    assert!(said[0].contains("\\\"closed\\\"") || said[0].contains("closed"));
    // Nobody answers: after the wait, B hears the table is gone and its own is open again.
    let out = b.tick(NOW + 1 + JOIN_WAIT_S, fresh(4));
    assert!(out.contains(&Out::Taken {
        author: a.public_key().to_owned()
    }));
    let reopened = sends(&out);
    assert_eq!(reopened.len(), 1);
    assert!(!reopened[0].contains("closed"));
    assert_eq!(listed(&out), Some(vec![]));
    // Sitting at a table not listed: told at once.
    assert_eq!(
        b.sit("ab", NOW + 20, fresh(5)),
        vec![Out::Taken {
            author: "ab".into()
        }]
    );
}

#[test]
fn a_waiting_table_is_renewed_before_it_expires_and_a_blocked_owner_vanishes() {
    let (mut a, mut b) = (page(1), page(2));
    let first = sends(&a.wish(wish(), true, NOW, fresh(1)));
    b.wish(wish(), false, NOW, fresh(2));
    deliver(&mut b, &first, NOW);
    assert!(sends(&a.tick(NOW + RENEW_S - 1, fresh(3))).is_empty());
    let renewed = sends(&a.tick(NOW + RENEW_S, fresh(4)));
    assert_eq!(renewed.len(), 1);
    deliver(&mut b, &renewed, NOW + RENEW_S);
    // Past the first copy's life, B still lists it.
    assert!(b.tick(NOW + TTL_S + 1, fresh(5)).is_empty(), "no change");
    assert_eq!(b.lobby.list(NOW + TTL_S + 1, None, None).len(), 1);
    // Not renewed: it expires from the list.
    assert_eq!(
        listed(&b.tick(NOW + RENEW_S + TTL_S, fresh(6))),
        Some(vec![])
    );
    // Blocked: its next table is ignored.
    let next = sends(&a.tick(NOW + 2 * RENEW_S, fresh(7)));
    deliver(&mut b, &next, NOW + 2 * RENEW_S);
    assert_eq!(
        b.block(a.public_key(), NOW + 2 * RENEW_S),
        vec![Out::List(vec![])]
    );
    let later = sends(&a.tick(NOW + 3 * RENEW_S, fresh(8)));
    assert_eq!(
        b.heard(&event(&later[0]), NOW + 3 * RENEW_S, fresh(9)),
        Err(Ignored::Blocked)
    );
}

#[test]
fn a_table_withdrawn_in_the_second_it_opened_is_gone() {
    let (mut a, mut c) = (page(1), page(3));
    c.wish(wish(), false, NOW, fresh(1));
    let opened = sends(&a.wish(wish(), true, NOW, fresh(2)));
    assert_eq!(
        listed(&deliver(&mut c, &opened, NOW)),
        Some(vec![a.public_key().to_owned()])
    );
    let closed = sends(&a.withdraw(NOW, fresh(3)));
    assert_eq!(listed(&deliver(&mut c, &closed, NOW)), Some(vec![]));
    // And opened again in that same second: listed again.
    let again = sends(&a.wish(wish(), true, NOW, fresh(4)));
    assert_eq!(
        listed(&deliver(&mut c, &again, NOW)),
        Some(vec![a.public_key().to_owned()])
    );
}

#[test]
fn a_welcome_that_comes_after_the_joiner_gave_up_still_seats_it() {
    let (mut a, mut b) = (page(1), page(2));
    let table = sends(&a.wish(wish(), true, NOW, fresh(1)));
    b.wish(wish(), true, NOW, fresh(2));
    deliver(&mut b, &table, NOW);
    let join = sends(&b.sit(a.public_key(), NOW + 1, fresh(3)));
    let join = &join[join.len() - 1..];
    // A hears the join and hosts; its welcome is delayed past B's patience.
    let to_b = deliver(&mut a, join, NOW + 2);
    let room = plays(&to_b);
    let out = b.tick(NOW + 1 + JOIN_WAIT_S, fresh(4));
    assert!(out.contains(&Out::Taken {
        author: a.public_key().to_owned()
    }));
    // The welcome arrives: B plays in A's room after all, its reopened table withdrawn.
    let late = deliver(&mut b, &sends(&to_b), NOW + 2 + JOIN_WAIT_S);
    assert_eq!(plays(&late), vec![(room[0].0.clone(), false)]);
    assert!(sends(&late).iter().any(|e| e.contains("closed")));
    // Not after sitting at another table meanwhile.
    let (mut c, mut d) = (page(3), page(4));
    let t_c = sends(&c.wish(wish(), true, NOW, fresh(5)));
    let t_a = sends(&page(5).wish(wish(), true, NOW, fresh(6)));
    d.wish(wish(), false, NOW, fresh(7));
    deliver(&mut d, &[t_c.clone(), t_a].concat(), NOW);
    let join = sends(&d.sit(c.public_key(), NOW + 1, fresh(8)));
    let to_d = deliver(&mut c, &join, NOW + 2);
    d.tick(NOW + 1 + JOIN_WAIT_S, fresh(9));
    let other = d
        .shown
        .iter()
        .find(|l| l.author != c.public_key())
        .map(|l| l.author.clone())
        .unwrap();
    d.sit(&other, NOW + 30, fresh(10));
    assert_eq!(
        d.heard(&event(&sends(&to_d)[0]), NOW + 31, fresh(11)),
        Err(Ignored::Foreign)
    );
}

#[test]
fn a_changed_wish_always_says_its_list_even_an_empty_one() {
    let (mut a, mut b) = (page(1), page(2));
    let table = sends(&a.wish(wish(), true, NOW, fresh(1)));
    b.wish(wish(), false, NOW, fresh(2));
    assert_eq!(
        listed(&deliver(&mut b, &table, NOW)),
        Some(vec![a.public_key().to_owned()])
    );
    let standard = Wish {
        rules: Rules::Standard,
        length: 5,
        ..wish()
    };
    assert_eq!(
        b.wish(standard, false, NOW + 1, fresh(3)),
        vec![Out::List(vec![])]
    );
    let back = b.wish(wish(), false, NOW + 2, fresh(4));
    assert_eq!(listed(&back), Some(vec![a.public_key().to_owned()]));
}
