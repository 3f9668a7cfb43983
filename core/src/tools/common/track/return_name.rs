//! Names of return tracks. Live keeps a return's letter in front of its name and adds
//! it back on every rename: writing "Verb" to return A reads "A-Verb", and writing
//! "C-Echo" to return C reads "C-C-Echo" (core/fake-live/README.md row 79). So the
//! tools write a return's name without its own letter, and report what Live reads.

use crate::tools::common::track::reader::Place;

/// The letter Live shows in front of return `index` (A, B, … wrapping after Z).
pub fn letter(index: usize) -> char {
    char::from(b'A' + (index % 26) as u8)
}

/// The text to write as the name of a track at `place`: for a return, `name` without
/// its own letter prefix ("C-Echo" on return C → "Echo"); otherwise `name` as given.
pub fn to_write(place: Place, name: &str) -> String {
    let Place::Return(i) = place else {
        return name.to_string();
    };
    let prefix = format!("{}-", letter(i));
    name.strip_prefix(&prefix).unwrap_or(name).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_returns_own_letter_is_stripped() {
        assert_eq!(to_write(Place::Return(2), "C-Echo"), "Echo");
        assert_eq!(to_write(Place::Return(2), "A-Echo"), "A-Echo");
        assert_eq!(to_write(Place::Return(0), "Verb"), "Verb");
        assert_eq!(to_write(Place::Regular(2), "C-Echo"), "C-Echo");
        assert_eq!(to_write(Place::Master, "C-"), "C-");
        assert_eq!(letter(27), 'B');
    }
}
