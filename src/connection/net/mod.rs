//! Peer-to-peer plumbing: signalling codes, QR codes and the WebRTC data channel.

pub mod qr;
pub mod signal;
pub mod webrtc;
