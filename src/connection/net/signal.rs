//! Signalling without a server: a WebRTC offer or answer squeezed into a short code for a link's
//! fragment (and a QR code). Only what a data-channel connection needs is kept — the ICE username
//! and password, the DTLS fingerprint, the DTLS role and the candidates — in a small binary form,
//! base64url-encoded; the other side rebuilds a minimal SDP from it.

use std::fmt;

/// What a code carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub setup: Setup,
    pub candidates: Vec<Candidate>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: Kind,
    pub address: String,
    pub port: u16,
    pub tcp: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Host,
    Srflx,
    Relay,
    Prflx,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Host => "host",
            Kind::Srflx => "srflx",
            Kind::Relay => "relay",
            Kind::Prflx => "prflx",
        }
    }
}

/// Why a code or an SDP could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignalError(pub String);

impl fmt::Display for SignalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SignalError {}

const FORMAT: u8 = 1;

impl Signal {
    /// Reads the parts that matter from a browser's SDP (after ICE gathering).
    pub fn from_sdp(sdp: &str) -> Result<Signal, SignalError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut setup = Setup::ActPass;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=fingerprint:sha-256 ") {
                let bytes: Vec<u8> = v
                    .split(':')
                    .map(|h| u8::from_str_radix(h, 16))
                    .collect::<Result<_, _>>()
                    .map_err(|_| SignalError("bad DTLS fingerprint".into()))?;
                fingerprint = Some(
                    <[u8; 32]>::try_from(bytes)
                        .map_err(|_| SignalError("the fingerprint is not SHA-256".into()))?,
                );
            } else if let Some(v) = line.strip_prefix("a=setup:") {
                setup = match v {
                    "active" => Setup::Active,
                    "passive" => Setup::Passive,
                    _ => Setup::ActPass,
                };
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                if let Some(c) = parse_candidate(v) {
                    if !candidates.contains(&c) {
                        candidates.push(c);
                    }
                }
            }
        }
        Ok(Signal {
            ufrag: ufrag.ok_or_else(|| SignalError("no ICE username in the SDP".into()))?,
            pwd: pwd.ok_or_else(|| SignalError("no ICE password in the SDP".into()))?,
            fingerprint: fingerprint
                .ok_or_else(|| SignalError("no DTLS fingerprint in the SDP".into()))?,
            setup,
            candidates,
        })
    }

    /// A minimal SDP the browser accepts as the remote description.
    #[must_use]
    pub fn to_sdp(&self) -> String {
        let fp: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let setup = match self.setup {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        };
        let mut sdp = format!(
            "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
             a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=fingerprint:sha-256 {}\r\na=setup:{setup}\r\n\
             a=mid:0\r\na=sctp-port:5000\r\n",
            self.ufrag,
            self.pwd,
            fp.join(":")
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let type_pref: u32 = match c.kind {
                Kind::Host => 126,
                Kind::Prflx => 110,
                Kind::Srflx => 100,
                Kind::Relay => 0,
            };
            let priority = (type_pref << 24) | ((65_535 - i as u32) << 8) | 255;
            let proto = if c.tcp { "tcp" } else { "udp" };
            sdp.push_str(&format!(
                "a=candidate:{i} 1 {proto} {priority} {} {} typ {}",
                c.address,
                c.port,
                c.kind.name()
            ));
            if c.kind != Kind::Host {
                sdp.push_str(" raddr 0.0.0.0 rport 0");
            }
            if c.tcp {
                sdp.push_str(" tcptype passive");
            }
            sdp.push_str("\r\n");
        }
        sdp
    }

    /// The short code: a compact binary form in base64url.
    #[must_use]
    pub fn encode(&self) -> String {
        let mut b = vec![FORMAT, self.setup as u8];
        for s in [&self.ufrag, &self.pwd] {
            b.push(s.len().min(255) as u8);
            b.extend_from_slice(&s.as_bytes()[..s.len().min(255)]);
        }
        b.extend_from_slice(&self.fingerprint);
        let candidates = &self.candidates[..self.candidates.len().min(255)];
        b.push(candidates.len() as u8);
        for c in candidates {
            let (addr_kind, addr) = encode_address(&c.address);
            b.push((c.kind as u8) | (u8::from(c.tcp) << 2) | (addr_kind << 4));
            b.extend_from_slice(&c.port.to_be_bytes());
            b.extend_from_slice(&addr);
        }
        base64url(&b)
    }

    /// Reads a code (also accepts a whole invitation link: whatever follows `#` is the code).
    pub fn decode(code: &str) -> Result<Signal, SignalError> {
        let code = code.trim();
        let code = code.rsplit_once('#').map_or(code, |(_, c)| c);
        let code = code.strip_prefix("join=").unwrap_or(code);
        let bad = || SignalError("this is not a connection code from Vrhcáby".into());
        let bytes = unbase64url(code).ok_or_else(bad)?;
        let mut r = Reader { b: &bytes, at: 0 };
        if r.u8()? != FORMAT {
            return Err(SignalError(
                "this code comes from a different version of Vrhcáby".into(),
            ));
        }
        let setup = match r.u8()? {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(bad()),
        };
        let ufrag = r.string()?;
        let pwd = r.string()?;
        let fingerprint: [u8; 32] = r.take(32)?.try_into().map_err(|_| bad())?;
        let n = r.u8()?;
        let mut candidates = Vec::new();
        for _ in 0..n {
            let tag = r.u8()?;
            let kind = match tag & 3 {
                0 => Kind::Host,
                1 => Kind::Srflx,
                2 => Kind::Relay,
                _ => Kind::Prflx,
            };
            let port = u16::from_be_bytes([r.u8()?, r.u8()?]);
            let address = decode_address(tag >> 4, &mut r)?;
            candidates.push(Candidate {
                kind,
                address,
                port,
                tcp: tag & 4 != 0,
            });
        }
        if r.at != bytes.len() {
            return Err(bad());
        }
        Ok(Signal {
            ufrag,
            pwd,
            fingerprint,
            setup,
            candidates,
        })
    }
}

