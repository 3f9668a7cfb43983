//! Live's fixed 70-colour palette and the snapping rule (core/fake-live/README.md, "The
//! LiveAPI surface").

/// Palette index → `0xRRGGBB`, rows of 14 as in Live's colour chooser.
pub const PALETTE: [u32; 70] = [
    0xFF94A6, 0xFFA529, 0xCC9927, 0xF7F47C, 0xBFFB00, 0x1AFF2F, 0x25FFA8, 0x5CFFE8, 0x8BC5FF,
    0x5480E4, 0x92A7FF, 0xD86CE4, 0xE553A0, 0xFFFFFF, 0xFF3636, 0xF66C03, 0x99724B, 0xFFF034,
    0x87FF67, 0x3DC300, 0x00BFAF, 0x19E9FF, 0x10A4EE, 0x007DC0, 0x886CE4, 0xB677C6, 0xFF39D4,
    0xD0D0D0, 0xE2675A, 0xFFA374, 0xD3AD71, 0xEDFFAE, 0xD2E498, 0xBAD074, 0x9BC48D, 0xD4FDE1,
    0xCDF1F8, 0xB9C1E3, 0xCDBBE4, 0xAE98E5, 0xE5DCE1, 0xA9A9A9, 0xC6928B, 0xB78256, 0x99836A,
    0xBFBA69, 0xA6BE00, 0x7DB04D, 0x88C2BA, 0x9BB3C4, 0x85A5C2, 0x8393CC, 0xA595B5, 0xBF9FBE,
    0xBC7196, 0x7B7B7B, 0xAF3333, 0xA95131, 0x724F41, 0xDBC300, 0x85961F, 0x539F31, 0x0A9C8E,
    0x236384, 0x1A2F96, 0x2F52A2, 0x624BAD, 0xA34BAD, 0xCC2E6E, 0x3C3C3C,
];

/// The palette entry nearest to `rgb` by squared RGB distance, lowest index on ties
/// [A: Live's metric is unknown]. Returns `(index, colour)`.
pub fn snap_color(rgb: i64) -> (usize, u32) {
    let rgb = rgb.clamp(0, 0xFF_FFFF) as u32;
    let parts = |c: u32| {
        [
            (c >> 16) as i64 & 0xFF,
            (c >> 8) as i64 & 0xFF,
            c as i64 & 0xFF,
        ]
    };
    let want = parts(rgb);
    let mut best = (0usize, i64::MAX);
    for (i, c) in PALETTE.iter().enumerate() {
        let have = parts(*c);
        let d: i64 = (0..3).map(|k| (want[k] - have[k]).pow(2)).sum();
        if d < best.1 {
            best = (i, d);
        }
    }
    (best.0, PALETTE[best.0])
}

/// The colour of a palette index (index taken modulo 70).
pub fn palette_color(index: usize) -> u32 {
    PALETTE[index % PALETTE.len()]
}
