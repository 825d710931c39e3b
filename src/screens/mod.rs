//! The screens: start (new game, the saved games to continue), how to play, the game, and the
//! connection to a friend's device, and setting up a game against the computer.

mod game;
mod howto;
pub mod setup;
mod start;

#[cfg(feature = "peer")]
mod friend;
#[cfg(feature = "peer")]
pub use friend::FriendScreen;

#[cfg(feature = "computer")]
pub(crate) mod computer;
#[cfg(feature = "computer")]
pub use computer::ComputerScreen;

#[cfg(feature = "viewer")]
mod history;
#[cfg(all(feature = "viewer", feature = "computer"))]
mod learn;
#[cfg(feature = "viewer")]
mod replay;
#[cfg(feature = "viewer")]
pub use history::HistoryScreen;
#[cfg(all(feature = "viewer", feature = "computer"))]
pub use learn::LearnScreen;
#[cfg(feature = "viewer")]
pub use replay::ReplayScreen;

pub use game::GameScreen;
pub use howto::HowTo;
pub use start::StartScreen;

/// The local-only build has no connection screen ("Play with a friend" opens `peer/`).
#[cfg(not(feature = "peer"))]
#[leptos::component]
pub fn FriendScreen() -> impl leptos::IntoView {}

/// The start page has no computer ("Play the computer" opens `peer/`).
#[cfg(not(feature = "computer"))]
#[leptos::component]
pub fn ComputerScreen() -> impl leptos::IntoView {}
