//! The page's `split` build keeps the linker's relocations in the app's wasm: wasm-split-cli
//! (run by the build step, xtask/) needs them to cut it into chunks. The replay viewer's own
//! styles (`style/replay.css`, added to the page by the screen itself: its chunk brings them) are
//! minified into `OUT_DIR`: they travel inside the chunk, where every byte counts.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    let path = "style/replay.css";
    println!("cargo::rerun-if-changed={path}");
    let css = std::fs::read_to_string(path).unwrap_or_default();
    let _ = std::fs::write(format!("{out}/replay.css"), minify(&css));
}

/// Comments out, whitespace collapsed, and none around `{ } ; , >` or after a `:` (the screens'
/// styles write no selector with a space before a pseudo-class).
fn minify(css: &str) -> String {
    let mut text = String::new();
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    text.push_str(rest);
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words.join(" ");
    for sep in ["{", "}", ";", ",", ">"] {
        out = out
            .replace(&format!(" {sep}"), sep)
            .replace(&format!("{sep} "), sep);
    }
    out.replace(": ", ":").replace(";}", "}")
}
