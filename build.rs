//! The page's `split` build keeps the linker's relocations in the app's wasm: wasm-split-cli
//! (run by the build step, xtask/) needs them to cut it into chunks. No other build is touched.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
}
