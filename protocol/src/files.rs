//! The workers' files as the page names them, in one place: the page starts them by these names
//! (`src/drivers/worker.rs`, `src/connection/room.rs`), and the build step (`xtask/`) writes each
//! one's loader, checks that Trunk built its script and wasm, and lists them in the build's
//! manifest (`build.json`), from which the service worker caches them (`public/sw.js`).

/// A Web Worker built by Trunk from a `data-type="worker"` link of `index.html` (its `data-bin`):
/// `<bin>.js` and `<bin>_bg.wasm` (wasm-bindgen's `no-modules` output) started by `<bin>_loader.js`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worker {
    /// What the manifest calls it.
    pub name: &'static str,
    /// The binary's name without SIMD (every browser with WebAssembly runs it).
    pub plain: &'static str,
    /// The binary's name with the net's forward pass in wasm SIMD, where there is one.
    pub simd: Option<&'static str>,
}

/// The computer's worker for the house rules.
pub const BOT: Worker = Worker {
    name: "bot",
    plain: "bot_worker",
    simd: Some("bot_worker_simd"),
};
/// The computer's worker with standard backgammon's net.
pub const BOT_STANDARD: Worker = Worker {
    name: "bot_standard",
    plain: "bot_worker_standard",
    simd: Some("bot_worker_standard_simd"),
};
/// The relay worker of the peer connection's signalling (`relay/`).
pub const RELAY: Worker = Worker {
    name: "relay",
    plain: "relay_worker",
    simd: None,
};
/// Every worker the page starts.
pub const WORKERS: [Worker; 3] = [BOT, BOT_STANDARD, RELAY];

impl Worker {
    /// The binary this browser loads: the SIMD build where `simd` (the browser validates
    /// [`SIMD_PROBE`]) and there is one.
    #[must_use]
    pub fn bin(self, simd: bool) -> &'static str {
        match self.simd {
            Some(bin) if simd => bin,
            _ => self.plain,
        }
    }

    /// The files of one of its binaries, the loader first, as the page names them (`./…`).
    #[must_use]
    pub fn files(bin: &str) -> [String; 3] {
        [
            format!("./{bin}_loader.js"),
            format!("./{bin}.js"),
            format!("./{bin}_bg.wasm"),
        ]
    }
}

/// The smallest module that needs wasm's 128-bit SIMD: one function returning a `v128.const`.
/// The page asks `WebAssembly.validate` of it to choose a worker's build; the service worker
/// asks the same of the manifest's copy to cache the builds this browser will load.
pub const SIMD_PROBE: [u8; 43] = [
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, // magic, version
    1, 5, 1, 0x60, 0, 1, 0x7b, // types: () -> v128
    3, 2, 1, 0, // one function of type 0
    10, 0x16, 1, 0x14, 0, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x0b, // its body: no locals, v128.const 0, end
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_worker_has_its_own_files() {
        let mut bins: Vec<&str> = WORKERS
            .iter()
            .flat_map(|w| [w.bin(false), w.bin(true)])
            .collect();
        bins.sort_unstable();
        bins.dedup();
        assert_eq!(bins.len(), 5, "five builds: {bins:?}");
        assert_eq!(RELAY.bin(true), "relay_worker");
        assert_eq!(Worker::files("bot_worker")[0], "./bot_worker_loader.js");
    }

    #[test]
    fn the_probe_is_one_function_returning_a_v128() {
        // The code section's sizes agree with the bytes that follow them.
        let code = SIMD_PROBE.iter().position(|&b| b == 10).map(|i| i + 1);
        let Some(at) = code else {
            panic!("no code section")
        };
        assert_eq!(usize::from(SIMD_PROBE[at]), SIMD_PROBE.len() - at - 1);
        assert_eq!(SIMD_PROBE[SIMD_PROBE.len() - 1], 0x0b);
    }
}
