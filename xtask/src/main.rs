//! The page's build step after Trunk, the one step of the build we own (issue 41):
//! `cargo xtask post-build`, run by Trunk as its `post_build` hook (`Trunk.toml`) in both
//! `trunk build` and `trunk serve`, on Trunk's staging directory.
//!
//! Trunk builds what it builds well: the app's and the workers' wasm (`index.html`'s `rel="rust"`
//! links: the binaries, their features and cargo profiles are named there and only there), the
//! styles put into the page, the copied files, the page's HTML minified; it injects nothing into
//! the page for the app (`inject_scripts = false`). Then this step:
//! 1. takes the app's wasm as cargo wrote it (the `split` feature's build, with its relocations);
//! 2. cuts it with wasm-split-cli into the main module and a chunk per split point (and chunks
//!    of code several share), with the JS that fetches a chunk when first needed;
//! 3. makes the main module's glue with wasm-bindgen (`--target web`);
//! 4. in a release build shrinks every module with wasm-opt, minifies the JS with terser and
//!    packs the main module with xz's LZMA (inflated in the page by `boot/lzma.js`);
//! 5. puts all of it into one directory named by the hash of its contents, `app-<hash>/`:
//!    nothing inside is renamed or patched, the glue, the split loader and the chunks name each
//!    other as the tools wrote them, relative to that directory, and a page never mixes builds;
//! 6. writes each worker's loader (`vrhcaby_protocol::files`, the names the page starts);
//! 7. writes the manifest, `build.json` (the app's files, the workers' files, the SIMD probe),
//!    which the service worker reads, and puts the app's part of it into `index.html` with the
//!    inflater and the loader (`boot/app.js`), which read it there.
//!
//! Every name, profile and flag of that lives in this file; the tools are the ones
//! `scripts/setup.sh` installs (on PATH).

mod tools;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use vrhcaby_protocol::files::{Worker, SIMD_PROBE, WORKERS};

use tools::{hash16, run, sri, Error};

const TARGET: &str = "wasm32-unknown-unknown";
/// wasm-opt for the main module: `-Oz` and the flags that hold for a module that owns its
/// memory. A chunk imports the main module's memory, which is not zero-filled when the chunk
/// arrives: it gets only the flags that assume nothing about memory.
const OPT_MAIN: &[&str] = &[
    "-Oz",
    "--low-memory-unused",
    "--zero-filled-memory",
    "--strip-producers",
    "--strip-target-features",
];
const OPT_CHUNK: &[&str] = &[
    "-Oz",
    "--strip-producers",
    "--strip-target-features",
    "--strip-debug",
];
/// xz's .lzma format at preset 9e; lc=4, lp=0, pb=0 pack this wasm best.
const LZMA: &[&str] = &[
    "--format=lzma",
    "--lzma1=preset=9e,lc=4,lp=0,pb=0",
    "--stdout",
];
/// terser: ES2020, two compress passes, names mangled, no comments.
const TERSER: &[&str] = &[
    "--ecma",
    "2020",
    "--compress",
    "passes=2",
    "--mangle",
    "--format",
    "comments=false",
];
/// The split loader's name, as wasm-split-cli writes it.
const SPLIT_LOADER: &str = "__wasm_split.js";
/// What the service worker imports to inflate the packed wasm into its cache.
const INFLATER: &str = "lzma.js";
const MANIFEST: &str = "build.json";

/// The manifest, `build.json`: every path relative to the page (`./…`).
#[derive(Serialize)]
struct Manifest {
    app: App,
    /// The inflater for the service worker.
    inflater: String,
    /// For each worker, the files of its plain build and of its SIMD build (the same where it
    /// has none), the loader first.
    workers: BTreeMap<&'static str, Builds>,
    /// The module whose validation tells whether this browser runs wasm SIMD.
    simd_probe: Vec<u8>,
}

/// The app's part, which the page reads too (`window.vrhcabyBuild`).
#[derive(Serialize)]
struct App {
    glue: String,
    /// The main module's wasm.
    wasm: String,
    /// The same packed with LZMA (release builds), which the page fetches in its place.
    #[serde(skip_serializing_if = "Option::is_none")]
    packed: Option<String>,
    /// Every file of the app's directory.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    files: Vec<String>,
}

#[derive(Serialize)]
struct Builds {
    plain: [String; 3],
    simd: [String; 3],
}

