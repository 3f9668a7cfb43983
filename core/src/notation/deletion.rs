//! The v0 deletion pass of docs/design/notation.md §4.8, run once at the end of input
//! over every note (seeded existing notes of a merge included): a velocity-0 note deletes
//! the notes of its pitch before it at the same start, and is itself dropped.

use super::note::Note;

/// Splits the interpreter's `events` (the first `seeded` of them existing notes of a
/// merge) into the new notes that survive the pass and the indices of the seeded notes
/// a v0 note deleted. Without any velocity-0 note the pass is skipped.
pub(super) fn output(
    mut events: Vec<Note>,
    seeded: usize,
    has_zero_velocity: bool,
) -> (Vec<Note>, Vec<usize>) {
    if has_zero_velocity {
        let alive = zero_velocity_survivors(&events);
        let deleted = (0..seeded).filter(|&i| !alive[i]).collect();
        let notes = events
            .iter()
            .zip(alive)
            .skip(seeded)
            .filter_map(|(note, keep)| keep.then_some(*note))
            .collect();
        (notes, deleted)
    } else if seeded > 0 {
        (events.split_off(seeded), Vec::new())
    } else {
        (events, Vec::new())
    }
}

/// docs/design/notation.md §4.8: a velocity-0 note removes every earlier kept note of its
/// pitch within 0.001 beats, and is itself dropped. Answers, per event, whether it
/// survives. Indexed by pitch so each deletion scans one pitch.
fn zero_velocity_survivors(events: &[Note]) -> Vec<bool> {
    let mut alive: Vec<bool> = Vec::with_capacity(events.len());
    let mut by_pitch: Vec<Vec<usize>> = vec![Vec::new(); 128];
    for (index, note) in events.iter().enumerate() {
        let same_pitch = &mut by_pitch[usize::from(note.pitch & 0x7f)];
        if note.velocity != 0 {
            same_pitch.push(index);
            alive.push(true);
        } else {
            alive.push(false);
            same_pitch.retain(|&i| {
                let hit = (events[i].start_time - note.start_time).abs() < 0.001;
                if hit {
                    alive[i] = false;
                }
                !hit
            });
        }
    }
    alive
}
