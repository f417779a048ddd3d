//! One running external program: started in its own process group (so
//! ending it ends every process it started), with a thread reading its
//! stdout line by line into a channel (so a wait for a reply can stop at
//! the time limit or Ctrl-C) and one keeping the tail of its stderr (for
//! the log). Dropping a [`Program`] kills its process group and reaps it.
//!
//! The group is ended with `killpg(SIGKILL)` through `nix`, whose safe
//! wrapper keeps `unsafe` out of the crate (`nix` was already in the tree,
//! through `ctrlc`).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use crate::base::outcome::StopReason;

/// The most bytes of a program's stderr kept for the log (its last ones).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// How often a wait for a line looks at the clock and the interrupt flag.
const POLL: Duration = Duration::from_millis(10);

/// A program that could not be started or spoken to.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// The program could not be started.
    #[error("cannot start `{command}`: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// A line could not be written to its stdin (it has usually exited).
    #[error("cannot write to the program's stdin: {0}")]
    Write(#[source] io::Error),
    /// Its stdout could not be read.
    #[error("cannot read the program's stdout: {0}")]
    Read(#[source] io::Error),
}

/// What a wait for a line of stdout ended with.
#[derive(Debug)]
pub enum Received {
    /// A line, without its newline.
    Line(String),
    /// Stdout closed: the program exited (or closed it) before answering.
    Closed,
    /// The caller asked to stop waiting (time limit, Ctrl-C).
    Stopped(StopReason),
}

/// A running program with piped stdin, stdout and stderr.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<io::Result<String>>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    stderr_reader: Option<JoinHandle<()>>,
    /// How it exited, once it was ended and reaped.
    ended: Option<Option<ExitStatus>>,
}

impl Program {
    /// Starts `command` (program, then arguments) in a new process group.
    pub fn start(command: &[String]) -> Result<Program, ProcessError> {
        let spawn_error = |source| ProcessError::Spawn {
            command: command.join(" "),
            source,
        };
        let (program, args) = command
            .split_first()
            .ok_or_else(|| spawn_error(io::Error::other("the command is empty")))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(spawn_error)?;
        let missing = || spawn_error(io::Error::other("a pipe was not set up"));
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let mut stderr_pipe = child.stderr.take().ok_or_else(missing)?;
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let failed = line.is_err();
                if sender.send(line).is_err() || failed {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let stderr_reader = thread::spawn(move || {
            let mut chunk = [0u8; 1024];
            while let Ok(read) = stderr_pipe.read(&mut chunk) {
                if read == 0 {
                    break;
                }
                let Ok(mut tail) = tail.lock() else { break };
                tail.extend(&chunk[..read]);
                let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
                tail.drain(..excess);
            }
        });
        Ok(Program {
            child,
            stdin,
            lines,
            stderr,
            stderr_reader: Some(stderr_reader),
            ended: None,
        })
    }

    /// Writes `line` and a newline to the program's stdin, and flushes.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ProcessError::Write(io::Error::from(io::ErrorKind::BrokenPipe)))?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(ProcessError::Write)
    }

    /// Waits for the next line of stdout, asking `stop` every few
    /// milliseconds whether to give up (it answers with the reason).
    pub fn receive(
        &mut self,
        mut stop: impl FnMut() -> Option<StopReason>,
    ) -> Result<Received, ProcessError> {
        loop {
            match self.lines.recv_timeout(POLL) {
                Ok(Ok(line)) => return Ok(Received::Line(line)),
                Ok(Err(e)) => return Err(ProcessError::Read(e)),
                Err(RecvTimeoutError::Disconnected) => return Ok(Received::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(reason) = stop() {
                        return Ok(Received::Stopped(reason));
                    }
                }
            }
        }
    }

    /// Ends the program: kills its process group, reaps it, and returns how
    /// it exited (when known) and the tail of its stderr.
    pub fn end(mut self) -> (Option<ExitStatus>, String) {
        let status = self.kill();
        if let Some(reader) = self.stderr_reader.take() {
            // Every writer of the pipe is gone, so the reader sees its end.
            let _ = reader.join();
        }
        (status, self.stderr_tail())
    }

    /// The last [`STDERR_TAIL_BYTES`] of its stderr so far, as text.
    fn stderr_tail(&self) -> String {
        self.stderr.lock().map_or_else(
            |_| String::new(),
            |tail| String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>()).into_owned(),
        )
    }

    /// Closes stdin, kills the process group and reaps the program, once:
    /// after the reaping its id may name another process.
    fn kill(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.ended {
            return status;
        }
        self.stdin = None;
        if let Ok(id) = i32::try_from(self.child.id()) {
            // The group may be gone already (ESRCH): nothing left to end.
            let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
        }
        let status = self.child.wait().ok();
        self.ended = Some(status);
        status
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}