/// The app's `<link data-trunk rel="rust">` in `index.html` (the one without `data-type`):
/// which binary Trunk builds and where cargo puts it.
struct AppLink {
    bin: String,
    /// The cargo profile's directory: `data-cargo-profile-release` (a release build) or
    /// `data-cargo-profile-dev`, else cargo's own (`release`, `debug`).
    profile_dir: String,
}

impl AppLink {
    fn read(html: &str, release: bool) -> Result<Self, Error> {
        let links: Vec<&str> = html
            .split("<link")
            .skip(1)
            .filter_map(|rest| rest.split('>').next())
            .filter(|attrs| {
                attrs.contains("data-trunk")
                    && attrs.contains(r#"rel="rust""#)
                    && !attrs.contains("data-type=")
            })
            .collect();
        let [attrs] = links[..] else {
            return Err(Error(format!("index.html should have one app link (<link data-trunk rel=\"rust\"> without data-type), not {}", links.len())));
        };
        let attr = |name: &str| {
            let at = attrs.find(&format!(" {name}=\""))? + name.len() + 3;
            attrs[at..].split('"').next().map(str::to_owned)
        };
        let bin = attr("data-bin").ok_or_else(|| Error("the app link has no data-bin".into()))?;
        let profile_dir = if release {
            attr("data-cargo-profile-release").unwrap_or_else(|| "release".into())
        } else {
            attr("data-cargo-profile-dev").map_or_else(
                || "debug".into(),
                |p| if p == "dev" { "debug".into() } else { p },
            )
        };
        Ok(AppLink { bin, profile_dir })
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("post-build") => post_build(args.get(1).map(PathBuf::from)),
        _ => Err(Error("usage: cargo xtask post-build [DIR] (DIR: Trunk's TRUNK_STAGING_DIR by default; TRUNK_PROFILE=debug for a development build)".into())),
    };
    if let Err(Error(message)) = result {
        eprintln!("xtask: {message}");
        std::process::exit(1);
    }
}

fn post_build(dir: Option<PathBuf>) -> Result<(), Error> {
    let dir = dir
        .or_else(|| std::env::var_os("TRUNK_STAGING_DIR").map(PathBuf::from))
        .ok_or_else(|| Error("no directory: give one, or run as Trunk's hook".into()))?;
    let release = std::env::var("TRUNK_PROFILE").map_or(true, |p| p != "debug");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or_else(|| Error("no workspace".into()))?;
    let html =
        std::env::var_os("TRUNK_HTML_FILE").map_or_else(|| root.join("index.html"), PathBuf::from);
    let app = AppLink::read(&fs::read_to_string(&html)?, release)?;
    let work = dir.join(".xtask");
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work)?;
    let result = build(root, &app, &dir, &work, release);
    let _ = fs::remove_dir_all(&work);
    result
}

