//! A small JSON reader and writer, by hand: the record (`Record::from_json`, `to_json`) and the
//! page's saves use it. It was written so the start page would carry no serde_json; that reason
//! is gone (serde_json is in the page's first load for its other messages), and the record is
//! to move to serde with the old form still read (issue 52). It reads strict JSON (RFC 8259) with integers only, refuses a key twice in one object,
//! and nests at most [`MAX_DEPTH`] deep, so hostile text gets an error, never a panic or a stack
//! overflow. Callers walk the document with closures; `None` means "not this shape".

/// How deep arrays and objects may nest (serde_json's default limit is 128).
pub const MAX_DEPTH: usize = 64;

/// A cursor over JSON text.
#[derive(Debug)]
pub struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl<'a> Reader<'a> {
    #[must_use]
    pub fn new(s: &'a str) -> Reader<'a> {
        Reader {
            s: s.as_bytes(),
            i: 0,
            depth: 0,
        }
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self, w: &[u8]) -> bool {
        self.ws();
        if self.s.get(self.i..).is_some_and(|rest| rest.starts_with(w)) {
            self.i += w.len();
            true
        } else {
            false
        }
    }

    /// The end of the text: only whitespace is left.
    pub fn end(&mut self) -> Option<()> {
        self.peek().is_none().then_some(())
    }

    /// `null` (consumed), or not (nothing consumed).
    pub fn null(&mut self) -> bool {
        self.word(b"null")
    }

    fn nest(&mut self, open: u8) -> Option<()> {
        if self.depth == MAX_DEPTH || !self.eat(open) {
            return None;
        }
        self.depth += 1;
        Some(())
    }

    /// An object: `f` gets each key and must read its value. A key given twice is refused.
    pub fn object(&mut self, f: impl FnMut(&mut Self, &str) -> Option<()>) -> Option<()> {
        self.members(true, f)
    }

    /// An object's members; `once`: each key at most once (a value skipped by [`Reader::raw`]
    /// is only JSON, where a key may repeat).
    fn members(
        &mut self,
        once: bool,
        mut f: impl FnMut(&mut Self, &str) -> Option<()>,
    ) -> Option<()> {
        self.nest(b'{')?;
        let mut keys: Vec<String> = Vec::new();
        if !self.eat(b'}') {
            loop {
                let key = self.string()?;
                if (once && keys.contains(&key)) || !self.eat(b':') {
                    return None;
                }
                f(self, &key)?;
                if once {
                    keys.push(key);
                }
                if self.eat(b'}') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }
        self.depth -= 1;
        Some(())
    }

    /// An array: `f` is called for each element and must read it.
    pub fn array(&mut self, mut f: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.nest(b'[')?;
        if !self.eat(b']') {
            loop {
                f(self)?;
                if self.eat(b']') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }
        self.depth -= 1;
        Some(())
    }

    /// A string, its escapes decoded (a lone surrogate is refused).
    pub fn string(&mut self) -> Option<String> {
        if !self.eat(b'"') {
            return None;
        }
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.i)?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.escaped_char()?,
                        _ => return None,
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1F => return None,
                _ => out.push(c),
            }
        }
    }

    /// The character of a `\u` escape (after the `u`), a surrogate pair taken whole.
    fn escaped_char(&mut self) -> Option<char> {
        let hi = self.hex4()?;
        let code = match hi {
            0xD800..=0xDBFF => {
                if !self.word(b"\\u") {
                    return None;
                }
                let lo = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&lo) {
                    return None;
                }
                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
            }
            _ => hi,
        };
        char::from_u32(code)
    }

    fn hex4(&mut self) -> Option<u32> {
        let mut v = 0;
        for _ in 0..4 {
            let d = char::from(*self.s.get(self.i)?).to_digit(16)?;
            self.i += 1;
            v = v * 16 + d;
        }
        Some(v)
    }

    /// The digits of a number from here (JSON's grammar: no leading zeros, no `+`); whether it
    /// had a fraction or an exponent.
    fn number(&mut self) -> Option<bool> {
        let digits = |r: &mut Self| {
            let start = r.i;
            while r.s.get(r.i).is_some_and(u8::is_ascii_digit) {
                r.i += 1;
            }
            r.i > start
        };
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        let first = self.i;
        if !digits(self) || (self.s[first] == b'0' && self.i - first > 1) {
            return None;
        }
        let mut real = false;
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            real = true;
            if !digits(self) {
                return None;
            }
        }
        if let Some(b'e' | b'E') = self.s.get(self.i) {
            self.i += 1;
            real = true;
            if let Some(b'+' | b'-') = self.s.get(self.i) {
                self.i += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        Some(real)
    }

    /// An integer (no fraction, no exponent), as wide as any `i64` or `u64`. `-0` is not one
    /// (JSON readers take it for the real number −0.0).
    pub fn int(&mut self) -> Option<i128> {
        self.ws();
        let start = self.i;
        if self.number()? || self.s.get(start..self.i) == Some(b"-0") {
            return None;
        }
        core::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
    }

    /// An integer that fits `T` (a negative one does not fit an unsigned type).
    pub fn uint<T: TryFrom<i128>>(&mut self) -> Option<T> {
        T::try_from(self.int()?).ok()
    }

    /// Any value, checked and skipped; its text is returned.
    pub fn raw(&mut self) -> Option<&'a str> {
        let start = {
            self.ws();
            self.i
        };
        match self.peek()? {
            b'{' => self.members(false, |r, _| r.raw().map(drop))?,
            b'[' => self.array(|r| r.raw().map(drop))?,
            b'"' => self.string().map(drop)?,
            b't' if self.word(b"true") => {}
            b'f' if self.word(b"false") => {}
            b'n' if self.null() => {}
            _ => self.number().map(drop)?,
        }
        let s: &'a [u8] = self.s;
        core::str::from_utf8(&s[start..self.i]).ok()
    }
}

