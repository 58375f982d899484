//! A progress line on standard error, drawn only when standard error is a terminal (scripts and
//! logs see nothing of it), redrawn at most ten times a second and erased when done.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    label: &'static str,
    total: usize,
    done: usize,
    drawn: Option<Instant>,
    enabled: bool,
}

impl Progress {
    /// A progress line for `total` steps, shown only on a terminal and only when
    /// `worth_showing` (long runs).
    pub fn new(label: &'static str, total: usize, worth_showing: bool) -> Self {
        Progress {
            label,
            total,
            done: 0,
            drawn: None,
            enabled: worth_showing && std::io::stderr().is_terminal(),
        }
    }

    /// `steps` more are done; `note` says what is being done now.
    pub fn advance(&mut self, steps: usize, note: &str) {
        self.done = (self.done + steps).min(self.total);
        if !self.enabled {
            return;
        }
        let due = self
            .drawn
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(100));
        if due || self.done == self.total {
            const WIDTH: usize = 30;
            let filled = WIDTH * self.done / self.total.max(1);
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r\x1b[2K{} [{}{}] {}/{} {note}",
                self.label,
                "#".repeat(filled),
                " ".repeat(WIDTH - filled),
                self.done,
                self.total
            );
            let _ = err.flush();
            self.drawn = Some(Instant::now());
        }
    }
}

impl Progress {
    /// Erases the line (before other output goes to the same terminal); the next `advance`
    /// draws it again.
    pub fn clear(&mut self) {
        if self.enabled && self.drawn.take().is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
