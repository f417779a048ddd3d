//! One running external program: started in its own process group (so
//! ending it ends every process it started and left in the group), with a
//! thread reading its stdout line by line into a channel (so every wait for
//! a line stops at its deadline, the time limit or Ctrl-C, whatever the
//! program or its children do with the pipe) and one keeping the tail of
//! its stderr (for the log). Dropping a [`Program`] kills its process group
//! and reaps it.
//!
//! Memory is bounded per program: a line longer than its limit
//! ([`DEFAULT_MAX_LINE_BYTES`] unless the config says) ends the reading, and
//! the channel holds at most one line, so the harness keeps at most about
//! three lines' worth of a program's output (one queued, one being read,
//! one being parsed) and [`STDERR_TAIL_BYTES`] of its stderr.
//!
//! What a program writes after a line it was asked for is output nobody
//! asked for ([`Extra`]): [`Program::output_within`] waits a short grace
//! for it (at once, not waiting, when bytes after that line came in the
//! same read, so a second line written together with the first is always
//! seen), and [`Program::output_before_exit`] closes stdin and reads what
//! the program writes until it exits.
//!
//! A wait for a line also watches the program itself: once it has exited,
//! the lines it wrote before are still read (for [`EXIT_GRACE`]), and then
//! the wait ends with how it exited, even when a child it left behind still
//! holds its stdout open. Ending a program kills its group and the program,
//! reaps it, and waits for the reading threads at most [`EXIT_GRACE`]: a
//! child that escaped the group (`setsid`) and still holds a pipe keeps
//! only its reading thread, blocked, never the harness.
//!
//! The group is ended with `killpg(SIGKILL)` through `nix`, whose safe
//! wrapper keeps `unsafe` out of the crate (`nix` was already in the tree,
//! through `ctrlc`).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use crate::base::outcome::StopReason;

/// The most bytes of a program's stderr kept for the log (its last ones).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// The longest line a program may write (its newline not counted) unless
/// its config entry sets `max_line_bytes`: 16 MiB, a reply with a trace of
/// thousands of boards of N = 1000.
pub const DEFAULT_MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// How long the lines a program wrote before it exited are still waited
/// for, and how long the reading threads of an ended program are waited for.
pub const EXIT_GRACE: Duration = Duration::from_millis(200);

/// How often a wait for a line looks at the clock, the interrupt flag and
/// whether the program still runs.
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
    /// A line of its stdout is not UTF-8 text.
    #[error("a line of the program's stdout is not UTF-8 text: write JSON as UTF-8")]
    NotText,
    /// A line of its stdout passed the limit without a newline.
    #[error(
        "a line of the program's stdout passed {limit} bytes without a newline: the limit is `max_line_bytes` of its config entry (default {DEFAULT_MAX_LINE_BYTES}); end every message with a newline, or raise the limit"
    )]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
}

/// Output a program wrote after the line last received from it.
#[derive(Debug)]
pub enum Extra {
    /// A whole line, without its newline.
    Line(String),
    /// Bytes whose line did not end within [`EXIT_GRACE`].
    Unended,
    /// A line that could not be read (past the limit, not text).
    Unreadable(ProcessError),
}

/// A line of stdout as the reading thread hands it over.
struct Line {
    /// The line, without its newline.
    text: String,
    /// Whether bytes after it came in the same read: the program had
    /// written more by then.
    more_written: bool,
}

/// What a wait for a line of stdout ended with.
#[derive(Debug)]
pub enum Received {
    /// A line, without its newline.
    Line(String),
    /// The program exited, or closed its stdout, before answering (a child
    /// it left may still hold the pipe: the wait ends all the same).
    Closed,
    /// The caller asked to stop waiting (time limit, Ctrl-C).
    Stopped(StopReason),
}

/// A running program with piped stdin, stdout and stderr.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<Line, ProcessError>>,
    /// Whether the program had written more than the last line received
    /// when it was read.
    more_written: bool,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    /// Closes (disconnects) when the stderr reader has seen the pipe's end.
    stderr_done: Receiver<()>,
    /// How it exited, once it was reaped.
    ended: Option<Option<ExitStatus>>,
}

