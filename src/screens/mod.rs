//! The screens: start (new game, the saved games to continue), how to play, the game, and the
//! connection to a friend's device, and setting up a game against the computer.

mod game;
mod howto;
pub mod lazy;
pub mod setup;
mod start;

mod friend;
pub use friend::FriendScreen;
mod lobby;
pub use lobby::LobbyScreen;

pub(crate) mod computer;
pub use computer::ComputerScreen;

mod history;
mod learn;
mod replay;
pub use history::HistoryScreen;
pub use learn::LearnScreen;
pub use replay::ReplayScreen;

pub use game::GameScreen;
pub use howto::HowTo;
pub use start::StartScreen;
