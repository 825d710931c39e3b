//! Peer-to-peer in a real headless Chromium: two peer connections in one page (no ICE servers),
//! connected only by the short codes a player would copy.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use vrhcaby::connection::net::webrtc::{Link, LinkEvent};
use wasm_bindgen_test::*;

mod common;
use common::sleep;

wasm_bindgen_test_configure!(run_in_browser);

type Inbox = Rc<RefCell<Vec<String>>>;

fn recorder() -> (Inbox, Rc<RefCell<bool>>, impl Fn(LinkEvent) + 'static) {
    let inbox: Inbox = Rc::default();
    let open = Rc::new(RefCell::new(false));
    let (i, o) = (inbox.clone(), open.clone());
    (inbox, open, move |ev| match ev {
        LinkEvent::Open => *o.borrow_mut() = true,
        LinkEvent::Message(m) => i.borrow_mut().push(m),
        LinkEvent::Closed => *o.borrow_mut() = false,
    })
}

#[wasm_bindgen_test]
async fn two_links_connect_through_codes_and_talk() {
    let (host_inbox, host_open, host_handler) = recorder();
    let (guest_inbox, guest_open, guest_handler) = recorder();
    let (host, invite) = Link::offer(&[], host_handler).await.unwrap();
    assert!(
        invite.len() < 200,
        "invitation code of {} chars",
        invite.len()
    );
    let link = format!("https://example.org/vrhcaby/#join={invite}");
    let (guest, answer) = Link::answer(&[], &link, guest_handler).await.unwrap();
    host.accept(&answer).await.unwrap();
    for _ in 0..100 {
        if *host_open.borrow() && *guest_open.borrow() {
            break;
        }
        sleep(Duration::from_millis(50)).await;
    }
    assert!(host.is_open() && guest.is_open(), "the data channel opened");
    assert!(host.send("hello from the host"));
    assert!(guest.send("hello from the guest"));
    for _ in 0..50 {
        if !host_inbox.borrow().is_empty() && !guest_inbox.borrow().is_empty() {
            break;
        }
        sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        *guest_inbox.borrow(),
        vec!["hello from the host".to_string()]
    );
    assert_eq!(
        *host_inbox.borrow(),
        vec!["hello from the guest".to_string()]
    );
    drop(guest);
    for _ in 0..100 {
        if !*host_open.borrow() {
            break;
        }
        sleep(Duration::from_millis(50)).await;
    }
    assert!(!*host_open.borrow(), "the host sees the guest leave");
}

/// Two peer sessions, each behind its own link, play the lot and several turns through the real
/// session code (fair dice included) and end with equal records.
#[wasm_bindgen_test]
async fn two_sessions_play_an_opening_over_real_links() {
    use vrhcaby::session::PeerSession;
    use vrhcaby_p2p::PeerGame;
    use vrhcaby_rules::{Command, Phase, Side};

    let (host_inbox, host_open, host_handler) = recorder();
    let (guest_inbox, guest_open, guest_handler) = recorder();
    let (host_link, invite) = Link::offer(&[], host_handler).await.unwrap();
    let (guest_link, answer) = Link::answer(&[], &invite, guest_handler).await.unwrap();
    host_link.accept(&answer).await.unwrap();
    for _ in 0..100 {
        if *host_open.borrow() && *guest_open.borrow() {
            break;
        }
        sleep(Duration::from_millis(50)).await;
    }
    assert!(host_link.is_open() && guest_link.is_open());

    let now = || js_sys::Date::now() as u64;
    let mut host = PeerSession::new(PeerGame::new("browser-test".into(), Side::White, now()));
    let mut guest = PeerSession::new(PeerGame::new("browser-test".into(), Side::Black, now()));
    host.on_open(now());
    guest.on_open(now());
    let mut moves = 0;
    for _ in 0..4000 {
        for (s, link) in [(&mut host, &host_link), (&mut guest, &guest_link)] {
            for m in s.take_outbox() {
                assert!(link.send(&m));
            }
        }
        sleep(Duration::from_millis(5)).await;
        for text in host_inbox.borrow_mut().drain(..) {
            host.receive(&text, now());
        }
        for text in guest_inbox.borrow_mut().drain(..) {
            guest.receive(&text, now());
        }
        assert_eq!(host.take_warning(), None);
        assert_eq!(guest.take_warning(), None);
        for s in [&mut host, &mut guest] {
            s.tick(now());
            let g = s.game();
            if g.phase() == Phase::Moving && g.dice_owner() == Some(s.seat()) {
                let mv = g.legal_moves()[0];
                let side = s.seat();
                s.act(
                    Command::Move {
                        side,
                        from: mv.from,
                        to: mv.to,
                    },
                    now(),
                )
                .unwrap();
                moves += 1;
            }
        }
        if moves >= 12 && host.game().record() == guest.game().record() {
            break;
        }
    }
    assert!(moves >= 12, "only {moves} moves were played");
    assert_eq!(host.game().record(), guest.game().record());
    assert_eq!(
        host.game().record().to_json(),
        guest.game().record().to_json()
    );
    assert_eq!(host.game(), guest.game());
    assert!(host.divergence().is_none() && guest.divergence().is_none());
}
