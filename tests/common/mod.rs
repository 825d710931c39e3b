//! Helpers shared by the browser tests.
#![allow(dead_code)]

use std::time::Duration;

/// Waits (lets Leptos update the DOM and the app's timers fire).
pub async fn sleep(d: Duration) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, d.as_millis() as i32)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}
