//! The trace observer of a replay: it asks for frames and keeps a sample of
//! them small enough for one file. It keeps every frame until it holds
//! `limit`; then it keeps every second one, then every fourth, and so on
//! (always frame 0), so the kept frames stay evenly spread over the whole
//! search. Events ([`Frame::is_event`]: the start, restarts, solutions) are
//! kept whatever their position, up to a quarter of the limit, and the
//! latest frame is always kept. [`Latest`] keeps only the latest frame
//! (the last board of a search, for `queens solve --svg`).

use crate::base::outcome::Metrics;
use crate::solvers::{Frame, Trace};

/// A kept frame: its position among all the frames the search sent, and
/// whether it was kept as an event.
#[derive(Clone, Debug)]
struct Kept {
    index: u64,
    event: bool,
    frame: Frame,
}

/// Collects the frames of one search, sampled to at most about `limit`.
#[derive(Debug)]
pub struct Recorder {
    limit: usize,
    stride: u64,
    seen: u64,
    events: usize,
    kept: Vec<Kept>,
    /// The latest frame not kept (it is kept at the end).
    latest: Option<(u64, Frame)>,
}

impl Recorder {
    /// A recorder keeping about `limit` frames (at least 8).
    pub fn new(limit: usize) -> Self {
        Self {
            limit: limit.max(8),
            stride: 1,
            seen: 0,
            events: 0,
            kept: Vec::new(),
            latest: None,
        }
    }

    /// How many frames the search sent.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Keeps only every `stride`-th frame (and the events) until at most
    /// `limit` are kept.
    fn thin(&mut self) {
        while self.kept.len() > self.limit {
            self.stride *= 2;
            let stride = self.stride;
            self.kept
                .retain(|k| k.event || k.index.is_multiple_of(stride));
        }
    }

    /// The kept frames in order, the latest one included, and each one's
    /// position among all the frames sent.
    pub fn finish(self) -> Vec<(u64, Frame)> {
        let mut frames: Vec<(u64, Frame)> =
            self.kept.into_iter().map(|k| (k.index, k.frame)).collect();
        if let Some((index, frame)) = self.latest
            && frames.last().is_none_or(|(last, _)| *last < index)
        {
            frames.push((index, frame));
        }
        frames
    }
}

impl Trace for Recorder {
    /// Convergence points are not drawn: the frames carry the counters.
    fn record(&mut self, _: &Metrics, _: u64) {}

    fn wants_frames(&self) -> bool {
        true
    }

    fn frame(&mut self, frame: &Frame) {
        let index = self.seen;
        self.seen += 1;
        let event = frame.is_event() && self.events < self.limit / 4;
        if event || index.is_multiple_of(self.stride) {
            self.events += usize::from(event);
            self.kept.push(Kept {
                index,
                event,
                frame: frame.clone(),
            });
            self.latest = None;
            self.thin();
        } else {
            self.latest = Some((index, frame.clone()));
        }
    }
}

/// A trace observer keeping only the latest frame a search sent: its last
/// board. Frames touch no counter and no random draw, so a search watched
/// by it ends as it would unwatched.
#[derive(Debug, Default)]
pub struct Latest {
    frame: Option<Frame>,
}

impl Latest {
    /// The latest frame sent, if any.
    pub fn frame(&self) -> Option<&Frame> {
        self.frame.as_ref()
    }
}

impl Trace for Latest {
    /// Convergence points are not kept: only the board is.
    fn record(&mut self, _: &Metrics, _: u64) {}

    fn wants_frames(&self) -> bool {
        true
    }

    fn frame(&mut self, frame: &Frame) {
        self.frame = Some(frame.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::View;

    fn frame(steps: u64, view: View) -> Frame {
        let metrics = Metrics {
            steps,
            ..Metrics::default()
        };
        Frame::full(&[0], metrics, view)
    }

    #[test]
    fn short_runs_are_kept_whole() {
        let mut r = Recorder::new(10);
        for s in 0..10 {
            r.frame(&frame(s, View::Board));
        }
        let kept: Vec<u64> = r.finish().iter().map(|(i, _)| *i).collect();
        assert_eq!(kept, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn long_runs_keep_an_even_sample_the_events_and_the_end() {
        let mut r = Recorder::new(10);
        for s in 0..100 {
            let view = if s == 37 { View::Restart } else { View::Board };
            r.frame(&frame(s, view));
        }
        assert_eq!(r.seen(), 100);
        let kept: Vec<u64> = r.finish().iter().map(|(i, _)| *i).collect();
        // 100 frames into 10: every 16th (0, 16, ..., 96), the restart at
        // 37 and the last frame, 99.
        assert_eq!(kept, [0, 16, 32, 37, 48, 64, 80, 96, 99]);
    }
}