fn build(root: &Path, link: &AppLink, dir: &Path, work: &Path, release: bool) -> Result<(), Error> {
    // 1. The app's wasm as cargo wrote it.
    let bin = link.bin.as_str();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let raw = target
        .join(TARGET)
        .join(&link.profile_dir)
        .join(format!("{bin}.wasm"));
    let (glue, wasm, packed) = (
        format!("{bin}.js"),
        format!("{bin}_bg.wasm"),
        format!("{bin}_bg.lzma"),
    );
    let (glue, wasm, packed) = (glue.as_str(), wasm.as_str(), packed.as_str());

    // 2. The cut.
    let cut = work.join("cut");
    run(
        "wasm-split-cli",
        &[path(&raw)?, path(&cut)?, "--out-name", bin],
        None,
        None,
    )?;
    let main = cut.join(format!("{bin}.wasm"));
    if !cut.join(SPLIT_LOADER).exists() {
        return Err(Error(format!("wasm-split-cli wrote no {SPLIT_LOADER}")));
    }

    // 3. The glue.
    let app = work.join("app");
    run(
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--no-typescript",
            "--keep-lld-exports",
            "--out-dir",
            path(&app)?,
            "--out-name",
            bin,
            path(&main)?,
        ],
        None,
        None,
    )?;
    if !app.join(glue).exists() || !app.join(wasm).exists() {
        return Err(Error(format!("wasm-bindgen wrote no {glue} or {wasm}")));
    }
    fs::copy(cut.join(SPLIT_LOADER), app.join(SPLIT_LOADER))?;
    let mut chunks = 0;
    for entry in fs::read_dir(&cut)? {
        let name = entry?
            .file_name()
            .into_string()
            .map_err(|_| Error("a chunk's name is not UTF-8".into()))?;
        if !name.ends_with(".wasm") || name == format!("{bin}.wasm") {
            continue;
        }
        chunks += 1;
        let (from, to) = (cut.join(&name), app.join(&name));
        if release {
            run(
                "wasm-opt",
                &[OPT_CHUNK, &[path(&from)?, "-o", path(&to)?]].concat(),
                None,
                None,
            )?;
        } else {
            fs::copy(from, to)?;
        }
    }
    if chunks == 0 {
        return Err(Error(
            "wasm-split-cli made no chunk: does the app still have its split points?".into(),
        ));
    }

    // 4. Shrunk, minified, packed.
    if release {
        let wasm_path = app.join(wasm);
        run(
            "wasm-opt",
            &[OPT_MAIN, &[path(&wasm_path)?, "-o", path(&wasm_path)?]].concat(),
            None,
            None,
        )?;
        for js in [glue, SPLIT_LOADER] {
            let file = app.join(js);
            run(
                "terser",
                &[&[path(&file)?, "--module"], TERSER, &["-o", path(&file)?]].concat(),
                None,
                None,
            )?;
        }
        let bytes = fs::read(&wasm_path)?;
        let mut lzma = run("xz", LZMA, None, Some(&bytes))?;
        // The real size in the header's size field, which boot/lzma.js requires.
        let size = u64::try_from(bytes.len()).map_err(|_| Error("wasm too large".into()))?;
        lzma.get_mut(5..13)
            .ok_or_else(|| Error("xz wrote no header".into()))?
            .copy_from_slice(&size.to_le_bytes());
        fs::write(app.join(packed), lzma)?;
    }

    // 5. One directory named by its contents.
    let mut names: Vec<String> = Vec::new();
    for entry in fs::read_dir(&app)? {
        names.push(
            entry?
                .file_name()
                .into_string()
                .map_err(|_| Error("a file's name is not UTF-8".into()))?,
        );
    }
    names.sort();
    let mut all = Vec::new();
    for name in &names {
        let bytes = fs::read(app.join(name))?;
        all.extend_from_slice(name.as_bytes());
        all.push(0);
        all.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        all.extend_from_slice(&bytes);
    }
    let app_dir = format!("app-{}", hash16(&all));
    let _ = fs::remove_dir_all(dir.join(&app_dir));
    fs::rename(&app, dir.join(&app_dir))?;
    let at = |name: &str| format!("./{app_dir}/{name}");
    // Trunk's own binding of the app (`<bin>-<hash>.js`, `_bg.wasm`), which nothing loads.
    for entry in fs::read_dir(dir)? {
        let name = entry?.file_name().into_string().unwrap_or_default();
        let Some(rest) = name.strip_prefix(bin).and_then(|r| r.strip_prefix('-')) else {
            continue;
        };
        let Some(hash) = rest
            .strip_suffix(".js")
            .or_else(|| rest.strip_suffix("_bg.wasm"))
        else {
            continue;
        };
        if !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()) {
            fs::remove_file(dir.join(&name))?;
        }
    }
    let glue_bytes = fs::read(dir.join(&app_dir).join(glue))?;

    // 6. The workers' loaders.
    let mut workers = BTreeMap::new();
    for worker in WORKERS {
        for simd in [false, true] {
            write_loader(dir, worker.bin(simd))?;
        }
        workers.insert(
            worker.name,
            Builds {
                plain: Worker::files(worker.bin(false)),
                simd: Worker::files(worker.bin(true)),
            },
        );
    }

    // 7. The manifest, and the page's loader.
    let inflater = fs::read_to_string(root.join("boot/lzma.js"))?;
    let loader = fs::read_to_string(root.join("boot/app.js"))?;
    let (inflater, loader) = if release {
        (
            minify(work, &inflater, false)?,
            minify(work, &loader, true)?,
        )
    } else {
        (inflater, loader)
    };
    fs::write(dir.join(INFLATER), &inflater)?;
    let app = App {
        glue: at(glue),
        wasm: at(wasm),
        packed: release.then(|| at(packed)),
        files: names.iter().map(|n| at(n)).collect(),
    };
    let page = App {
        glue: app.glue.clone(),
        wasm: app.wasm.clone(),
        packed: app.packed.clone(),
        files: Vec::new(),
    };
    let manifest = Manifest {
        app,
        inflater: format!("./{INFLATER}"),
        workers,
        simd_probe: SIMD_PROBE.to_vec(),
    };
    fs::write(
        dir.join(MANIFEST),
        serde_json::to_string(&manifest).map_err(|e| Error(e.to_string()))?,
    )?;

    let html_path = dir.join("index.html");
    let html = fs::read_to_string(&html_path)?;
    let page_json = serde_json::to_string(&page)
        .map_err(|e| Error(e.to_string()))?
        .replace("</", "<\\/");
    // The inflater first in the head, starting the packed wasm's download at once (a later
    // visit takes the service worker's inflated copy and fetches nothing); the glue's preload
    // beside it; then the loader, which waits for both.
    let start = if release {
        "vrhcabyPacked=vrhcabyWasm(vrhcabyBuild.packed,vrhcabyBuild.wasm);vrhcabyPacked.catch(()=>{});"
    } else {
        ""
    };
    let head = format!(
        "<link rel=modulepreload href={} integrity={} crossorigin><script>{}\nvrhcabyBuild={page_json};{start}</script><script type=module>{}</script>",
        manifest.app.glue,
        sri(&glue_bytes),
        inflater.replace("</script", "<\\/script"),
        loader.replace("</script", "<\\/script"),
    );
    let charset = html
        .to_ascii_lowercase()
        .find("<meta charset")
        .ok_or_else(|| Error("index.html has no <meta charset>".into()))?;
    let end = html[charset..]
        .find('>')
        .ok_or_else(|| Error("index.html's <meta charset> is not closed".into()))?
        + charset
        + 1;
    fs::write(
        &html_path,
        format!("{}{head}{}", &html[..end], &html[end..]),
    )?;

    println!(
        "xtask: {app_dir}: the main module and {chunks} chunks; {} workers' loaders; {MANIFEST}",
        WORKERS.len()
    );
    Ok(())
}

