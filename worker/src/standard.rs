//! The standard-backgammon worker: the same worker (`main.rs`), built with the `standard-net`
//! feature so that standard backgammon's own net is inside. The page loads it only for a
//! standard game (`drivers/bot.rs`).

#[path = "main.rs"]
mod worker;

fn main() {
    worker::main();
}
