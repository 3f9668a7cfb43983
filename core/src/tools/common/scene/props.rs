//! The scene property step shared by create-scene and update-scene
//! (docs/design/tool-rules.md §9, §10): `name`, `color`,
//! `tempo` and `timeSignature`, parsed before any write and then applied to one scene
//! with Live's enable flags. A scene's tempo and signature keep their values while
//! disabled (Live reads −1 then), so disabling only clears the flag.

use crate::live::path::LomPath;
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::{names, time};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::format::num;
use crate::tools::framework::lom;

/// The `tempo` argument: a BPM value, or −1 to disable the scene tempo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tempo {
    /// Set the tempo to this many BPM and enable it.
    Bpm(f64),
    /// Clear `tempo_enabled`; the stored value stays.
    Disabled,
}

/// The `timeSignature` argument: `"N/D"`, or `"disabled"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signature {
    /// Set numerator and denominator and enable them.
    Set(i64, i64),
    /// Clear `time_signature_enabled`; the stored values stay.
    Disabled,
}

/// Lowest and highest scene tempo Live accepts (the Song's range).
pub const TEMPO_RANGE: (f64, f64) = (20.0, 999.0);

/// Everything the property step will write, validated.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneProps {
    /// New tempo state.
    pub tempo: Option<Tempo>,
    /// New signature state.
    pub signature: Option<Signature>,
    /// Colours (`0xRRGGBB`) cycled over the items (docs/design/tool-contract.md §1.6).
    pub colors: Vec<i64>,
}

impl SceneProps {
    /// Checks `tempo` (20–999 or −1), `timeSignature` and the colour list; `BAD_INPUT`
    /// naming the value, before anything reaches Live (docs/design/tool-contract.md §1.1
    /// item 5).
    pub fn parse(
        tempo: Option<f64>,
        signature: Option<&str>,
        color: Option<&str>,
    ) -> Result<SceneProps, ToolError> {
        let tempo = match tempo {
            None => None,
            Some(-1.0) => Some(Tempo::Disabled),
            Some(t) if (TEMPO_RANGE.0..=TEMPO_RANGE.1).contains(&t) => Some(Tempo::Bpm(t)),
            Some(t) => {
                return Err(ToolError::bad_input(format!(
                "tempo {} is out of range: give 20 to 999 BPM, or -1 to disable the scene tempo",
                num(t)
            )))
            }
        };
        let signature = match signature.map(str::trim) {
            None => None,
            Some(s) if s.eq_ignore_ascii_case("disabled") => Some(Signature::Disabled),
            Some(s) => {
                let (n, d) = time::parse_signature(s).map_err(|_| {
                    ToolError::bad_input(format!(
                        "timeSignature {} is not valid: write N/D, e.g. \"4/4\" or \"6/8\" (N 1 to 99, D 1, 2, 4, 8 or 16), or \"disabled\"",
                        quoted(s)
                    ))
                })?;
                Some(Signature::Set(n, d))
            }
        };
        let colors = names::colors(color)?;
        Ok(SceneProps {
            tempo,
            signature,
            colors,
        })
    }

