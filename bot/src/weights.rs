//! The weights file: two nets (contact and race), quantised with a step per row (the hidden layer
//! to i8, the output layer to i16), with a version and a checksum.
//!
//! Layout, every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `VRHCBOT` and a zero byte |
//! | 2 | format version, u16 = [`VERSION`] |
//! | 2 | number of nets, u16 (2: contact, then race) |
//! | per net | inputs u16, hidden u16, outputs u16; then rows, each an f32 step and its values: `w1` (one row of `hidden` i8 per input), `b1` (one row of `hidden` i8), `w2` (one row of `hidden` i16 per output), `b2` (one row of `outputs` i16) |
//! | 8 | FNV-1a 64 of every byte before it, u64 |
//!
//! A weight is `q × step` for its stored `q` and its row's step (the row's largest magnitude is
//! stored as ±127 in i8, ±32767 in i16). A step of its own per input keeps the precision of the
//! inputs whose weights are small (the points) next to those whose weights are large (the
//! features); the output layer stays i16 because its few weights' errors are not averaged out by
//! any sum. Version 1 stored everything in i16 with one scale per layer, at almost twice the size
//! (each worker carries its net).
//!
//! The parse checks every length, the dims against the code's [`INPUTS`] and [`OUTPUTS`], the
//! steps and the checksum, and returns an error (never panics).

use std::fmt;

use crate::inputs::{always_zero, INPUTS};
use crate::net::{Net, OUTPUTS};

pub const MAGIC: &[u8; 8] = b"VRHCBOT\0";
pub const VERSION: u16 = 2;

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

/// How a layer's values are stored: i8 (the hidden layer's many weights) or i16 (the output
/// layer's few, whose errors no sum averages out).
#[derive(Clone, Copy)]
enum Width {
    I8,
    I16,
}

impl Width {
    /// The largest stored magnitude.
    fn top(self) -> f32 {
        match self {
            Width::I8 => 127.0,
            Width::I16 => 32767.0,
        }
    }
}

/// The step of a row: its largest magnitude is stored as the top value (a zero row: step 1).
fn step_for(row: &[f32], width: Width) -> f32 {
    let max = row.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if max > 0.0 {
        max / width.top()
    } else {
        1.0
    }
}

/// Appends `values` as rows of `len`, each an f32 step and its values.
fn push_rows(out: &mut Vec<u8>, values: &[f32], len: usize, width: Width) {
    for row in values.chunks(len) {
        let step = step_for(row, width);
        out.extend_from_slice(&step.to_le_bytes());
        for v in row {
            let q = (v / step).round().clamp(-width.top(), width.top());
            match width {
                Width::I8 => out.extend_from_slice(&(q as i8).to_le_bytes()),
                Width::I16 => out.extend_from_slice(&(q as i16).to_le_bytes()),
            }
        }
    }
}

/// `net`'s hidden-layer weights with the rows of the inputs it never sees zeroed
/// ([`always_zero`]: a race net's for the features that need contact, a contact net's for the
/// race flag); its evaluations are the same, and the file compresses better.
fn silenced(net: &Net, contact: bool) -> Vec<f32> {
    let mut w1 = net.w1.clone();
    if net.inputs == INPUTS {
        for (i, row) in w1.chunks_mut(net.hidden).enumerate() {
            if always_zero(i, contact) {
                row.fill(0.0);
            }
        }
    }
    w1
}

/// The file for `nets` (contact, race).
#[must_use]
pub fn serialize(nets: &[&Net; 2]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    for (net, contact) in nets.iter().zip([true, false]) {
        for d in [net.inputs, net.hidden, OUTPUTS] {
            out.extend_from_slice(&(d as u16).to_le_bytes());
        }
        push_rows(&mut out, &silenced(net, contact), net.hidden, Width::I8);
        push_rows(&mut out, &net.b1, net.hidden, Width::I8);
        push_rows(&mut out, &net.w2, net.hidden, Width::I16);
        push_rows(&mut out, &net.b2, OUTPUTS, Width::I16);
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
    /// `rows` rows of `len` values, each row an f32 step and its values.
    fn rows(&mut self, rows: usize, len: usize, width: Width) -> Result<Vec<f32>, WeightsError> {
        let mut values = Vec::with_capacity(rows.saturating_mul(len).min(1 << 20));
        for _ in 0..rows {
            let step = self.f32()?;
            if !(step.is_finite() && step > 0.0) {
                return Err(WeightsError::BadScale);
            }
            match width {
                Width::I8 => {
                    let bytes = self.take(len)?;
                    values.extend(bytes.iter().map(|&b| f32::from(b as i8) * step));
                }
                Width::I16 => {
                    let bytes = self.take(len.checked_mul(2).ok_or(WeightsError::TooShort)?)?;
                    values.extend(
                        bytes
                            .chunks_exact(2)
                            .map(|c| f32::from(i16::from_le_bytes([c[0], c[1]])) * step),
                    );
                }
            }
        }
        Ok(values)
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
        Ok(Net::new(
            inputs,
            hidden,
            r.rows(inputs, hidden, Width::I8)?,
            r.rows(1, hidden, Width::I8)?,
            r.rows(OUTPUTS, hidden, Width::I16)?,
            r.rows(1, OUTPUTS, Width::I16)?,
        ))
    };
    let contact = read_net()?;
    let race = read_net()?;
    if r.at != body.len() {
        return Err(WeightsError::TrailingBytes);
    }
    Ok([contact, race])
}
