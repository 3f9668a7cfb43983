//! Arrangement clips (core/fake-live/README.md rows 36, 42–48): a clip's extent on the
//! timeline is its own (a looping clip's does not follow its loop or markers), inserts
//! overwrite the range they cover, writing moves the playhead, and unwarped audio is
//! measured in seconds.

use super::set::FakeLive;
use super::store::Kind;
use barline_core::live::LiveId;

/// Node property: the clip's extent on the timeline, in beats.
const EXTENT: &str = "extent";

impl FakeLive {
    /// Beats per second at the Set's tempo (unwarped audio runs in seconds, row 36).
    pub(crate) fn beats_per_second(&self) -> f64 {
        self.model.n(self.model.song).float("tempo").max(1.0) / 60.0
    }

    /// True for an audio clip that is not warped (its markers are seconds).
    pub(crate) fn is_unwarped(&self, clip: LiveId) -> bool {
        let n = self.model.n(clip);
        n.kind == Kind::AudioClip && !n.flag("warping")
    }

    /// The clip's marker span in beats (seconds converted for unwarped audio).
    pub(crate) fn span_beats(&self, clip: LiveId) -> f64 {
        let len = self.clip_length(clip);
        if self.is_unwarped(clip) {
            len * self.beats_per_second()
        } else {
            len
        }
    }

    /// Fixes an arrangement clip's extent (beats).
    pub(crate) fn set_extent(&mut self, clip: LiveId, beats: f64) {
        self.edit(clip, |n| n.set_float(EXTENT, beats));
    }

    /// Song-time end of an arrangement clip: its start plus its own extent.
    pub(crate) fn clip_end_time(&self, clip: LiveId) -> f64 {
        let n = self.model.n(clip);
        let extent = match n.props.get(EXTENT) {
            Some(_) => n.float(EXTENT),
            None => self.span_beats(clip),
        };
        n.float("start_time") + extent
    }

    /// An unlooped arrangement clip ends where its loop end says (row 44).
    pub(crate) fn follow_loop_end(&mut self, clip: LiveId) {
        let n = self.model.n(clip);
        let arrangement =
            self.model.node(n.parent).map(|p| p.class) == Some(super::schema::Class::Track);
        if arrangement && !n.flag("looping") {
            let beats = n.float("loop_end") - n.float("loop_start");
            let scale = if self.is_unwarped(clip) {
                self.beats_per_second()
            } else {
                1.0
            };
            self.set_extent(clip, beats * scale);
        }
    }

    /// With the transport stopped, writing to the arrangement moves the playhead to the
    /// start of what was written (row 47).
    pub(crate) fn move_playhead_to(&mut self, time: f64) {
        let song = self.model.song;
        if !self.model.n(song).flag("is_playing") {
            self.edit(song, |n| n.set_float("current_song_time", time));
            self.pending_song_time = None;
            self.changed(song, "current_song_time");
        }
    }

    /// Whether `clip` lies on an arrangement timeline (not in a session slot).
    pub(crate) fn is_on_arrangement(&self, clip: LiveId) -> bool {
        let parent = self.model.n(clip).parent;
        self.model
            .node(parent)
            .is_some_and(|t| t.list("arrangement_clips").contains(&clip))
    }

    /// Whether any arrangement clip of `track` overlaps `[from, to)`.
    pub(crate) fn arrangement_occupied(&self, track: LiveId, from: f64, to: f64) -> bool {
        self.model
            .n(track)
            .list("arrangement_clips")
            .iter()
            .any(|&c| {
                self.model.n(c).float("start_time") < to - 1e-9
                    && self.clip_end_time(c) > from + 1e-9
            })
    }

    /// Places an arrangement clip, replacing what it overlaps (row 46): covered clips
    /// are deleted, partly covered ones trimmed, one covered in its middle is split.
    pub(crate) fn place_arrangement_clip(&mut self, track: LiveId, clip: LiveId) {
        if !self.model.n(clip).props.contains_key(EXTENT) {
            let beats = self.span_beats(clip);
            self.set_extent(clip, beats);
        }
        let s = self.model.n(clip).float("start_time");
        let e = self.clip_end_time(clip);
        for other in self.model.n(track).list("arrangement_clips").to_vec() {
            let (cs, ce) = (
                self.model.n(other).float("start_time"),
                self.clip_end_time(other),
            );
            if ce <= s || cs >= e {
                continue;
            }
            if cs >= s && ce <= e {
                self.delete_child(track, "arrangement_clips", other);
            } else if cs < s && ce > e {
                let tail = self.clone_subtree(other, track);
                self.trim_tail(other, s - cs);
                self.trim_head(tail, e - cs);
                self.push_child(track, "arrangement_clips", tail, None);
            } else if cs < s {
                self.trim_tail(other, s - cs);
            } else {
                self.trim_head(other, e - cs);
            }
        }
        self.push_child(track, "arrangement_clips", clip, None);
        let mut clips = self.model.n(track).list("arrangement_clips").to_vec();
        clips.sort_by(|a, b| {
            self.model
                .n(*a)
                .float("start_time")
                .total_cmp(&self.model.n(*b).float("start_time"))
        });
        self.edit(track, |n| n.lists.insert("arrangement_clips".into(), clips));
        self.edit(clip, |n| n.parent = track);
        self.changed(track, "arrangement_clips");
    }

    /// Keeps the first `keep` beats of a clip on the timeline.
    fn trim_tail(&mut self, clip: LiveId, keep: f64) {
        let scale = self.marker_units_per_beat(clip);
        if let Some(n) = self.model.node_mut(clip) {
            let (ls, sm) = (n.float("loop_start"), n.float("start_marker"));
            if !n.flag("looping") {
                n.set_float("loop_end", ls + keep * scale);
            }
            n.set_float("end_marker", sm + keep * scale);
            n.set_float(EXTENT, keep);
        }
    }

    /// Cuts `cut` beats off the front of a clip on the timeline.
    fn trim_head(&mut self, clip: LiveId, cut: f64) {
        let scale = self.marker_units_per_beat(clip);
        if let Some(n) = self.model.node_mut(clip) {
            let extent = n.float(EXTENT);
            n.set_float("start_time", n.float("start_time") + cut);
            for p in ["loop_start", "start_marker"] {
                if p == "loop_start" && n.flag("looping") {
                    continue;
                }
                n.set_float(p, n.float(p) + cut * scale);
            }
            n.set_float(EXTENT, extent - cut);
        }
    }

    /// Marker units per timeline beat: 1, or seconds per beat for unwarped audio.
    fn marker_units_per_beat(&self, clip: LiveId) -> f64 {
        if self.is_unwarped(clip) {
            1.0 / self.beats_per_second()
        } else {
            1.0
        }
    }
}