impl Program {
    /// Starts `command` (program, then arguments) in a new process group;
    /// its stdout lines may be at most `max_line_bytes` long.
    pub fn start(command: &[String], max_line_bytes: usize) -> Result<Program, ProcessError> {
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
        let (sender, lines) = mpsc::sync_channel(1);
        thread::spawn(move || read_lines(stdout, max_line_bytes, &sender));
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let (done, stderr_done) = mpsc::channel::<()>();
        thread::spawn(move || {
            let _done = done;
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
            more_written: false,
            stderr,
            stderr_done,
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

    /// The first output the program wrote after the last line received,
    /// waiting for it at most `grace`, or at most [`EXIT_GRACE`] when the
    /// program had written more when that line was read (the output is
    /// there, or its line is being finished). `None`: nothing within the
    /// wait, or the program closed its stdout.
    pub fn output_within(&mut self, grace: Duration) -> Option<Extra> {
        let more_written = self.more_written;
        let wait = if more_written { EXIT_GRACE } else { grace };
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(self.extra(line)),
            Err(_) => more_written.then_some(Extra::Unended),
        }
    }

    /// Closes the program's stdin (it gets no more requests) and reads what
    /// it writes until it exits or closes its stdout, at most
    /// [`EXIT_GRACE`]: the first output after the last line received, or
    /// `None`. The program is then ended ([`Program::end`]) or dropped.
    pub fn output_before_exit(&mut self) -> Option<Extra> {
        self.stdin = None;
        let more_written = self.more_written;
        let deadline = Instant::now() + EXIT_GRACE;
        match self.receive(|| (Instant::now() >= deadline).then_some(StopReason::BudgetTime)) {
            Ok(Received::Line(text)) => Some(Extra::Line(text)),
            Ok(Received::Closed | Received::Stopped(_)) => more_written.then_some(Extra::Unended),
            Err(e) => Some(Extra::Unreadable(e)),
        }
    }

    /// `line` as output after the last line received.
    fn extra(&mut self, line: Result<Line, ProcessError>) -> Extra {
        match self.take(line) {
            Ok(text) => Extra::Line(text),
            Err(e) => Extra::Unreadable(e),
        }
    }

    /// Waits for the next line of stdout, asking `stop` every few
    /// milliseconds whether to give up (it answers with the reason), and
    /// ending the wait [`EXIT_GRACE`] after the program exited.
    pub fn receive(
        &mut self,
        mut stop: impl FnMut() -> Option<StopReason>,
    ) -> Result<Received, ProcessError> {
        loop {
            match self.lines.recv_timeout(POLL) {
                Ok(line) => return self.received(line),
                Err(RecvTimeoutError::Disconnected) => return Ok(Received::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(reason) = stop() {
                        return Ok(Received::Stopped(reason));
                    }
                    if matches!(self.child.try_wait(), Ok(Some(_))) {
                        return match self.lines.recv_timeout(EXIT_GRACE) {
                            Ok(line) => self.received(line),
                            Err(_) => Ok(Received::Closed),
                        };
                    }
                }
            }
        }
    }

    /// `line` as the answer of a wait.
    fn received(&mut self, line: Result<Line, ProcessError>) -> Result<Received, ProcessError> {
        self.take(line).map(Received::Line)
    }

    /// The text of `line`, which becomes the last line received.
    fn take(&mut self, line: Result<Line, ProcessError>) -> Result<String, ProcessError> {
        let line = line?;
        self.more_written = line.more_written;
        Ok(line.text)
    }

    /// Ends the program: kills its process group, reaps it, and returns how
    /// it exited (when known) and the tail of its stderr. It waits for the
    /// stderr reader at most [`EXIT_GRACE`]: a child outside the group may
    /// hold the pipe for ever.
    pub fn end(mut self) -> (Option<ExitStatus>, String) {
        let status = self.kill();
        let deadline = Instant::now() + EXIT_GRACE;
        while let Err(RecvTimeoutError::Timeout) = self
            .stderr_done
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            if Instant::now() >= deadline {
                break;
            }
        }
        (status, self.stderr_tail())
    }

    /// The last [`STDERR_TAIL_BYTES`] of its stderr so far, as text.
    pub fn stderr_tail(&self) -> String {
        self.stderr.lock().map_or_else(
            |_| String::new(),
            |tail| String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>()).into_owned(),
        )
    }

