//! Notes → bar|beat text (spec 6).
use super::error::NotationError;
use super::note::{FormatNote, FormatOptions};

/// Formats `notes` as text that interprets back to the same notes (spec 6.9).
pub fn format<N: Copy + Into<FormatNote>>(
    notes: &[N],
    options: &FormatOptions,
) -> Result<String, NotationError> {
    let _ = (notes, options);
    Ok(String::new())
}
