//! What the model is told beyond success: notes past a clip's end, unusual transform
//! arguments, and the transforms reference whose recipes must be exact texts.

use crate::support;

use barline_core::mcp::resources::{self, Route};
use barline_core::transforms::Transform;
use serde_json::json;
use support::fake::demo;
use support::outcome::warnings;
use support::tools::call;

fn past_end_warning(w: &[String]) -> Option<&String> {
    w.iter().find(|m| m.contains("at or after the clip end"))
}

#[test]
fn create_clip_reports_notes_past_a_length_given_in_beats() {
    let mut live = demo();
    // `length: "4"` is four beats: three of the four bars of notes lie past the end.
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "t/2 C3 1|1 D3 2|1 E3 3|1 F3 4|1", "length": "4"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let w = warnings(&r);
    let m = past_end_warning(&w).unwrap_or_else(|| panic!("no warning: {w:?}"));
    assert!(
        m.starts_with("3 notes start at or after the clip end 2|1"),
        "{m}"
    );
    assert!(m.contains("\"4:0\""), "the fix: {m}");
}

#[test]
fn a_note_exactly_at_the_end_is_reported_and_one_inside_is_not() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/1", "notes": "C3 1|1 D3 1|4.5 E3 2|1", "length": "1:0"}),
    );
    let w = warnings(&r);
    let m = past_end_warning(&w).unwrap_or_else(|| panic!("no warning: {w:?}"));
    assert!(
        m.starts_with("1 note starts at or after the clip end 2|1"),
        "{m}"
    );
    let fits = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/2", "notes": "C3 1|1 D3 1|4.5", "length": "1:0"}),
    );
    assert!(past_end_warning(&warnings(&fits)).is_none(), "{fits}");
}

#[test]
fn update_clip_reports_notes_merged_past_the_end() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/3", "notes": "C3 1|1", "length": "1:0"}),
    );
    let id = r["structuredContent"]["id"].clone();
    let u = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": id, "notes": "E3 3|1 G3 4|1"}),
    );
    assert_ne!(u["isError"], true, "{u}");
    let w = warnings(&u);
    let m = past_end_warning(&w).unwrap_or_else(|| panic!("no warning: {w:?}"));
    assert!(
        m.starts_with("2 notes start at or after the clip end 2|1"),
        "{m}"
    );
}

#[test]
fn a_swing_grid_finer_than_a_32nd_warns_what_it_does() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "t/4 Gb1 1|1x16@/4", "transforms": "timing = swing(0.1, 1/16)"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let w = warnings(&r);
    let m = w
        .iter()
        .find(|m| m.contains("finer than a 32nd"))
        .unwrap_or_else(|| panic!("{w:?}"));
    assert!(m.contains("1/4t") && m.chars().count() <= 200, "{m}");
    // The amount (0.1) is larger than that grid (1/16 beat) too.
    assert!(
        w.iter().any(|m| m.contains("larger than its grid")),
        "{w:?}"
    );
}

#[test]
fn usual_swing_and_quant_give_no_advice() {
    for text in [
        "timing = swing(0.17)",
        "timing = swing(0.08, 1/4t)",
        "timing = quant(1/8t)",
        "velocity += rand(-8, 8)",
    ] {
        let t = Transform::parse(text).unwrap();
        let sig = barline_core::transforms::TimeSignature::new(4, 4).unwrap();
        assert!(t.advice(sig).is_empty(), "{text}: {:?}", t.advice(sig));
    }
}

#[test]
fn the_transforms_reference_is_listed_and_every_example_parses() {
    let listed = resources::list(Default::default());
    assert!(listed.to_string().contains(resources::TRANSFORMS_URI));
    let small = barline_core::tools::catalogue::CatalogueOptions {
        small_model: true,
        ..Default::default()
    };
    assert!(!resources::list(small).to_string().contains("transforms://"));
    let Route::Static(r) = resources::route(resources::TRANSFORMS_URI) else {
        panic!("not static");
    };
    let text = r["contents"][0]["text"].as_str().unwrap();
    for must in [
        "swing eighths",
        "swing sixteenths",
        "humanize",
        "accents",
        "crescendo",
        "snap",
        "legato",
        "twice adds 20",
    ] {
        assert!(text.contains(must), "reference lacks {must}");
    }
    // Every code span that is an assignment is an exact text the language accepts.
    let mut checked = 0;
    for span in text.split('`').skip(1).step_by(2) {
        let assignment = ["=", "+=", "-=", "*=", "/="]
            .iter()
            .any(|op| span.contains(&format!(" {op} ")));
        if assignment {
            Transform::parse(span).unwrap_or_else(|e| panic!("{span}: {e}"));
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} examples");
    // Every function of the language appears.
    for f in [
        "cos(", "sin(", "tri(", "saw(", "square(", "swing(", "quant(", "round(", "floor(", "ceil(",
        "abs(", "clamp(", "pow(", "min", "max(", "rand(", "seq(", "choose(", "ramp(", "curve(",
        "snap(", "step(", "wrap(", "reflect(", "legato(",
    ] {
        assert!(text.contains(f), "reference lacks {f}");
    }
}

#[test]
fn the_transforms_the_guide_shows_parse_and_need_no_advice() {
    let guide = barline_core::tools::testing::GUIDE;
    let sig = barline_core::transforms::TimeSignature::new(4, 4).unwrap();
    let mut checked = 0;
    for span in guide.split('`').skip(1).step_by(2) {
        let assignment = ["timing", "velocity", "pitch", "duration"]
            .iter()
            .any(|p| span.starts_with(&format!("{p} ")));
        if assignment {
            let t = Transform::parse(span).unwrap_or_else(|e| panic!("{span}: {e}"));
            assert!(t.advice(sig).is_empty(), "{span}: {:?}", t.advice(sig));
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked}");
}
