//! The pest grammar of bar|beat (`grammar.pest`) and the `Rule` names it generates;
//! its own module so every reader of the grammar imports it without the scanner.

#[derive(pest_derive::Parser)]
#[grammar = "notation/grammar.pest"]
pub(crate) struct Grammar;