    /// Writes item `i`'s properties to `scene` in the documented order: name, colour
    /// (read back, docs/design/tool-contract.md §1.6), tempo then `tempo_enabled`,
    /// signature then `time_signature_enabled`. Tempo and signature are read back and a
    /// value Live did not keep is a warning (read after write,
    /// docs/design/tool-contract.md §3.4).
    pub fn apply(
        &self,
        call: &mut Call<'_>,
        scene: LiveId,
        i: usize,
        name: Option<&str>,
    ) -> Result<(), ToolError> {
        if let Some(name) = name {
            let shown = format!("scene {scene}");
            let w = lom::set_checked(call.live, scene, "name", &Atom::Symbol(name.into()), &shown)?;
            call.warnings.extend(w);
        }
        let mut label = Label::new(scene, name);
        if let Some(color) = names::cycled(&self.colors, i) {
            let what = label.get(call)?;
            names::color(call, scene, color, &what)?;
        }
        match self.tempo {
            Some(Tempo::Bpm(bpm)) => {
                call.live.set(scene, "tempo", &[Atom::Float(bpm)])?;
                call.live.set(scene, "tempo_enabled", &[Atom::Int(1)])?;
                let back = lom::number(call.live, scene, "tempo")?;
                if (back - bpm).abs() > 1e-6 {
                    let what = label.get(call)?;
                    call.warn(format!(
                        "tempo {} for {what} became {}",
                        num(bpm),
                        num(back)
                    ));
                }
            }
            Some(Tempo::Disabled) => call.live.set(scene, "tempo_enabled", &[Atom::Int(0)])?,
            None => {}
        }
        match self.signature {
            Some(Signature::Set(n, d)) => {
                call.live
                    .set(scene, "time_signature_numerator", &[Atom::Int(n)])?;
                call.live
                    .set(scene, "time_signature_denominator", &[Atom::Int(d)])?;
                call.live
                    .set(scene, "time_signature_enabled", &[Atom::Int(1)])?;
                let bn = lom::int(call.live, scene, "time_signature_numerator")?;
                let bd = lom::int(call.live, scene, "time_signature_denominator")?;
                if (bn, bd) != (n, d) {
                    let what = label.get(call)?;
                    call.warn(format!(
                        "time signature {n}/{d} for {what} became {bn}/{bd}"
                    ));
                }
            }
            Some(Signature::Disabled) => {
                call.live
                    .set(scene, "time_signature_enabled", &[Atom::Int(0)])?;
            }
            None => {}
        }
        Ok(())
    }
}

/// How warnings name a scene (`scene "Verse"`), read only when a warning needs it: the
/// new name, else the current one, else its 1-based number as read-scene shows it.
struct Label<'n> {
    scene: LiveId,
    name: Option<&'n str>,
    cached: Option<String>,
}

impl<'n> Label<'n> {
    fn new(scene: LiveId, name: Option<&'n str>) -> Self {
        Label {
            scene,
            name,
            cached: None,
        }
    }

    fn get(&mut self, call: &mut Call<'_>) -> Result<String, ToolError> {
        if let Some(l) = &self.cached {
            return Ok(l.clone());
        }
        let shown = match self.name {
            Some(n) => n.to_string(),
            None => display_name(call, self.scene)?,
        };
        let l = format!("scene {}", quoted(&shown));
        self.cached = Some(l.clone());
        Ok(l)
    }
}

/// A scene's name as results show it: its name, or its 1-based number when empty
/// (docs/design/tool-rules.md §8).
pub fn display_name(call: &mut Call<'_>, scene: LiveId) -> Result<String, ToolError> {
    let name = lom::text(call.live, scene, "name")?;
    if !name.is_empty() {
        return Ok(name);
    }
    Ok((scene_index(call, scene)? + 1).to_string())
}

/// A scene's 0-based index, from its canonical path (`live_set scenes 3`).
pub fn scene_index(call: &mut Call<'_>, scene: LiveId) -> Result<usize, ToolError> {
    let path = call.live.path_of(scene)?;
    let parsed = LomPath::parse(&path).ok();
    let steps = parsed.as_ref().and_then(LomPath::live_set_steps);
    match steps.as_deref() {
        Some([("scenes", Some(n))]) => Ok(*n),
        _ => Err(ToolError::new(
            crate::tools::framework::error::ErrorCode::Internal,
            format!("scene {scene} has the unexpected path {}", quoted(&path)),
        )),
    }
}

/// Switches off the tempo and signature a new scene took from the scene above (Live
/// gives a new scene those settings: core/fake-live/README.md row 54), except those the
/// caller sets itself: a scene Barline creates changes nothing when launched unless
/// asked to.
pub fn clear_inherited(
    live: &mut dyn LivePort,
    scene: LiveId,
    keep_tempo: bool,
    keep_signature: bool,
) -> Result<(), ToolError> {
    for (kept, flag) in [
        (keep_tempo, "tempo_enabled"),
        (keep_signature, "time_signature_enabled"),
    ] {
        if !kept && lom::flag(live, scene, flag)? {
            live.set(scene, flag, &[Atom::Int(0)])?;
        }
    }
    Ok(())
}
