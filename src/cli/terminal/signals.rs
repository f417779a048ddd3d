//! Ctrl-C (SIGINT) and SIGTERM (what Slurm's scancel sends) for every
//! command that writes files: one stop flag, set by either signal, that the
//! trial runner, the finishing pipeline and `enumerate`'s search poll.
//!
//! - During a run's trials ([`Phase::Trials`]) the first signal lets the
//!   trials in flight stop and the summary be written (the run exits 130,
//!   or 143 on SIGTERM); a second one quits at once.
//! - Everywhere else ([`Phase::Finishing`]: the comparison, the charts and
//!   the report after a run, and `merge`, `summarize`, `plot`, `compare`,
//!   `report`, `export`, `enumerate`) the work stops at its next check, and
//!   if it has not ended within [`GRACE`] the process quits anyway.
//!
//! Quitting at once first removes this process's temporary files
//! ([`queens::base::records::atomic::remove_temporary_files`]): every file a
//! writer replaces is whole, old or new, and nothing is left beside it. The
//! data files are appended in whole rows or replaced by a rename, so any
//! stop keeps them intact.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Duration;

use queens::base::records::atomic::remove_temporary_files;
use signal_hook::consts::{SIGINT, SIGTERM};

use super::stderr::stderr_line;
use crate::cli::Exit;

/// How long a stop asked for outside the trials may take before the
/// process quits anyway.
pub const GRACE: Duration = Duration::from_millis(500);

/// What the process is doing when a signal comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// A run's trials: the first signal stops taking trials and lets the
    /// summary be written, without a deadline.
    Trials = 0,
    /// Anything else: the first signal stops within [`GRACE`].
    Finishing = 1,
}

/// The stop flag and what set it.
pub struct Stop {
    /// Set by the first SIGINT or SIGTERM.
    requested: AtomicBool,
    /// Set by SIGTERM: the process exits 143 instead of 130.
    terminated: AtomicBool,
    /// The [`Phase`], as its number.
    phase: AtomicU8,
}

/// The one stop of this process, once installed.
static STOP: OnceLock<Stop> = OnceLock::new();

/// Installs the handlers of SIGINT and SIGTERM (once per process) in
/// `phase` and returns the stop they set.
pub fn install(phase: Phase) -> &'static Stop {
    let mut fresh = false;
    let stop = STOP.get_or_init(|| {
        fresh = true;
        Stop {
            requested: AtomicBool::new(false),
            terminated: AtomicBool::new(false),
            phase: AtomicU8::new(phase as u8),
        }
    });
    if fresh {
        match signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) {
            Ok(mut signals) => {
                std::thread::spawn(move || {
                    for signal in signals.forever() {
                        stop.received(signal == SIGTERM);
                    }
                });
            }
            Err(e) => stderr_line!("warning: Ctrl-C and SIGTERM will not stop cleanly: {e}"),
        }
    }
    stop
}

/// The trials (if any) are over: from now on a signal stops within
/// [`GRACE`] ([`Stop::finishing`]), when the stop is installed.
pub fn finishing() {
    if let Some(stop) = STOP.get() {
        stop.finishing();
    }
}

/// The exit a signal asked for, if one came (the stop is installed and was
/// requested).
pub fn requested_exit() -> Option<Exit> {
    STOP.get().filter(|s| s.requested()).map(Stop::exit)
}

impl Stop {
    /// The flag the work polls: set once a signal asked to stop.
    pub fn flag(&self) -> &AtomicBool {
        &self.requested
    }

    /// Whether a signal asked to stop.
    pub fn requested(&self) -> bool {
        self.requested.load(Ordering::SeqCst)
    }

    /// The trials are over: a signal from now on stops within [`GRACE`].
    /// A signal already received during the trials is acted on by the
    /// caller (it sees [`Stop::requested`]).
    pub fn finishing(&self) {
        self.phase.store(Phase::Finishing as u8, Ordering::SeqCst);
    }

    /// [`Exit::Terminated`] after SIGTERM, else [`Exit::Interrupted`].
    pub fn exit(&self) -> Exit {
        if self.terminated.load(Ordering::SeqCst) {
            Exit::Terminated
        } else {
            Exit::Interrupted
        }
    }

    /// The exit code of [`Stop::exit`].
    fn code(&self) -> i32 {
        if self.terminated.load(Ordering::SeqCst) {
            143
        } else {
            130
        }
    }

    /// A signal came (`terminate`: SIGTERM).
    fn received(&'static self, terminate: bool) {
        if terminate {
            self.terminated.store(true, Ordering::SeqCst);
        }
        if self.requested.swap(true, Ordering::SeqCst) {
            self.quit_now();
        }
        if self.phase.load(Ordering::SeqCst) == Phase::Trials as u8 {
            stderr_line!("\nstopping: finishing the summary (Ctrl-C again to quit at once)");
        } else {
            stderr_line!(
                "\nstopping: every file written so far is whole; run the same command again to finish"
            );
            std::thread::spawn(move || {
                std::thread::sleep(GRACE);
                self.quit_now();
            });
        }
    }

    /// Removes this process's temporary files and exits with 130 or 143.
    fn quit_now(&self) -> ! {
        remove_temporary_files();
        std::process::exit(self.code());
    }
}
