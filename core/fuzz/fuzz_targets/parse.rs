//! Fuzzes the bar|beat scanner, interpreter and formatter with arbitrary UTF-8.
//!
//! Beyond "never panics" it checks the engine's own invariants: both scan modes give
//! the same result, parse and interpret report the same first syntax/value error,
//! syntax and value errors carry a position inside the text, and the formatter
//! accepts whatever the interpreter produced. Bit 2 of the first byte picks bar|beat 2,
//! where every text the core accepts must also mean the same.
#![no_main]

use barline_core::notation::{
    format, interpret_scanned, parse, Dialect, ErrorKind, FormatOptions, InterpretOptions,
    ScanMode,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first byte picks a meter so meters are fuzzed too.
    let options = match data.first().map(|b| b % 4) {
        Some(0) => InterpretOptions::default(),
        Some(1) => InterpretOptions::time_signature(3, 4),
        Some(2) => InterpretOptions::time_signature(6, 8),
        _ => InterpretOptions::time_signature(4, 4),
    };
    if data.first().is_some_and(|b| b & 4 != 0) {
        let v2 = options.with_dialect(Dialect::V2);
        let memoized = interpret_scanned(text, &v2, ScanMode::Memoized);
        let reference = interpret_scanned(text, &v2, ScanMode::PerElement);
        assert_eq!(memoized, reference, "scan modes disagree in bar|beat 2");
        if let Ok(core) = interpret_scanned(text, &options, ScanMode::Memoized) {
            assert_eq!(memoized, Ok(core), "a core text changed meaning in bar|beat 2");
        }
        if let Ok(result) = &memoized {
            let fo = FormatOptions {
                numerator: options.numerator,
                denominator: options.denominator,
                drum_mode: false,
                dialect: Dialect::V2,
            };
            assert!(format(&result.notes, &fo).is_ok(), "formatter rejected interpreter notes");
        }
        return;
    }
    let memoized = interpret_scanned(text, &options, ScanMode::Memoized);
    let reference = interpret_scanned(text, &options, ScanMode::PerElement);
    assert_eq!(memoized, reference, "scan modes disagree");
    let parsed = parse(text);
    match &memoized {
        Ok(result) => {
            assert!(parsed.is_ok() || text.is_empty());
            for drum_mode in [false, true] {
                let fo = FormatOptions {
                    numerator: options.numerator,
                    denominator: options.denominator,
                    drum_mode,
                    dialect: options.dialect,
                };
                assert!(format(&result.notes, &fo).is_ok(), "formatter rejected interpreter notes");
            }
        }
        Err(e) if matches!(e.kind, ErrorKind::Syntax | ErrorKind::Value) => {
            let position = e.position.expect("positioned error");
            assert!(position.offset <= text.encode_utf16().count());
            assert_eq!(parsed.as_ref().map_err(|p| &p.message), Err(&e.message));
        }
        Err(_) => assert!(parsed.is_ok()),
    }
});
