//! The house-rules worker (`main.rs`) built with the `simd` feature: the net's forward pass in
//! wasm SIMD. The page loads it where the browser validates SIMD (`src/drivers/bot.rs`).

#[path = "main.rs"]
mod worker;

fn main() {
    worker::main();
}
