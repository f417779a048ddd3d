//! Reading a file of a data directory that may not exist yet (metadata.json
//! before a first run, external.log without an external program,
//! derived.json before a first comparison): absent is `None`, any other
//! failure an error for the caller to name.

use std::io;
use std::path::Path;

/// The bytes of the file at `path`, `None` when it does not exist.
pub fn read_optional(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The text of the file at `path`, `None` when it does not exist; an
/// error when it is not UTF-8.
pub fn read_optional_text(path: &Path) -> io::Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_none_and_a_present_one_its_contents() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("log");
        assert_eq!(read_optional_text(&path).expect("readable"), None);
        assert_eq!(read_optional(&path).expect("readable"), None);
        std::fs::write(&path, "line\n").expect("written");
        assert_eq!(
            read_optional_text(&path).expect("readable").as_deref(),
            Some("line\n")
        );
        assert_eq!(
            read_optional(&path).expect("readable"),
            Some(b"line\n".to_vec())
        );
    }

    #[test]
    fn a_directory_is_an_error_not_absent() {
        let dir = tempfile::tempdir().expect("temp dir");
        assert!(read_optional_text(dir.path()).is_err());
    }
}