/// Appends `s` as a JSON string (as serde_json writes it).
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[(u32::from(c) >> 4) as usize]));
                out.push(char::from(HEX[(u32::from(c) & 15) as usize]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends the integer `n` (digits by hand: no `core::fmt` on the start page).
pub fn push_int(out: &mut String, n: i128) {
    if n < 0 {
        out.push('-');
    }
    let mut v = n.unsigned_abs();
    let mut buf = [0u8; 40];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(char::from(b));
    }
}

/// Appends `"key":`, after a comma unless it is the object's first key.
pub fn push_key(out: &mut String, key: &str) {
    if !out.ends_with('{') {
        out.push(',');
    }
    push_str(out, key);
    out.push(':');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Option<String> {
        let mut r = Reader::new(text);
        let v = r.raw()?.to_string();
        r.end().map(|()| v)
    }

    #[test]
    fn reads_strict_json_and_refuses_the_rest() {
        for ok in [
            "0",
            "-12",
            "1.5e3",
            "[]",
            "{}",
            r#"{"a":[1,{"b":null}],"c":"x\u00e9\ud83d\ude00"}"#,
            " true ",
        ] {
            assert!(value(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            "01",
            "+1",
            "1.",
            ".5",
            "1e",
            "-",
            "[1,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "[1 2]",
            "\"\\x\"",
            "\"\\ud800\"",
            "\"\\udc00\"",
            "\"a",
            "\"\u{1}\"",
            "tru",
            "nul",
            "[1]x",
        ] {
            assert!(value(bad).is_none(), "{bad:?}");
        }
        // A skipped value is only JSON, where a key may repeat; an object read field by field
        // refuses a key given twice.
        assert!(value(r#"{"a":1,"a":2}"#).is_some());
        assert!(Reader::new(r#"{"a":1,"a":2}"#)
            .object(|r, _| r.raw().map(drop))
            .is_none());
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(value(&deep(MAX_DEPTH)).is_some());
        assert!(value(&deep(MAX_DEPTH + 1)).is_none());
        assert!(
            value(&deep(100_000)).is_none(),
            "deep nesting is refused, not a stack overflow"
        );
    }

    #[test]
    fn integers_and_strings() {
        let int = |t: &str| Reader::new(t).int();
        assert_eq!(int("18446744073709551615"), Some(i128::from(u64::MAX)));
        assert_eq!(Reader::new("18446744073709551616").uint::<u64>(), None);
        assert_eq!(Reader::new("9223372036854775808").uint::<i64>(), None);
        assert_eq!(int("-3"), Some(-3));
        assert_eq!(int("3.0"), None);
        assert_eq!(int("-0"), None);
        assert_eq!(int("0"), Some(0));
        assert_eq!(Reader::new("-1").uint::<u32>(), None);
        assert_eq!(
            Reader::new(r#""a\"\\\/\n\u0041""#).string().as_deref(),
            Some("a\"\\/\nA")
        );
        let mut out = String::from("{");
        push_key(&mut out, "k");
        push_str(&mut out, "q\"\\\n\u{1}é");
        push_key(&mut out, "n");
        push_int(&mut out, -1_234_567_890_123);
        push_key(&mut out, "m");
        push_int(&mut out, i128::from(u64::MAX));
        out.push('}');
        assert_eq!(
            out,
            r#"{"k":"q\"\\\n\u0001é","n":-1234567890123,"m":18446744073709551615}"#
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&out).ok(),
            serde_json::from_str(
                r#"{"k":"q\"\\\n\u0001é","n":-1234567890123,"m":18446744073709551615}"#
            )
            .ok()
        );
    }
}
