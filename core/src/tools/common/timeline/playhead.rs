//! With the transport stopped, `create_midi_clip` and `duplicate_clip_to_arrangement`
//! move Live's playhead to what they wrote (core/fake-live/README.md row 47). A tool
//! that writes to the arrangement notes where the playhead was and puts it back, so
//! an edit never loses the user's place. While Live plays nothing is touched.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::{overview, time};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// Where a stopped transport's playhead was before a tool's writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playhead {
    song: LiveId,
    at: Option<f64>,
}

impl Playhead {
    /// Notes the playhead of a stopped transport (nothing while Live plays).
    pub fn note(live: &mut dyn LivePort) -> Result<Self, ToolError> {
        let song = overview::song(live)?;
        let at = if lom::flag(live, song, "is_playing")? {
            None
        } else {
            Some(lom::number(live, song, "current_song_time")?)
        };
        Ok(Playhead { song, at })
    }

    /// Puts a moved playhead back; a warning when Live would not take it back (the
    /// tool's writes stand either way).
    pub fn restore(self, live: &mut dyn LivePort) -> Option<String> {
        let at = self.at?;
        let now = lom::number(live, self.song, "current_song_time").ok()?;
        if (now - at).abs() < 1e-9 {
            return None;
        }
        live.set(self.song, "current_song_time", &[Atom::Float(at)])
            .err()
            .map(|e| {
                format!(
                    "the arrangement edit moved the playhead from beat {} and Live did not take it back ({})",
                    time::beat_text(at),
                    e.message
                )
            })
    }
}
