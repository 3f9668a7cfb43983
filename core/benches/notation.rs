//! Notation benchmark (filled in by the notation issue).
fn main() {}
