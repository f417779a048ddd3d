//! The append-only CSV files of a run (runs.csv, traces.csv): rows are
//! appended whole, one `write` call per batch, so a process killed at any
//! moment leaves at most one torn last line, which [`drop_torn_tail`]
//! removes before a resume.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::error::{Doing, RunResult};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Cuts a torn last line (one without its newline) off the file at `path`.
/// Returns whether anything was cut. A missing file is left missing.
pub fn drop_torn_tail(path: &Path) -> RunResult<bool> {
    cut_after_last_newline(path).doing(|| format!("cannot repair {}", path.display()))
}

fn cut_after_last_newline(path: &Path) -> std::io::Result<bool> {
    let mut file = match OpenOptions::new().read(true).write(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(false);
    }
    // Find the last newline, reading backwards in blocks.
    let mut end = len;
    let mut block = vec![0u8; 64 * 1024];
    let keep = loop {
        let start = end.saturating_sub(block.len() as u64);
        let chunk = &mut block[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            break start + i as u64 + 1;
        }
        if start == 0 {
            break 0;
        }
        end = start;
    };
    if keep == len {
        return Ok(false);
    }
    file.set_len(keep)?;
    Ok(true)
}

/// Reads every whole row of a CSV file with a header, ignoring a torn last
/// line (one without its newline); a missing or empty file has no rows.
pub fn read_rows<T: DeserializeOwned>(path: &Path) -> RunResult<Vec<T>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).doing(|| format!("cannot read {}", path.display())),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut reader = csv::Reader::from_reader(&bytes[..whole]);
    reader
        .deserialize()
        .enumerate()
        .map(|(i, row)| row.doing(|| format!("{}: bad row {}", path.display(), i + 2)))
        .collect()
}

/// Writes `rows` (with a header) to `path` through a temporary file renamed
/// into place, so the file is never seen half-written.
pub fn write_rows<T: Serialize>(path: &Path, rows: &[T]) -> RunResult<()> {
    let tmp = path.with_extension("csv.tmp");
    let write = || -> Result<(), csv::Error> {
        let file = File::create(&tmp)?;
        let mut writer = csv::Writer::from_writer(std::io::BufWriter::new(file));
        for row in rows {
            writer.serialize(row)?;
        }
        writer.flush()?;
        Ok(())
    };
    write().doing(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).doing(|| format!("cannot write {}", path.display()))
}

/// Appends rows to a CSV file: each batch is encoded in memory, then written
/// with a single `write` to a file opened for appending. The header goes out
/// with the first batch written to an empty file.
pub struct AppendWriter {
    path: PathBuf,
    file: File,
    needs_header: bool,
    encoded: Vec<u8>,
}

impl AppendWriter {
    /// Opens (or creates) `path` for appending.
    pub fn open(path: &Path) -> RunResult<Self> {
        let what = || format!("cannot open {} for appending", path.display());
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .doing(what)?;
        let needs_header = file.metadata().doing(what)?.len() == 0;
        Ok(Self {
            path: path.to_path_buf(),
            file,
            needs_header,
            encoded: Vec::with_capacity(1024),
        })
    }

    /// Appends `rows` in one write; nothing for an empty batch.
    pub fn append<T: Serialize>(&mut self, rows: &[T]) -> RunResult<()> {
        if rows.is_empty() {
            return Ok(());
        }
        self.encoded.clear();
        let mut writer = csv::WriterBuilder::new()
            .has_headers(self.needs_header)
            .buffer_capacity(512)
            .from_writer(&mut self.encoded);
        let what = || format!("cannot append to {}", self.path.display());
        for row in rows {
            writer.serialize(row).doing(what)?;
        }
        writer.flush().doing(what)?;
        drop(writer);
        self.file.write_all(&self.encoded).doing(what)?;
        self.needs_header = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torn_tail_is_dropped_and_whole_lines_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("runs.csv");
        std::fs::write(&path, "a,b\n1,2\n3,").expect("write");
        assert!(drop_torn_tail(&path).expect("repair"));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "a,b\n1,2\n");
        assert!(!drop_torn_tail(&path).expect("repair"));
        std::fs::write(&path, "a,").expect("write");
        assert!(drop_torn_tail(&path).expect("repair"));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "");
    }
}
