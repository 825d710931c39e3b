//! The page's end of a relay worker (`vrhcaby_relay::talk`): the worker started from its loader,
//! its messages read into `FromWorker`, and what the page says held until the worker's `Ready`,
//! then posted in order. A room (`room`) and the lobby (`lobby`) each have one.

use vrhcaby_relay::talk::{FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

pub struct Port {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
}

impl Port {
    /// Starts a relay worker: each message it says goes to `heard` (a `Ready` first marks the
    /// port ready, by [`Port::ready`], which the owner calls with its state at hand); a script
    /// that fails to load goes to `failed`. `None` if the browser makes no worker.
    pub fn start(
        mut heard: impl FnMut(FromWorker) + 'static,
        mut failed: impl FnMut() + 'static,
    ) -> Option<Port> {
        let [loader, ..] =
            vrhcaby_protocol::files::Worker::files(vrhcaby_protocol::files::RELAY.plain);
        let worker = Worker::new(&loader).ok()?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            if let Some(msg) = ev
                .data()
                .as_string()
                .and_then(|t| serde_json::from_str::<FromWorker>(&t).ok())
            {
                heard(msg);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| failed());
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        Some(Port {
            worker,
            ready: false,
            queue: Vec::new(),
        })
    }

    /// Says `message`: now if the worker is ready, else once it is.
    pub fn say(&mut self, message: &ToWorker) {
        let Ok(text) = serde_json::to_string(message) else {
            return;
        };
        if self.ready {
            let _ = self.worker.post_message(&JsValue::from_str(&text));
        } else {
            self.queue.push(text);
        }
    }

    /// The worker said `Ready`: what waited goes now.
    pub fn ready(&mut self) {
        self.ready = true;
        for text in self.queue.drain(..) {
            let _ = self.worker.post_message(&JsValue::from_str(&text));
        }
    }

    /// Stops the worker after `ms` (at once with 0).
    pub fn stop_after(self, ms: i32) {
        if ms <= 0 {
            self.worker.terminate();
            return;
        }
        let worker = self.worker;
        let stop = Closure::once_into_js(move || worker.terminate());
        if let Some(w) = web_sys::window() {
            let _ =
                w.set_timeout_with_callback_and_timeout_and_arguments_0(stop.unchecked_ref(), ms);
        }
    }
}
