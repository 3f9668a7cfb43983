//! Launching and stopping (core/fake-live/README.md rows 15–21): firing a clip starts
//! the transport a tick later, stopping clips leaves it running, `stop_playing` stops
//! everything, and `stop_all_clips` / `is_playing 0` act by the next tick.

use super::schema::Class;
use super::set::FakeLive;
use barline_core::live::LiveId;

/// Song flag: the transport starts at the next tick (a fired clip, row 15).
const PENDING_START: &str = "pending_start";
/// Clip flag: the clip stops at the next tick (rows 18, 20).
const PENDING_STOP: &str = "pending_stop";

impl FakeLive {
    /// The session clips of a track, in slot order, with their slot index.
    fn session_clips(&self, track: LiveId) -> Vec<(usize, LiveId)> {
        let Some(n) = self.model.node(track) else {
            return Vec::new();
        };
        n.list("clip_slots")
            .iter()
            .enumerate()
            .map(|(i, s)| (i, self.model.n(*s).single("clip")))
            .filter(|(_, c)| self.exists(*c))
            .collect()
    }

    /// Launches a session clip: it plays, the other clips of its track stop, and a
    /// stopped transport starts at the next tick.
    pub(crate) fn fire_clip(&mut self, clip: LiveId) {
        let slot = self.model.n(clip).parent;
        let Some(track) = self
            .model
            .node(slot)
            .filter(|s| s.class == Class::ClipSlot)
            .map(|s| s.parent)
        else {
            return;
        };
        let mut index = -1;
        for (i, c) in self.session_clips(track) {
            self.edit(c, |n| {
                n.props.remove(PENDING_STOP);
            });
            self.set_int(c, "is_playing", (c == clip) as i64);
            if c == clip {
                index = i as i64;
            }
        }
        self.set_int(track, "playing_slot_index", index);
        self.changed(clip, "is_playing");
        self.changed(track, "playing_slot_index");
        let song = self.model.song;
        if !self.model.n(song).flag("is_playing") {
            self.set_int(song, PENDING_START, 1);
        }
    }

    /// Stops a clip at once (the transport keeps running).
    pub(crate) fn stop_clip(&mut self, clip: LiveId) {
        let was = self.model.n(clip).flag("is_playing");
        self.edit(clip, |n| {
            n.props.remove(PENDING_STOP);
        });
        self.set_int(clip, "is_playing", 0);
        if !was {
            return;
        }
        self.changed(clip, "is_playing");
        if let Some(track) = self.track_of(clip) {
            if self
                .session_clips(track)
                .iter()
                .all(|(_, c)| !self.model.n(*c).flag("is_playing"))
            {
                self.set_int(track, "playing_slot_index", -1);
                self.changed(track, "playing_slot_index");
            }
        }
    }

    /// Stops the clip playing on a track: at once, or at the next tick.
    pub(crate) fn stop_track(&mut self, track: LiveId, next_tick: bool) {
        for (_, c) in self.session_clips(track) {
            if !self.model.n(c).flag("is_playing") {
                continue;
            }
            if next_tick {
                self.set_int(c, PENDING_STOP, 1);
            } else {
                self.stop_clip(c);
            }
        }
    }

    /// `Clip.is_playing 0`: the clip stops by the next tick (row 20).
    pub(crate) fn stop_clip_next_tick(&mut self, clip: LiveId) {
        if self.model.n(clip).flag("is_playing") {
            self.set_int(clip, PENDING_STOP, 1);
        }
    }

    /// `Song.stop_all_clips`: every track's clip stops by the next tick.
    pub(crate) fn stop_all_clips(&mut self) {
        for t in self.model.n(self.model.song).list("tracks").to_vec() {
            self.stop_track(t, true);
        }
    }

    /// `Song.stop_playing`: the transport and every clip stop (row 17).
    pub(crate) fn stop_playing(&mut self) {
        let song = self.model.song;
        for t in self.model.n(song).list("tracks").to_vec() {
            self.stop_track(t, false);
        }
        self.edit(song, |n| {
            n.props.remove(PENDING_START);
        });
        self.set_int(song, "is_playing", 0);
        self.changed(song, "is_playing");
    }

    /// The next tick: a pending transport start happens, pending clip stops too.
    pub(crate) fn settle_transport(&mut self) {
        let song = self.model.song;
        if self.model.n(song).flag(PENDING_START) {
            self.edit(song, |n| {
                n.props.remove(PENDING_START);
            });
            self.set_int(song, "is_playing", 1);
            self.changed(song, "is_playing");
        }
        for t in self.model.n(song).list("tracks").to_vec() {
            for (_, c) in self.session_clips(t) {
                if self.model.n(c).flag(PENDING_STOP) {
                    self.stop_clip(c);
                }
            }
        }
    }
}
