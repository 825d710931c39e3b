//! The page's one client of the computer's Web Worker (`worker/`), used by the computer's moves,
//! the hint and the tutor (`drivers::bot`) and by the analysis (`drivers::analysis`), each with a
//! worker of its own. It creates the rule set's worker when first asked (replacing one of the
//! other rule set), holds what is asked before the worker's wasm is ready, writes each
//! `vrhcaby_protocol::Request` and reads each `Reply`, and treats a worker that does not load in
//! time, or whose script fails, as failed: it is dropped, and the next question makes a new one.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::set_timeout;
use vrhcaby_protocol::{files, Answer, Ask, Reply, Request};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::state::Dispatch;

/// How long a worker may take to load (its wasm and weights) before it counts as failed.
const LOAD_TIMEOUT_MS: u64 = 30_000;

/// The worker's build for a rule set (`vrhcaby_protocol::files`; its loader is written next to
/// the page by the build step): the standard-backgammon worker is the same worker with standard
/// backgammon's net inside; each comes built twice, its net's forward pass in wasm SIMD where the
/// browser validates it (the same answers, bit for bit, a decision about 1.5× sooner), else scalar.
#[must_use]
pub fn worker_bin(standard: bool) -> &'static str {
    let worker = if standard {
        files::BOT_STANDARD
    } else {
        files::BOT
    };
    worker.bin(simd())
}

/// Whether this browser's WebAssembly validates SIMD (asked once).
fn simd() -> bool {
    thread_local! {
        static SIMD: bool = js_sys::WebAssembly::validate(&js_sys::Uint8Array::from(&files::SIMD_PROBE[..]).into())
            .unwrap_or(false);
    }
    SIMD.with(|s| *s)
}

/// What a client's owner does with its worker's replies and failures.
#[derive(Clone, Copy)]
pub struct Handlers {
    /// Each reply to a request (never the ready signal, which the client keeps).
    pub reply: fn(Dispatch, Reply),
    /// The worker failed (did not load in time, or its script failed): it is gone, and every
    /// request in flight with it.
    pub failed: fn(Dispatch),
}

#[derive(Default)]
struct Inner {
    worker: Option<Worker>,
    /// Which worker it is (its build, `worker_bin`).
    bin: &'static str,
    ready: bool,
    /// Posted before the worker was ready.
    queue: Vec<String>,
    next_id: u32,
    /// Bumped each time a worker is made or dropped, so a stale timer or event does nothing.
    generation: u32,
}

/// A client of one worker at a time (see the module's documentation).
#[derive(Clone, Default)]
pub struct Client(Rc<RefCell<Inner>>);

impl Client {
    /// The build of the worker it holds, if any.
    #[must_use]
    pub fn bin(&self) -> Option<&'static str> {
        let inner = self.0.borrow();
        inner.worker.as_ref().map(|_| inner.bin)
    }

    /// Sends `ask` to the worker of build `bin` (made first, replacing one of another) and returns
    /// the request's id; `None` when no worker can be made (`handlers.failed` is not called).
    pub fn send(
        &self,
        d: Dispatch,
        bin: &'static str,
        ask: Ask,
        handlers: Handlers,
    ) -> Option<u32> {
        if self.bin() != Some(bin) {
            self.stop();
            self.spawn(d, bin, handlers)?;
        }
        let mut inner = self.0.borrow_mut();
        inner.next_id = inner.next_id.wrapping_add(1);
        let id = inner.next_id;
        let text = serde_json::to_string(&Request { id, ask }).ok()?;
        match (&inner.worker, inner.ready) {
            (Some(worker), true) => {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
            _ => inner.queue.push(text),
        }
        Some(id)
    }

    /// Ends the worker (its requests in flight are never answered).
    pub fn stop(&self) {
        let mut inner = self.0.borrow_mut();
        if let Some(worker) = inner.worker.take() {
            worker.terminate();
        }
        inner.ready = false;
        inner.queue.clear();
        inner.generation = inner.generation.wrapping_add(1);
    }

    fn spawn(&self, d: Dispatch, bin: &'static str, handlers: Handlers) -> Option<()> {
        let [loader, ..] = files::Worker::files(bin);
        let worker = Worker::new(&loader).ok()?;
        let generation = {
            let mut inner = self.0.borrow_mut();
            inner.generation = inner.generation.wrapping_add(1);
            inner.bin = bin;
            inner.generation
        };
        let me = self.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            let Ok(reply) = serde_json::from_str::<Reply>(&text) else {
                return;
            };
            if me.0.borrow().generation != generation {
                return;
            }
            if reply.answer == Answer::Ready {
                let mut inner = me.0.borrow_mut();
                inner.ready = true;
                let queue = std::mem::take(&mut inner.queue);
                if let Some(worker) = &inner.worker {
                    for text in queue {
                        let _ = worker.post_message(&JsValue::from_str(&text));
                    }
                }
                return;
            }
            (handlers.reply)(d, reply);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        // A script that does not load, or a wasm that traps: the worker is broken.
        let me = self.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            me.fail(d, generation, handlers);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        // Not ready in time (a wasm that never loads): broken too.
        let me = self.clone();
        set_timeout(
            move || {
                if !me.0.borrow().ready {
                    me.fail(d, generation, handlers);
                }
            },
            Duration::from_millis(LOAD_TIMEOUT_MS),
        );
        self.0.borrow_mut().worker = Some(worker);
        Some(())
    }

    /// The worker of `generation` failed: dropped, and its owner told (unless it is gone already).
    fn fail(&self, d: Dispatch, generation: u32, handlers: Handlers) {
        if self.0.borrow().generation != generation {
            return;
        }
        self.stop();
        (handlers.failed)(d);
    }
}
