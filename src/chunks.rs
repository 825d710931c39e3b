//! The generic chunk loader every lazy part of the page uses: [`split_point!`] declares a
//! function whose code the build step (`xtask/`) moves into a wasm chunk of its own, fetched the
//! first time it is called; [`run`] runs such a call at once when its chunk is there, else when
//! it arrives; [`Unavailable`] is a chunk that could not be fetched. Its users: the connection's
//! entry (`connection`), the lazy screens (`screens::lazy`) and a roll's proof (`panel::proof`).

use std::future::Future;
use std::task::{Context, Poll, Waker};

/// A chunk could not be fetched (offline before the service worker had it).
#[derive(Debug, Clone, Copy)]
pub struct Unavailable;

#[cfg(all(feature = "split", target_arch = "wasm32"))]
impl From<leptos::wasm_split::SplitLoaderError> for Unavailable {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        Unavailable
    }
}

/// Runs `task` now if it is ready at once (its chunk is loaded), else when it is, in the
/// reactive owner of the caller either way (a screen's view needs its contexts). Whether it was
/// ready at once.
pub fn run<T: 'static>(
    task: impl Future<Output = T> + 'static,
    done: impl FnOnce(T) + 'static,
) -> bool {
    let mut task = Box::pin(task);
    match task.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => {
            done(value);
            true
        }
        Poll::Pending => {
            leptos::task::spawn_local_scoped(async move { done(task.await) });
            false
        }
    }
}

/// `chunk: name(args) -> T => body` declares `name` as a split point in the wasm chunk `chunk`:
/// with the `split` feature a `wasm_split_helpers` split point (`fallible`: a chunk that cannot
/// be fetched is `Unavailable`, not a panic), without it a plain `async fn` ready at once. The
/// one definition of both shapes, for the connection's entry, the screens of `screens::lazy` and
/// a roll's proof (`panel::proof`).
macro_rules! split_point {
    ($(#[$doc:meta])* $chunk:ident: $name:ident($($arg:ident: $ty:ty),*) -> $out:ty => $body:expr) => {
        $(#[$doc])*
        #[cfg(all(feature = "split", target_arch = "wasm32"))]
        #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
        pub fn $name($($arg: $ty),*) -> Result<$out, $crate::chunks::Unavailable> {
            Ok($body)
        }
        $(#[$doc])*
        #[cfg(not(all(feature = "split", target_arch = "wasm32")))]
        pub async fn $name($($arg: $ty),*) -> Result<$out, $crate::chunks::Unavailable> {
            Ok($body)
        }
    };
}
pub(crate) use split_point;
