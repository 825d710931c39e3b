//! The screens: start (new game, the saved games to continue), how to play, the game, and the
//! connection to a friend's device.

mod game;
mod howto;
mod start;

#[cfg(feature = "peer")]
mod friend;
#[cfg(feature = "peer")]
pub use friend::FriendScreen;

pub use game::GameScreen;
pub use howto::HowTo;
pub use start::StartScreen;

/// The local-only build has no connection screen ("Play with a friend" opens `peer/`).
#[cfg(not(feature = "peer"))]
#[leptos::component]
pub fn FriendScreen() -> impl leptos::IntoView {}
