//! The screens a game does not need, each loaded when first opened.
//!
//! With the `split` feature (the page's release build, `scripts/build.sh`), each function below is
//! a split point of `wasm_split_helpers`: `scripts/split-wasm.mjs` moves the code only it reaches
//! into a wasm chunk of its own, fetched the first time it is called. Without the feature (tests,
//! clippy, native builds) each is a plain `async fn` that is ready at once.

use leptos::prelude::*;

/// A screen's chunk could not be fetched (offline before the service worker had it).
#[derive(Debug, Clone, Copy)]
pub struct Unavailable;

#[cfg(all(feature = "split", target_arch = "wasm32"))]
impl From<leptos::wasm_split::SplitLoaderError> for Unavailable {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        Unavailable
    }
}

macro_rules! lazy_screen {
    ($(#[$doc:meta])* $name:ident in $chunk:ident => $view:expr) => {
        $(#[$doc])*
        #[cfg(all(feature = "split", target_arch = "wasm32"))]
        #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
        pub fn $name() -> Result<AnyView, Unavailable> {
            Ok($view.into_any())
        }
        $(#[$doc])*
        #[cfg(not(all(feature = "split", target_arch = "wasm32")))]
        pub async fn $name() -> Result<AnyView, Unavailable> {
            Ok($view.into_any())
        }
    };
}

lazy_screen!(
    /// How to play.
    how_to in howto => view! { <super::HowTo/> }
);
lazy_screen!(
    /// Connecting to a friend's device.
    friend in friend => view! { <super::FriendScreen/> }
);
lazy_screen!(
    /// A game record replayed.
    replay in replay => view! { <super::ReplayScreen/> }
);
lazy_screen!(
    /// My games.
    history in history => view! { <super::HistoryScreen/> }
);
lazy_screen!(
    /// Learn: the puzzles.
    learn in learn => view! { <super::LearnScreen/> }
);
