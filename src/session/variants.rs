//! The standard variants a new game is made under, from the rules choice: options made to go
//! together (plain Rust, tested natively).

use vrhcaby_rules::{Clock, Options, Variant};

/// A standard game to `n` points (0: money play) with the chosen options, made to go together:
/// money play drops the match rules, a match the money-play agreements, no cube drops both
/// (`None`: the options at their defaults).
#[must_use]
pub fn variant_for(n: u8, chosen: Option<Options>) -> Variant {
    let n = n.min(vrhcaby_rules::MAX_MATCH_LENGTH);
    let mut o = chosen.unwrap_or_else(|| {
        if n == 0 {
            Options::money()
        } else {
            Options::match_to(n)
        }
    });
    o.match_length = n;
    if n == 0 {
        o.crawford = false;
        o.holland = false;
    } else {
        o.jacoby = false;
        o.beavers = false;
        o.auto_doubles = 0;
    }
    if !o.cube {
        o = Options {
            crawford: false,
            holland: false,
            jacoby: false,
            beavers: false,
            auto_doubles: 0,
            ..o
        };
    }
    o.holland &= o.crawford;
    o.auto_doubles = o.auto_doubles.min(vrhcaby_rules::MAX_AUTO_DOUBLES);
    if let Clock::DelayReserve { delay_ms, .. } = o.clock {
        // 2 minutes of reserve per match point; 5 minutes a game in money play.
        let reserve_ms = if n == 0 {
            300_000
        } else {
            120_000 * u32::from(n)
        };
        o.clock = Clock::DelayReserve {
            delay_ms,
            reserve_ms,
        };
    }
    Variant::standard(o)
        .unwrap_or_else(|_| Variant::standard(Options::match_to(5)).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_always_makes_a_playable_variant() {
        for n in 0..=30u8 {
            let all = Options {
                cube: true,
                crawford: true,
                holland: true,
                jacoby: true,
                beavers: true,
                auto_doubles: 9,
                clock: Clock::DelayReserve {
                    delay_ms: 12_000,
                    reserve_ms: 1,
                },
                match_length: 0,
            };
            for chosen in [None, Some(all), Some(Options { cube: false, ..all })] {
                let v = variant_for(n, chosen);
                assert!(v.is_standard());
                let o = v.options();
                assert!(o.check().is_ok(), "{n} {chosen:?}: {o:?}");
                assert_eq!(o.match_length, n.min(25));
            }
        }
        // Money play keeps its agreements, a match its rules; the reserve is per match point.
        let m = variant_for(7, None).options();
        assert!(m.crawford && !m.jacoby);
        let r = variant_for(
            3,
            Some(Options {
                clock: Clock::DelayReserve {
                    delay_ms: 12_000,
                    reserve_ms: 1,
                },
                ..Options::match_to(3)
            }),
        );
        assert_eq!(
            r.options().clock,
            Clock::DelayReserve {
                delay_ms: 12_000,
                reserve_ms: 360_000
            }
        );
    }
}
