//! The weights file: two nets (contact and race), quantised to i16, with a version and a checksum.
//!
//! Layout, every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `VRHCBOT` and a zero byte |
//! | 2 | format version, u16 = [`VERSION`] |
//! | 2 | number of nets, u16 (2: contact, then race) |
//! | per net | inputs u16, hidden u16, outputs u16, then two f32 scales `s1`, `s2`; then i16 values: `w1` (inputs × hidden, one row per input), `b1` (hidden) — each the weight × `s1` rounded —, `w2` (outputs × hidden), `b2` (outputs) — each × `s2` |
//! | 8 | FNV-1a 64 of every byte before it, u64 |
//!
//! A weight is `q / s` for its stored i16 `q`. The parse checks every length, the dims against the
//! code's [`INPUTS`] and [`OUTPUTS`], the scales and the checksum, and returns an error (never panics).

use std::fmt;

use crate::inputs::INPUTS;
use crate::net::{Net, OUTPUTS};

pub const MAGIC: &[u8; 8] = b"VRHCBOT\0";
pub const VERSION: u16 = 1;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    TooShort,
    BadMagic,
    Version(u16),
    NetCount(u16),
    Dims { inputs: u16, outputs: u16 },
    BadScale,
    Checksum,
    TrailingBytes,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::TooShort => write!(f, "weights file too short"),
            WeightsError::BadMagic => write!(f, "not a weights file (bad magic)"),
            WeightsError::Version(v) => write!(f, "weights format version {v}, expected {VERSION}"),
            WeightsError::NetCount(n) => write!(f, "weights file holds {n} nets, expected 2"),
            WeightsError::Dims { inputs, outputs } => write!(
                f,
                "net of {inputs} inputs and {outputs} outputs, expected {INPUTS} and {OUTPUTS}"
            ),
            WeightsError::BadScale => write!(f, "weights file has a bad scale"),
            WeightsError::Checksum => write!(f, "weights file checksum mismatch"),
            WeightsError::TrailingBytes => write!(f, "weights file has trailing bytes"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn scale_for(values: &[f32]) -> f32 {
    let max = values.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if max > 0.0 {
        32767.0 / max
    } else {
        1.0
    }
}

fn push_q(out: &mut Vec<u8>, values: &[f32], scale: f32) {
    for v in values {
        let q = (v * scale).round().clamp(-32767.0, 32767.0) as i16;
        out.extend_from_slice(&q.to_le_bytes());
    }
}

/// The file for `nets` (contact, race).
#[must_use]
pub fn serialize(nets: &[&Net; 2]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    for net in nets {
        for d in [net.inputs, net.hidden, OUTPUTS] {
            out.extend_from_slice(&(d as u16).to_le_bytes());
        }
        let s1 = scale_for(&net.w1).min(scale_for(&net.b1));
        let s2 = scale_for(&net.w2).min(scale_for(&net.b2));
        out.extend_from_slice(&s1.to_le_bytes());
        out.extend_from_slice(&s2.to_le_bytes());
        push_q(&mut out, &net.w1, s1);
        push_q(&mut out, &net.b1, s1);
        push_q(&mut out, &net.w2, s2);
        push_q(&mut out, &net.b2, s2);
    }
    let sum = fnv1a64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], WeightsError> {
        let end = self.at.checked_add(n).ok_or(WeightsError::TooShort)?;
        let s = self.bytes.get(self.at..end).ok_or(WeightsError::TooShort)?;
        self.at = end;
        Ok(s)
    }
    fn u16(&mut self) -> Result<u16, WeightsError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn f32(&mut self) -> Result<f32, WeightsError> {
        let b = self.take(4)?;
        Ok(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn values(&mut self, n: usize, scale: f32) -> Result<Vec<f32>, WeightsError> {
        let b = self.take(n.checked_mul(2).ok_or(WeightsError::TooShort)?)?;
        Ok(b.chunks_exact(2)
            .map(|c| f32::from(i16::from_le_bytes([c[0], c[1]])) / scale)
            .collect())
    }
}

/// Parses a weights file into its two nets (contact, race).
pub fn parse(bytes: &[u8]) -> Result<[Net; 2], WeightsError> {
    if bytes.len() < MAGIC.len() + 4 + 8 {
        return Err(WeightsError::TooShort);
    }
    if &bytes[..8] != MAGIC {
        return Err(WeightsError::BadMagic);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut r = Reader { bytes: body, at: 8 };
    let version = r.u16()?;
    if version != VERSION {
        return Err(WeightsError::Version(version));
    }
    let mut stored = [0u8; 8];
    stored.copy_from_slice(sum);
    if u64::from_le_bytes(stored) != fnv1a64(body) {
        return Err(WeightsError::Checksum);
    }
    let count = r.u16()?;
    if count != 2 {
        return Err(WeightsError::NetCount(count));
    }
    let mut read_net = || -> Result<Net, WeightsError> {
        let inputs = r.u16()?;
        let hidden = r.u16()?;
        let outputs = r.u16()?;
        if usize::from(inputs) != INPUTS || usize::from(outputs) != OUTPUTS || hidden == 0 {
            return Err(WeightsError::Dims { inputs, outputs });
        }
        let (inputs, hidden) = (usize::from(inputs), usize::from(hidden));
        let s1 = r.f32()?;
        let s2 = r.f32()?;
        if !(s1.is_finite() && s1 > 0.0 && s2.is_finite() && s2 > 0.0) {
            return Err(WeightsError::BadScale);
        }
        Ok(Net {
            inputs,
            hidden,
            w1: r.values(inputs * hidden, s1)?,
            b1: r.values(hidden, s1)?,
            w2: r.values(OUTPUTS * hidden, s2)?,
            b2: r.values(OUTPUTS, s2)?,
        })
    };
    let contact = read_net()?;
    let race = read_net()?;
    if r.at != body.len() {
        return Err(WeightsError::TrailingBytes);
    }
    Ok([contact, race])
}
