//! The CSV files of a run (runs.csv, traces.csv): read whole, rewritten whole
//! through the atomic writer, and appended to while trials finish. Rows are
//! appended whole, one `write` call per batch, so a process killed at any
//! moment leaves at most one torn last line, which [`drop_torn_tail`]
//! removes before a resume.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::atomic::write_atomically;
use super::error::{RecordsError, RecordsResult};
use super::field;

/// Cuts a torn last line (one without its newline) off the file at `path`.
/// Returns whether anything was cut. A missing file is left missing.
pub fn drop_torn_tail(path: &Path) -> RecordsResult<bool> {
    cut_after_last_newline(path).map_err(|source| RecordsError::Repair {
        path: path.to_path_buf(),
        source,
    })
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
pub fn read_rows<T: DeserializeOwned>(path: &Path) -> RecordsResult<Vec<T>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(RecordsError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    rows_from_bytes(path, &bytes[..whole])
}

/// The rows of `bytes`, the whole lines of the CSV file at `path` (named in
/// errors) with its header; a bad row is named by its line.
pub fn rows_from_bytes<T: DeserializeOwned>(path: &Path, bytes: &[u8]) -> RecordsResult<Vec<T>> {
    let bad = |row, detail| RecordsError::BadRow {
        path: path.to_path_buf(),
        row,
        detail,
    };
    let mut reader = csv::Reader::from_reader(bytes);
    let headers = reader.headers().map_err(|e| bad(1, e.to_string()))?.clone();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        rows.push(row_from(record, &headers).map_err(|detail| bad(i + 2, detail))?);
    }
    Ok(rows)
}

/// The bytes of the file at `path` (`None` when it does not exist),
/// refused when its last line was cut short ([`check_whole_lines`]).
pub fn read_whole_lines(path: &Path) -> RecordsResult<Option<Vec<u8>>> {
    let bytes = super::optional_file::read_optional(path).map_err(|source| RecordsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if let Some(bytes) = &bytes {
        check_whole_lines(path, bytes)?;
    }
    Ok(bytes)
}

/// Refuses `bytes`, the contents of the file at `path`, when its last line
/// has no newline: a line cut short (a process killed while it wrote, a
/// file truncated or edited by hand) would otherwise lose its row
/// silently. The error names the line.
pub fn check_whole_lines(path: &Path, bytes: &[u8]) -> RecordsResult<()> {
    match bytes.last() {
        None | Some(b'\n') => Ok(()),
        Some(_) => Err(RecordsError::CutShort {
            path: path.to_path_buf(),
            line: bytes.iter().filter(|&&b| b == b'\n').count() + 1,
        }),
    }
}

/// One record of a CSV file with `headers` as a `T`, or what does not fit:
/// the column, the value found and what is allowed ([`field::describe`]).
pub fn row_from<T: DeserializeOwned>(
    record: csv::Result<csv::StringRecord>,
    headers: &csv::StringRecord,
) -> Result<T, String> {
    let record = record.map_err(|e| e.to_string())?;
    record
        .deserialize(Some(headers))
        .map_err(|e| field::describe::<T>(&e, headers, &record))
}

/// A file written whole: the SHA-256 of its bytes, and whether they
/// changed (a writer that leaves a file holding the same bytes alone says
/// `false`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// The SHA-256 of the bytes, lowercase hex.
    pub sha256: String,
    /// Whether the file was written.
    pub changed: bool,
}

/// The SHA-256 of `bytes`, in lowercase hex.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Writes `rows` (with a header; an empty file for no rows) to `path`
/// through the atomic writer, so the file is never seen half-written.
pub fn write_rows<T: Serialize>(path: &Path, rows: &[T]) -> RecordsResult<WrittenFile> {
    write_rows_with_header(path, rows, &[], Rewrite::Always)
}

/// Whether a whole-file writer rewrites a file that already holds the
/// bytes it would write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// Always (a new modification time, a fresh inode).
    Always,
    /// Only when the bytes differ, so writing what a read-only directory
    /// already holds writes nothing.
    IfChanged,
}

