//! Running the build's tools, and the hashes it names files by.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use base64::Engine;
use sha2::{Digest, Sha256, Sha384};

/// What went wrong, in words.
#[derive(Debug)]
pub struct Error(pub String);

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error(e.to_string())
    }
}

/// Runs `cmd` with `args` (in `cwd`, with `input` on its standard input) and returns what it
/// wrote on its standard output; its errors go to ours. A tool that fails fails the build.
pub fn run(
    cmd: &str,
    args: &[&str],
    cwd: Option<&Path>,
    input: Option<&[u8]>,
) -> Result<Vec<u8>, Error> {
    let mut command = Command::new(cmd);
    command.args(args).stdin(if input.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    command.stdout(Stdio::piped()).stderr(Stdio::inherit());
    if let Some(cwd) = cwd {
        command.current_dir(cwd);
    }
    let mut child = command.spawn().map_err(|e| {
        Error(format!(
            "{cmd} could not start ({e}): is it installed (scripts/setup.sh) and on PATH?"
        ))
    })?;
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        // Written from a thread: the tool may fill its output pipe before it has read all of this.
        let input = input.to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let out = child.wait_with_output()?;
        writer
            .join()
            .map_err(|_| Error(format!("writing to {cmd} failed")))??;
        return finished(cmd, args, out);
    }
    finished(cmd, args, child.wait_with_output()?)
}

fn finished(cmd: &str, args: &[&str], out: std::process::Output) -> Result<Vec<u8>, Error> {
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(Error(format!(
            "{cmd} {} failed ({})",
            args.join(" "),
            out.status
        )))
    }
}

/// The first 16 hex digits of the SHA-256 of `bytes`: a name that changes with the contents.
#[must_use]
pub fn hash16(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The subresource-integrity value of `bytes` (`sha384-…`).
#[must_use]
pub fn sri(bytes: &[u8]) -> String {
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(Sha384::digest(bytes))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hashes_are_the_standard_ones() {
        // SHA-256 and SHA-384 of "abc" (FIPS 180-2's examples).
        assert_eq!(hash16(b"abc"), "ba7816bf8f01cfea");
        assert_eq!(
            sri(b"abc"),
            "sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn"
        );
    }

    #[test]
    fn a_failing_tool_is_an_error_with_its_name() {
        let Err(Error(message)) = run("false", &[], None, None) else {
            panic!("false succeeded")
        };
        assert!(message.starts_with("false"), "{message}");
        let Err(Error(message)) = run("no-such-tool-here", &[], None, None) else {
            panic!("ran")
        };
        assert!(message.contains("scripts/setup.sh"), "{message}");
        assert_eq!(
            run("cat", &[], None, Some(b"xyz")).ok(),
            Some(b"xyz".to_vec())
        );
    }
}
