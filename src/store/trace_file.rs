//! traces.csv put in plan order without holding its rows in memory: one pass
//! over the source files finds each trial's blocks of consecutive rows (as
//! byte ranges), then the kept blocks are copied, in plan order, into the
//! destination through the atomic writer. Memory grows with the number of
//! blocks (one per trial, as the runner appends a trial's rows in one
//! write), not with the number of rows (about 190 bytes each when held).

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::error::{Doing, StoreResult};
use crate::base::records::atomic::write_atomically;
use crate::base::records::{RecordsError, TraceRecord};
use crate::experiment::plan::PlanIndex;

/// Consecutive rows of one trial in one source file.
struct Block {
    /// The trial's plan position.
    position: usize,
    /// Which source file.
    source: usize,
    /// Byte range of the rows in it.
    start: u64,
    end: u64,
}

/// The trace rows of some files, located by block.
pub(super) struct TraceBlocks {
    sources: Vec<PathBuf>,
    /// The header line, from the first source with one.
    header: Option<(usize, u64)>,
    blocks: Vec<Block>,
    /// Whether some row was left out (of no planned trial, or dropped).
    left_out: bool,
}

impl TraceBlocks {
    /// Scans `sources` (a missing one has no rows; a torn last line is
    /// ignored); rows of no trial of `index` are left out.
    pub(super) fn scan(sources: &[PathBuf], index: &PlanIndex) -> StoreResult<Self> {
        let mut found = TraceBlocks {
            sources: sources.to_vec(),
            header: None,
            blocks: Vec::new(),
            left_out: false,
        };
        for (source, path) in sources.iter().enumerate() {
            let file = match File::open(path) {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e).doing(|| format!("cannot read {}", path.display())),
            };
            let whole = whole_lines(&file).doing(|| format!("cannot read {}", path.display()))?;
            let mut reader = csv::Reader::from_reader(BufReader::new(file.take(whole)));
            let bad_row = |row: usize, source: csv::Error| RecordsError::BadRow {
                path: path.clone(),
                row,
                detail: source.to_string(),
            };
            let headers = reader.byte_headers().map_err(|e| bad_row(1, e))?.clone();
            if headers.is_empty() {
                continue;
            }
            let header_end = reader.position().byte();
            let mut record = csv::ByteRecord::new();
            let mut row = 1;
            loop {
                let start = reader.position().byte();
                row += 1;
                if !reader
                    .read_byte_record(&mut record)
                    .map_err(|e| bad_row(row, e))?
                {
                    break;
                }
                let end = reader.position().byte();
                let r: TraceRecord = record
                    .deserialize(Some(&headers))
                    .map_err(|e| bad_row(row, e))?;
                let Some(position) = index.locate(&r.label, r.n, r.trial) else {
                    found.left_out = true;
                    continue;
                };
                found.header.get_or_insert((source, header_end));
                match found.blocks.last_mut() {
                    Some(b) if b.source == source && b.position == position && b.end == start => {
                        b.end = end;
                    }
                    _ => found.blocks.push(Block {
                        position,
                        source,
                        start,
                        end,
                    }),
                }
            }
        }
        Ok(found)
    }

    /// Drops the rows of the trials at the positions `keep` refuses; whether
    /// any row of the sources is now left out (dropped, or of no planned
    /// trial).
    pub(super) fn retain(&mut self, keep: impl Fn(usize) -> bool) -> bool {
        let before = self.blocks.len();
        self.blocks.retain(|b| keep(b.position));
        self.left_out |= self.blocks.len() != before;
        self.left_out
    }

    /// Writes the rows to `dest` in plan order (the rows of a trial in the
    /// order found), through the atomic writer; an empty file for no rows.
    /// `dest` may be one of the sources.
    pub(super) fn write(mut self, dest: &Path) -> StoreResult<()> {
        self.blocks.sort_by_key(|b| b.position);
        let mut files = Vec::new();
        for path in &self.sources {
            files.push(File::open(path).ok());
        }
        write_atomically(dest, |out| -> io::Result<()> {
            let mut copy = |source: usize, start: u64, end: u64| -> io::Result<()> {
                let file = files[source].as_mut().ok_or_else(|| {
                    io::Error::new(io::ErrorKind::NotFound, "a trace file disappeared")
                })?;
                file.seek(SeekFrom::Start(start))?;
                let copied = io::copy(&mut file.take(end - start), out)?;
                if copied != end - start {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "a trace file shrank while it was read",
                    ));
                }
                Ok(())
            };
            if let (Some((source, end)), false) = (self.header, self.blocks.is_empty()) {
                copy(source, 0, end)?;
                for b in &self.blocks {
                    copy(b.source, b.start, b.end)?;
                }
            }
            out.flush()
        })
        .doing(|| format!("cannot write {}", dest.display()))
    }
}

/// The length of `file` up to and including its last newline (a torn last
/// line, one without its newline, is left out).
fn whole_lines(file: &File) -> io::Result<u64> {
    let mut file = file;
    let mut end = file.seek(SeekFrom::End(0))?;
    let mut chunk = [0u8; 8192];
    while end > 0 {
        let start = end.saturating_sub(chunk.len() as u64);
        let part = &mut chunk[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(part)?;
        if let Some(i) = part.iter().rposition(|&b| b == b'\n') {
            file.seek(SeekFrom::Start(0))?;
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    file.seek(SeekFrom::Start(0))?;
    Ok(0)
}