/// [`write_rows`], with `header` as the header (also when there are no
/// rows: serde gives the header only with a first row), rewriting as
/// `rewrite` says.
pub(super) fn write_rows_with_header<T: Serialize>(
    path: &Path,
    rows: &[T],
    header: &[&str],
    rewrite: Rewrite,
) -> RecordsResult<WrittenFile> {
    let failed = |source| RecordsError::Write {
        path: path.to_path_buf(),
        source,
    };
    let bytes = encode(rows, header).map_err(failed)?;
    let sha256 = sha256(&bytes);
    if rewrite == Rewrite::IfChanged && std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(WrittenFile {
            sha256,
            changed: false,
        });
    }
    write_atomically(path, |file| {
        file.write_all(&bytes).map_err(csv::Error::from)
    })
    .map_err(failed)?;
    Ok(WrittenFile {
        sha256,
        changed: true,
    })
}

/// The CSV text of `rows` under `header` (serde's header from the first
/// row when `header` is empty; nothing for no rows and no header).
fn encode<T: Serialize>(rows: &[T], header: &[&str]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(header.is_empty())
        .from_writer(Vec::new());
    if !header.is_empty() {
        writer.write_record(header)?;
    }
    for row in rows {
        writer.serialize(row)?;
    }
    writer.into_inner().map_err(|e| e.into_error().into())
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
    pub fn open(path: &Path) -> RecordsResult<Self> {
        let error = |source| RecordsError::OpenForAppend {
            path: path.to_path_buf(),
            source,
        };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(error)?;
        let needs_header = file.metadata().map_err(error)?.len() == 0;
        Ok(Self {
            path: path.to_path_buf(),
            file,
            needs_header,
            encoded: Vec::with_capacity(1024),
        })
    }

    /// Appends `rows` in one write; nothing for an empty batch.
    pub fn append<T: Serialize>(&mut self, rows: &[T]) -> RecordsResult<()> {
        if rows.is_empty() {
            return Ok(());
        }
        self.encode(rows)
            .and_then(|()| Ok(self.file.write_all(&self.encoded)?))
            .map_err(|source| RecordsError::Append {
                path: self.path.clone(),
                source,
            })?;
        self.needs_header = false;
        Ok(())
    }

    /// Encodes `rows` (with the header when the file is empty) into the
    /// buffer.
    fn encode<T: Serialize>(&mut self, rows: &[T]) -> Result<(), csv::Error> {
        self.encoded.clear();
        let mut writer = csv::WriterBuilder::new()
            .has_headers(self.needs_header)
            .buffer_capacity(512)
            .from_writer(&mut self.encoded);
        for row in rows {
            writer.serialize(row)?;
        }
        writer.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Row {
        a: u64,
        b: String,
    }

    fn row(a: u64, b: &str) -> Row {
        Row { a, b: b.into() }
    }

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

    #[test]
    fn appended_batches_read_back_and_a_torn_line_is_ignored() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("runs.csv");
        let mut writer = AppendWriter::open(&path).expect("opened");
        writer.append(&[row(1, "x")]).expect("appended");
        writer.append::<Row>(&[]).expect("nothing");
        writer
            .append(&[row(2, "y, z"), row(3, "")])
            .expect("appended");
        drop(writer);
        // A second writer on a non-empty file writes no second header.
        AppendWriter::open(&path)
            .expect("opened")
            .append(&[row(4, "w")])
            .expect("appended");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text, "a,b\n1,x\n2,\"y, z\"\n3,\n4,w\n");
        std::fs::write(&path, text + "5,to").expect("torn");
        let rows: Vec<Row> = read_rows(&path).expect("rows");
        assert_eq!(rows, [row(1, "x"), row(2, "y, z"), row(3, ""), row(4, "w")]);
    }

    #[test]
    fn rewritten_files_hold_exactly_the_rows() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("runs.csv");
        write_rows(&path, &[row(7, "q")]).expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "a,b\n7,q\n");
        write_rows::<Row>(&path, &[]).expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "");
        assert!(
            read_rows::<Row>(&dir.path().join("missing.csv"))
                .expect("no rows")
                .is_empty()
        );
    }

    #[test]
    fn a_bad_row_is_named_by_its_line() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("runs.csv");
        std::fs::write(&path, "a,b\n1,x\nnot a number,y\n").expect("write");
        let error = read_rows::<Row>(&path).expect_err("bad row");
        assert_eq!(
            error.to_string(),
            format!(
                "{}: bad row 3: column `a` holds `not a number`: expected a whole number, \
                 0 or more; correct the value or delete the line \
                 (`{}` runs a deleted trial again)",
                path.display(),
                crate::base::remedy::Remedy::Run {
                    data: Some(dir.path().to_owned())
                }
            )
        );
    }
}
