//! Stand-in for `wasm-streams` 0.5: only what `server_fn`'s browser client names. Server
//! functions are never called by this app; the real crate exports JS classes the linker keeps.
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};
use futures_core::Stream;
use wasm_bindgen::JsValue;

pub mod readable {
    pub use super::{IntoStream, ReadableStream};
}

#[derive(Debug)]
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        wasm_bindgen::throw_str("streams are not supported")
    }
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }
    pub fn into_stream(self) -> IntoStream<'static> {
        IntoStream(PhantomData)
    }
}

/// Ends at once.
pub struct IntoStream<'reader>(PhantomData<&'reader ()>);

impl Stream for IntoStream<'_> {
    type Item = Result<JsValue, JsValue>;
    fn poll_next(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(None)
    }
}