    /// Closes stdin, kills the process group and the program (which may
    /// have left the group) and reaps it, once.
    fn kill(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.ended {
            return status;
        }
        self.stdin = None;
        if let Ok(id) = i32::try_from(self.child.id()) {
            // The group may be gone already (ESRCH): nothing left to end.
            let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
        }
        // It may have exited already: then there is nothing to kill.
        let _ = self.child.kill();
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

/// The stdout reader's loop: sends each line of `stdout` (without its
/// newline, and without a `\r` before it, saying whether more bytes came
/// with it) until the pipe ends, a read fails, a line is not UTF-8, a line
/// passes `max_line_bytes`, or nobody listens any more.
fn read_lines(
    stdout: impl Read,
    max_line_bytes: usize,
    sender: &SyncSender<Result<Line, ProcessError>>,
) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    loop {
        let line = match read_line(&mut reader, max_line_bytes) {
            Ok(Some(line)) => line,
            Ok(None) => return,
            Err(e) => {
                let _ = sender.send(Err(e));
                return;
            }
        };
        let more_written = !reader.buffer().is_empty();
        let text = String::from_utf8(line)
            .map(|text| Line { text, more_written })
            .map_err(|_| ProcessError::NotText);
        let failed = text.is_err();
        if sender.send(text).is_err() || failed {
            return;
        }
    }
}

/// The next line of `reader` (`None` at the end of the pipe), refused once
/// it passes `max` bytes: it never holds more than `max` + 1 bytes.
fn read_line(reader: &mut impl BufRead, max: usize) -> Result<Option<Vec<u8>>, ProcessError> {
    let mut line = Vec::new();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ProcessError::Read(e)),
        };
        if buffer.is_empty() {
            return Ok((!line.is_empty()).then_some(line));
        }
        let (part, used, complete) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], i + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if line.len() + part.len() > max {
            return Err(ProcessError::LineTooLong { limit: max });
        }
        line.extend_from_slice(part);
        reader.consume(used);
        if complete {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_whether_more_came_with_it() {
        let (sender, lines) = mpsc::sync_channel(4);
        read_lines(io::Cursor::new(b"reply\ncopy\n".to_vec()), 100, &sender);
        let read: Vec<(String, bool)> = lines
            .try_iter()
            .map(|line| line.map(|l| (l.text, l.more_written)))
            .collect::<Result<_, _>>()
            .expect("text");
        assert_eq!(
            read,
            [("reply".to_string(), true), ("copy".to_string(), false)]
        );
    }

    #[test]
    fn a_line_past_the_limit_is_refused_without_being_kept() {
        let mut input = io::Cursor::new(b"short\r\nexactly8\ntoo long!!\n".to_vec());
        assert_eq!(
            read_line(&mut input, 8).ok().flatten(),
            Some(b"short".to_vec())
        );
        assert_eq!(
            read_line(&mut input, 8).ok().flatten(),
            Some(b"exactly8".to_vec())
        );
        assert!(matches!(
            read_line(&mut input, 8),
            Err(ProcessError::LineTooLong { limit: 8 })
        ));
        let mut last = io::Cursor::new(b"no newline".to_vec());
        assert_eq!(
            read_line(&mut last, 100).ok().flatten(),
            Some(b"no newline".to_vec())
        );
        assert!(matches!(read_line(&mut last, 100), Ok(None)));
    }
}
