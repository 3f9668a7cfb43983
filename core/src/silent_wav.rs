//! The short silent WAV file the Node side writes to its temp directory at start-up
//! (docs/design/tool-contract.md §1.16): Live can only create audio clips from files, and
//! update-live-set needs a temporary audio clip to place a locator past the arrangement
//! end on a Set with only audio tracks. The bytes come from here so both hosts share one
//! definition.

/// Sample rate of the silent file, in Hz.
pub const SAMPLE_RATE: u32 = 44_100;
/// Number of samples (0.1 s at [`SAMPLE_RATE`]).
pub const SAMPLES: u32 = SAMPLE_RATE / 10;

/// The bytes of a valid mono, 16-bit PCM WAV file of [`SAMPLES`] zero samples.
pub fn bytes() -> Vec<u8> {
    const CHANNELS: u16 = 1;
    const BITS: u16 = 16;
    let block_align = CHANNELS * (BITS / 8);
    let data_len = SAMPLES * u32::from(block_align);
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&CHANNELS.to_le_bytes());
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * u32::from(block_align)).to_le_bytes());
    out.extend_from_slice(&block_align.to_le_bytes());
    out.extend_from_slice(&BITS.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    out.resize(out.len() + data_len as usize, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u16_at(b: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([b[at], b[at + 1]])
    }
    fn u32_at(b: &[u8], at: usize) -> u32 {
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    }

    #[test]
    fn the_header_describes_a_tenth_of_a_second_of_mono_16_bit_silence() {
        let b = bytes();
        assert_eq!(&b[0..4], b"RIFF");
        assert_eq!(u32_at(&b, 4) as usize, b.len() - 8, "RIFF size");
        assert_eq!(&b[8..12], b"WAVE");
        assert_eq!(&b[12..16], b"fmt ");
        assert_eq!(u32_at(&b, 16), 16, "fmt chunk size");
        assert_eq!(u16_at(&b, 20), 1, "PCM");
        assert_eq!(u16_at(&b, 22), 1, "mono");
        let rate = u32_at(&b, 24);
        assert_eq!(rate, 44_100);
        assert_eq!(u32_at(&b, 28), rate * 2, "byte rate");
        assert_eq!(u16_at(&b, 32), 2, "block align");
        assert_eq!(u16_at(&b, 34), 16, "bits per sample");
        assert_eq!(&b[36..40], b"data");
        let data = u32_at(&b, 40) as usize;
        assert_eq!(data, b.len() - 44);
        assert_eq!(data / 2, rate as usize / 10, "0.1 s of samples");
        assert!(b[44..].iter().all(|&x| x == 0), "silent");
    }
}
