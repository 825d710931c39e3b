//! A stand-in for the future Web Worker, to measure the size of the computer in wasm: one export
//! that parses the built-in weights and plays the strongest level's turn for a seeded roll.
//!
//! cargo build --profile web --target wasm32-unknown-unknown -p vrhcaby-bot --example wasm_size
//! gzip -9 -c $CARGO_TARGET_DIR/wasm32-unknown-unknown/web/examples/wasm_size.wasm | wc -c

use vrhcaby_bot::{Bot, Level};
use vrhcaby_rules::{Position, Roll, Rules, Side};

/// The index of the strongest level's play for White at the start with dice `a`, `b`
/// (`u32::MAX` for bad dice or weights).
#[no_mangle]
pub extern "C" fn bot_start_play(a: u32, b: u32) -> u32 {
    let (Ok(a), Ok(b)) = (u8::try_from(a), u8::try_from(b)) else {
        return u32::MAX;
    };
    let (Ok(roll), Ok(mut bot)) = (Roll::from_values(a, b), Bot::builtin()) else {
        return u32::MAX;
    };
    let c = bot.choose(
        &Position::start(),
        Side::White,
        roll,
        Rules::Vrhcaby,
        Level::Strongest,
        0,
    );
    c.index as u32
}

#[allow(dead_code)]
fn main() {}
