//! Server-Sent Events, decoded incrementally from bytes. Events are cut at blank lines
//! on the byte level, so a chunk boundary inside a multi-byte character or a JSON
//! escape never reaches the JSON parser: only whole events are decoded.

/// One event: its `event:` name (empty when absent) and its joined `data:` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field.
    pub event: String,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

/// Largest event kept while waiting for its end (a stream that never sends a blank
/// line must not grow memory without bound).
pub const MAX_EVENT_BYTES: usize = 8 * 1024 * 1024;

/// Bytes not yet ending in a blank line.
#[derive(Clone, Debug, Default)]
pub struct SseDecoder {
    pending: Vec<u8>,
    /// An event was decoded: the body is a stream.
    seen: bool,
}

impl SseDecoder {
    /// Adds bytes; returns the events they complete, or an error for an event past
    /// [`MAX_EVENT_BYTES`] or one that is not UTF-8.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<SseEvent>, String> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        while let Some((end, skip)) = blank_line(&self.pending) {
            let raw: Vec<u8> = self.pending.drain(..end + skip).take(end).collect();
            if let Some(e) = parse(&raw)? {
                self.seen = true;
                events.push(e);
            }
        }
        if self.pending.len() > MAX_EVENT_BYTES {
            return Err(format!(
                "an event is longer than {MAX_EVENT_BYTES} bytes without ending"
            ));
        }
        Ok(events)
    }

    /// The end of the body: a last event without its blank line still counts. A body
    /// that is one JSON object and no event at all (a server that ignored `stream`)
    /// is handed on whole as one event's data.
    pub fn finish(&mut self) -> Result<Vec<SseEvent>, String> {
        let raw = std::mem::take(&mut self.pending);
        if !self.seen && raw.trim_ascii_start().starts_with(b"{") {
            let data = std::str::from_utf8(&raw)
                .map_err(|e| format!("the answer is not UTF-8 at byte {}", e.valid_up_to()))?;
            return Ok(vec![SseEvent {
                event: String::new(),
                data: data.to_string(),
            }]);
        }
        Ok(parse(&raw)?.into_iter().collect())
    }

    /// True when bytes of an unfinished event are held.
    pub fn has_partial(&self) -> bool {
        self.pending.iter().any(|b| !b.is_ascii_whitespace())
    }
}

/// Where the first blank line starts and how many bytes separate the events.
fn blank_line(b: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'\n' && b[i + 1] == b'\n' {
            return Some((i, 2));
        }
        if b[i] == b'\n' && b[i + 1] == b'\r' && b.get(i + 2) == Some(&b'\n') {
            return Some((i, 3));
        }
        if b[i] == b'\r' && b[i + 1] == b'\r' {
            return Some((i, 2));
        }
        i += 1;
    }
    None
}

fn parse(raw: &[u8]) -> Result<Option<SseEvent>, String> {
    let text = std::str::from_utf8(raw)
        .map_err(|e| format!("the stream is not UTF-8 at byte {}", e.valid_up_to()))?;
    let mut event = String::new();
    let mut data: Vec<&str> = Vec::new();
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() || line.starts_with(':') {
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "event" => event = value.to_string(),
            "data" => data.push(value),
            _ => {}
        }
    }
    if data.is_empty() && event.is_empty() {
        return Ok(None);
    }
    Ok(Some(SseEvent {
        event,
        data: data.join("\n"),
    }))
}

#[cfg(test)]
mod tests {
    use super::SseDecoder;

    #[test]
    fn every_split_of_a_stream_gives_the_same_events() {
        let stream = "event: a\ndata: {\"t\":\"Bässe \\\"x\\\"\"}\n\n: ping\n\ndata: 1\r\ndata: 2\r\n\r\ndata: [DONE]\n\n";
        let bytes = stream.as_bytes();
        let mut whole = SseDecoder::default();
        let expected = whole.push(bytes).unwrap();
        assert_eq!(expected.len(), 3);
        assert_eq!(expected[1].data, "1\n2");
        for cut in 0..bytes.len() {
            let mut d = SseDecoder::default();
            let mut got = d.push(&bytes[..cut]).unwrap();
            got.extend(d.push(&bytes[cut..]).unwrap());
            assert_eq!(got, expected, "cut at {cut}");
        }
    }

    #[test]
    fn a_last_event_without_a_blank_line_is_kept_at_the_end() {
        let mut d = SseDecoder::default();
        assert!(d.push(b"data: x").unwrap().is_empty());
        assert!(d.has_partial());
        assert_eq!(d.finish().unwrap()[0].data, "x");
    }
}
