//! Variable-length quantities: the 7-bits-per-byte integers SMF uses for delta times
//! and lengths (high bit set on every byte but the last, at most four bytes).

use super::MidiError;

/// The largest value a four-byte variable-length quantity can hold (2^28 − 1).
pub const VLQ_MAX: u32 = 0x0FFF_FFFF;

/// Reads one quantity starting at `*pos`, advancing `*pos` past it.
///
/// Fails when the input ends inside the quantity or when it runs past four bytes
/// (the SMF limit; longer ones are a sign of a corrupt or misaligned track).
pub fn read_vlq(bytes: &[u8], pos: &mut usize) -> Result<u32, MidiError> {
    let start = *pos;
    let mut value: u32 = 0;
    for i in 0..4 {
        let Some(&byte) = bytes.get(*pos) else {
            return Err(MidiError::at(
                *pos,
                "the data ends inside a variable-length number; the file is truncated",
            ));
        };
        *pos += 1;
        value = (value << 7) | u32::from(byte & 0x7F);
        if byte & 0x80 == 0 {
            return Ok(value);
        }
        if i == 3 {
            break;
        }
    }
    Err(MidiError::at(
        start,
        "a variable-length number is longer than 4 bytes (SMF allows at most 0x0FFFFFFF); \
         the track data is corrupt or misaligned",
    ))
}

/// Appends `value` as a variable-length quantity.
///
/// Fails for values above [`VLQ_MAX`], which SMF cannot express.
pub fn write_vlq(value: u32, out: &mut Vec<u8>) -> Result<(), MidiError> {
    if value > VLQ_MAX {
        return Err(MidiError::input(format!(
            "the value {value} is too large for a MIDI variable-length number \
             (at most {VLQ_MAX}); shorten the clip or lower the ticks per quarter note"
        )));
    }
    let mut groups = [0u8; 4];
    let mut n = 0;
    let mut v = value;
    loop {
        groups[n] = (v & 0x7F) as u8;
        n += 1;
        v >>= 7;
        if v == 0 {
            break;
        }
    }
    for i in (0..n).rev() {
        let continuation = if i > 0 { 0x80 } else { 0 };
        out.push(groups[i] | continuation);
    }
    Ok(())
}
