//! Peer-to-peer in a real headless Chromium: two peer connections in one page (no ICE servers),
//! connected only by the short codes a player would copy.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use vrhcaby::net::webrtc::{Link, LinkEvent};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn sleep(d: Duration) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, d.as_millis() as i32)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

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
