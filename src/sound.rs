//! Short synthesized sounds (no audio files to download): dice, a move, a hit.

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Dice,
    Move,
    Hit,
    Warning,
    /// Someone sat down at the player's open table.
    Chime,
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Plays a sound; silently does nothing where audio is unavailable.
pub fn play(sound: Sound) {
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = AudioContext::new().ok();
        }
        if let Some(ctx) = cell.as_ref() {
            let _ = beep(ctx, sound);
        }
    });
}

fn beep(ctx: &AudioContext, sound: Sound) -> Result<(), wasm_bindgen::JsValue> {
    let (tones, kind, volume): (&[(f32, f64, f64)], OscillatorType, f32) = match sound {
        // (frequency, start, length) in Hz and seconds
        Sound::Dice => (
            &[
                (520.0, 0.0, 0.03),
                (410.0, 0.05, 0.03),
                (600.0, 0.1, 0.03),
                (470.0, 0.16, 0.04),
            ],
            OscillatorType::Square,
            0.04,
        ),
        Sound::Move => (&[(330.0, 0.0, 0.06)], OscillatorType::Triangle, 0.12),
        Sound::Hit => (
            &[(180.0, 0.0, 0.1), (120.0, 0.08, 0.12)],
            OscillatorType::Sawtooth,
            0.08,
        ),
        Sound::Warning => (&[(880.0, 0.0, 0.08)], OscillatorType::Sine, 0.06),
        Sound::Chime => (
            &[
                (660.0, 0.0, 0.12),
                (880.0, 0.12, 0.12),
                (1_320.0, 0.24, 0.2),
            ],
            OscillatorType::Sine,
            0.08,
        ),
    };
    let t0 = ctx.current_time();
    for &(freq, start, len) in tones {
        let osc = ctx.create_oscillator()?;
        let gain = ctx.create_gain()?;
        osc.set_type(kind);
        osc.frequency().set_value(freq);
        gain.gain().set_value_at_time(volume, t0 + start)?;
        gain.gain()
            .exponential_ramp_to_value_at_time(0.0001, t0 + start + len)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(t0 + start)?;
        osc.stop_with_when(t0 + start + len + 0.02)?;
    }
    Ok(())
}