/// `<bin>_loader.js`, which starts a worker: wasm-bindgen's `no-modules` glue, then its wasm.
fn write_loader(dir: &Path, bin: &str) -> Result<(), Error> {
    let [loader, glue, wasm] = Worker::files(bin);
    for file in [&glue, &wasm] {
        if !dir.join(file.trim_start_matches("./")).exists() {
            return Err(Error(format!(
                "Trunk built no {file}: index.html should have a data-type=\"worker\" link with data-bin=\"{bin}\""
            )));
        }
    }
    let text = format!("importScripts({glue:?});wasm_bindgen({{module_or_path:{wasm:?}}});");
    fs::write(dir.join(loader.trim_start_matches("./")), text)?;
    Ok(())
}

/// `source` minified by terser (as an ES module where `module`).
fn minify(work: &Path, source: &str, module: bool) -> Result<String, Error> {
    let file = work.join("min.js");
    fs::write(&file, source)?;
    let module: &[&str] = if module { &["--module"] } else { &[] };
    let out = run(
        "terser",
        &[&[path(&file)?], module, TERSER].concat(),
        None,
        None,
    )?;
    String::from_utf8(out).map_err(|_| Error("terser wrote no UTF-8".into()))
}

fn path(p: &Path) -> Result<&str, Error> {
    p.to_str()
        .ok_or_else(|| Error(format!("{} is not UTF-8", p.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = include_str!("../../index.html");

    #[test]
    fn the_app_link_names_the_binary_and_its_profiles() {
        let Ok(release) = AppLink::read(INDEX, true) else {
            panic!("no app link")
        };
        assert_eq!(
            (release.bin.as_str(), release.profile_dir.as_str()),
            ("vrhcaby-web", "web")
        );
        let Ok(dev) = AppLink::read(INDEX, false) else {
            panic!("no app link")
        };
        assert_eq!(dev.profile_dir, "debug");
        assert!(
            AppLink::read("<head><meta charset=utf-8></head>", true).is_err(),
            "no app link"
        );
        let two = r#"<link data-trunk rel="rust" data-bin="a" /><link data-trunk rel="rust" data-bin="b" />"#;
        assert!(AppLink::read(two, true).is_err(), "two app links");
    }

    #[test]
    fn every_worker_the_page_starts_is_built_by_trunk() {
        for worker in WORKERS {
            for simd in [false, true] {
                let bin = worker.bin(simd);
                let link = INDEX
                    .split("<link")
                    .find(|l| l.contains(&format!(r#"data-bin="{bin}""#)))
                    .unwrap_or_else(|| panic!("index.html builds no {bin}"));
                assert!(
                    link.contains(r#"data-type="worker""#),
                    "{bin} is built as a worker"
                );
            }
        }
    }
}