fn parse_candidate(v: &str) -> Option<Candidate> {
    let parts: Vec<&str> = v.split_whitespace().collect();
    // foundation component transport priority address port "typ" type ...
    if parts.len() < 8 || parts[1] != "1" || parts[6] != "typ" {
        return None;
    }
    let tcp = parts[2].eq_ignore_ascii_case("tcp");
    if tcp && !parts.windows(2).any(|w| w == ["tcptype", "passive"]) {
        return None; // only passive TCP candidates can be connected to
    }
    let kind = match parts[7] {
        "host" => Kind::Host,
        "srflx" => Kind::Srflx,
        "relay" => Kind::Relay,
        "prflx" => Kind::Prflx,
        _ => return None,
    };
    Some(Candidate {
        kind,
        address: parts[4].to_string(),
        port: parts[5].parse().ok()?,
        tcp,
    })
}

/// 0 = an mDNS name `<uuid>.local` (16 bytes), 1 = IPv4, 2 = IPv6, 3 = any other text.
fn encode_address(a: &str) -> (u8, Vec<u8>) {
    if let Some(uuid) = a.strip_suffix(".local") {
        let hex: String = uuid.chars().filter(|c| *c != '-').collect();
        if hex.len() == 32 && uuid.len() == 36 && hex.is_ascii() {
            if let Some(bytes) = (0..16)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                .collect::<Option<Vec<u8>>>()
            {
                return (0, bytes);
            }
        }
    }
    if let Ok(ip) = a.parse::<std::net::Ipv4Addr>() {
        return (1, ip.octets().to_vec());
    }
    if let Ok(ip) = a.parse::<std::net::Ipv6Addr>() {
        return (2, ip.octets().to_vec());
    }
    let mut out = vec![a.len().min(255) as u8];
    out.extend_from_slice(&a.as_bytes()[..a.len().min(255)]);
    (3, out)
}

