//! A QR code of an invitation link, as one SVG path (no image to download).

use qrcodegen::{QrCode, QrCodeEcc};

/// The QR code of `text`: its size in modules and an SVG path of the dark modules, or `None`
/// if the text is too long for a QR code.
#[must_use]
pub fn qr_path(text: &str) -> Option<(i32, String)> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let n = qr.size();
    let mut d = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{x} {y}h1v1h-1z"));
            }
        }
    }
    Some((n, d))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_becomes_a_readable_code() {
        let (n, d) = super::qr_path("https://example.org/vrhcaby/#join=AQABBBBCCCC").unwrap();
        assert!(
            (21..=41).contains(&n),
            "version 1–6 for a short link, got {n} modules"
        );
        assert!(
            d.starts_with("M0 0h1"),
            "the finder pattern's corner is dark"
        );
    }
}
