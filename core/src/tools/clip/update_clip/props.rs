//! Update-clip step 1 (docs/design/tool-rules.md §13): looping and the markers it moves,
//! then name, colour and signature. Marker writes in the order Live accepts are
//! `clip_timing`'s.

use crate::live::{Atom, LiveId};
use crate::tools::clip::update_clip::plan::ClipTimes;
use crate::tools::clip::update_clip::step::{ClipUpdate, Progress};
use crate::tools::common::clip::timing::{self, Markers, EPS};
use crate::tools::common::names;
use crate::tools::common::time;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// Step 1 on one clip: looping, markers, name, colour, signature. `progress` records
/// the first write, so a later failure is reported as a warning.
pub fn write(
    call: &mut Call<'_>,
    u: &ClipUpdate<'_>,
    progress: &mut Progress,
) -> Result<(), ToolError> {
    let (plan, clip) = (u.plan, u.clip);
    let live = &mut *call.live;
    let was_looping = lom::flag(live, clip, "looping")?;
    let looping = u.args.looping.map_or(was_looping, |f| f.0);
    let old = Markers::read(live, clip)?;
    let new = markers(call, old, looping, clip, u.sig, u.times)?;
    let live = &mut *call.live;
    if looping != was_looping {
        progress.changed = true;
        live.set(clip, "looping", &[Atom::Int(i64::from(looping))])?;
    }
    if new != old {
        progress.changed = true;
        for name in timing::write(live, clip, old, new)? {
            call.warnings
                .push(format!("clip {clip}: Live did not keep the new {name}"));
        }
    }
    let name = plan.names.get(u.index).and_then(Option::as_deref);
    let color = names::cycled(&plan.colors, u.index);
    if name.is_some() || color.is_some() {
        progress.changed = true;
        names::write_name_and_color(call, clip, "clip", name, color)?;
    }
    if let Some((n, d)) = plan.sig {
        progress.changed = true;
        call.live
            .set(clip, "signature_numerator", &[Atom::Int(n)])?;
        call.live
            .set(clip, "signature_denominator", &[Atom::Int(d)])?;
    }
    Ok(())
}

/// The markers after `start`, `length` and `firstStart`: a looping clip's region is
/// its loop, a non-looping clip's its start and end markers. A start at or after the
/// end is refused (nothing written yet); a `firstStart` that cannot apply is a warning.
fn markers(
    call: &mut Call<'_>,
    old: Markers,
    looping: bool,
    clip: LiveId,
    sig: (i64, i64),
    times: &ClipTimes,
) -> Result<Markers, ToolError> {
    let mut new = old;
    if let Some(len) = times.length {
        let base = times.start.unwrap_or(if looping {
            old.loop_start
        } else {
            old.start_marker
        });
        if looping {
            new.loop_end = base + len;
        } else {
            new.end_marker = base + len;
        }
    }
    if let Some(s) = times.start {
        if looping {
            new.loop_start = s;
            if s >= new.loop_end - EPS {
                return Err(ToolError::bad_input(format!(
                    "start {} is at or after the loop end ({}) of clip {clip}; give length too",
                    time::position(s, sig.0, sig.1),
                    time::position(new.loop_end, sig.0, sig.1)
                )));
            }
        }
        if s < new.end_marker - EPS {
            new.start_marker = s;
        } else if !looping {
            return Err(ToolError::bad_input(format!(
                "start {} is at or after the end ({}) of clip {clip}; give length too",
                time::position(s, sig.0, sig.1),
                time::position(new.end_marker, sig.0, sig.1)
            )));
        }
    }
    if let Some(fs) = times.first_start {
        if !looping {
            call.warn("firstStart ignored: clip is not looping");
        } else if fs < new.end_marker - EPS {
            new.start_marker = fs;
        } else {
            call.warn(format!(
                "firstStart ignored: it is at or after the clip end ({})",
                time::position(new.end_marker, sig.0, sig.1)
            ));
        }
    }
    Ok(new)
}