fn decode_address(kind: u8, r: &mut Reader<'_>) -> Result<String, SignalError> {
    Ok(match kind {
        0 => {
            let b = r.take(16)?;
            let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &h[0..8],
                &h[8..12],
                &h[12..16],
                &h[16..20],
                &h[20..32]
            )
        }
        1 => {
            let b: [u8; 4] = r
                .take(4)?
                .try_into()
                .map_err(|_| SignalError("bad address".into()))?;
            std::net::Ipv4Addr::from(b).to_string()
        }
        2 => {
            let b: [u8; 16] = r
                .take(16)?
                .try_into()
                .map_err(|_| SignalError("bad address".into()))?;
            std::net::Ipv6Addr::from(b).to_string()
        }
        _ => r.string()?,
    })
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], SignalError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.b.len());
        let end = end.ok_or_else(|| SignalError("the code is cut short".into()))?;
        let out = &self.b[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, SignalError> {
        Ok(self.take(1)?[0])
    }

    fn string(&mut self) -> Result<String, SignalError> {
        let n = usize::from(self.u8()?);
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| SignalError("bad text".into()))
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 2);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

fn unbase64url(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OFFER: &str = "v=0\r\no=- 8628353348266375446 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
a=candidate:1098806493 1 udp 2113937151 98522a5d-16f9-4a7c-87a0-c016ba1dad07.local 41666 typ host generation 0 network-cost 999\r\n\
a=candidate:2316875069 1 udp 1677729535 203.0.113.7 47282 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n\
a=candidate:9 1 tcp 1518280447 2001:db8::1 9 typ host tcptype active\r\n\
a=ice-ufrag:p83D\r\na=ice-pwd:0Scrpg/JnFgQR9Y0IoVQ/ccL\r\na=ice-options:trickle\r\n\
a=fingerprint:sha-256 63:31:67:7D:E1:C4:7D:6A:39:82:F5:77:8B:B3:EB:6D:4E:B7:0A:4F:99:73:8E:C3:D8:F8:F0:C9:1B:E0:C9:52\r\n\
a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn a_code_round_trips_and_stays_short() {
        let s = Signal::from_sdp(OFFER).unwrap();
        assert_eq!(s.ufrag, "p83D");
        assert_eq!(s.candidates.len(), 2, "the active TCP candidate is dropped");
        assert_eq!(s.candidates[1].address, "203.0.113.7");
        let code = s.encode();
        assert!(code.len() < 130, "{} chars", code.len());
        let back = Signal::decode(&format!("https://example.org/vrhcaby/#join={code}")).unwrap();
        assert_eq!(back, s);
        let sdp = back.to_sdp();
        assert!(sdp.contains("a=ice-pwd:0Scrpg/JnFgQR9Y0IoVQ/ccL\r\n"));
        assert!(sdp.contains("98522a5d-16f9-4a7c-87a0-c016ba1dad07.local 41666 typ host\r\n"));
        assert!(sdp.contains("a=fingerprint:sha-256 63:31:67:7D:"));
        assert_eq!(Signal::from_sdp(&sdp).unwrap(), s);
    }

    #[test]
    fn garbage_codes_are_clear_errors() {
        for bad in ["", "!!!", "AAAA", "hello world", "#join=", "AQ"] {
            assert!(Signal::decode(bad).is_err(), "{bad:?}");
        }
        let code = Signal::from_sdp(OFFER).unwrap().encode();
        assert!(Signal::decode(&code[..code.len() - 3]).is_err());
        assert!(Signal::from_sdp("v=0\r\n").is_err());
    }

    #[test]
    fn base64url_round_trips() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(n)).collect();
            assert_eq!(unbase64url(&base64url(&bytes)).unwrap(), bytes);
        }
    }
}
