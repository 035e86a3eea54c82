//! Files written whole or not at all: to a file of this process beside the target, then
//! renamed over it, so that a reader (a merge, a resumed solve) never sees half a file and a
//! crash leaves the old one in place.

use std::fmt::Display;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Writes `path` with `write`, whole or not at all; nothing half written is left behind. The
/// error names the path.
///
/// # Errors
///
/// What creating the file, `write` or the rename returned, with the path.
pub fn write_atomically<T, E>(
    path: &Path,
    write: impl FnOnce(File) -> Result<T, E>,
) -> Result<T, String>
where
    E: Display + From<std::io::Error>,
{
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial{}", std::process::id()));
    let partial = PathBuf::from(partial);
    File::create(&partial)
        .map_err(E::from)
        .and_then(write)
        .and_then(|value| Ok(std::fs::rename(&partial, path).map(|()| value)?))
        .map_err(|e| {
            // There may be nothing to remove.
            let _ = std::fs::remove_file(&partial);
            format!("{}: {e}", path.display())
        })
}

/// Writes `text` to `path`, whole or not at all.
///
/// # Errors
///
/// As [`write_atomically`].
pub fn write_text_atomically(path: &Path, text: &str) -> Result<(), String> {
    write_atomically(path, |mut file: File| file.write_all(text.as_bytes()))
}

/// The longest first line a job, result or work file may have: 1 KiB, several times the
/// longest line the tool writes (a job of 8 moves and two windows is under 100 bytes).
pub const MAX_LINE_BYTES: usize = 1 << 10;

/// How much of a refused line an error quotes.
const QUOTED_BYTES: usize = 40;

/// A line refused for `why`, quoting its first bytes.
fn refused(line: &[u8], why: &str) -> std::io::Error {
    let prefix = String::from_utf8_lossy(&line[..line.len().min(QUOTED_BYTES)]);
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("line 1 {why}: starts {prefix:?}"),
    )
}

/// The first line of the file at `path`, reading at most [`MAX_LINE_BYTES`] and one byte more,
/// so that no file, however large (`/dev/zero`), is read past the bound.
///
/// # Errors
///
/// Opening or reading fails (`NotFound` kept as the kind, for callers to tell a missing file);
/// the line is longer than the bound or not UTF-8: the path, the bound, and the line's first
/// 40 bytes.
pub fn read_first_line(path: &Path) -> std::io::Result<String> {
    let mut line = Vec::new();
    let mut reader = std::io::BufReader::new(File::open(path)?.take(MAX_LINE_BYTES as u64 + 1));
    std::io::BufRead::read_until(&mut reader, b'\n', &mut line)?;
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > MAX_LINE_BYTES {
        let why = format!("is longer than {MAX_LINE_BYTES} bytes");
        return Err(refused(&line, &why));
    }
    String::from_utf8(line).map_err(|e| refused(e.as_bytes(), "is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("primegame-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.result");
        write_text_atomically(&path, "n=3\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "n=3\n");
        // A write that fails halfway leaves the old file, and no partial one beside it.
        let failed = write_atomically(&path, |mut file: File| {
            file.write_all(b"half")?;
            Err::<(), _>(std::io::Error::other("disk full"))
        });
        assert!(failed.unwrap_err().contains("a.result: disk full"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "n=3\n");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.result"]);
        // No directory: the error names the path.
        let nowhere = dir.join("absent").join("b.result");
        assert!(
            write_text_atomically(&nowhere, "x")
                .unwrap_err()
                .contains("b.result")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_first_line_is_read_within_its_bound() {
        let dir = std::env::temp_dir().join(format!("primegame-lines-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.job");
        std::fs::write(&path, "n=3 round=1\nmore").unwrap();
        assert_eq!(read_first_line(&path).unwrap(), "n=3 round=1");
        std::fs::write(&path, "x".repeat(MAX_LINE_BYTES)).unwrap();
        assert_eq!(read_first_line(&path).unwrap().len(), MAX_LINE_BYTES);
        std::fs::write(&path, "y".repeat(1 << 20)).unwrap();
        let error = read_first_line(&path).unwrap_err().to_string();
        assert!(error.contains("longer than 1024 bytes"), "{error}");
        assert!(error.len() < 120, "{error}");
        std::fs::write(&path, b"n=\xff\n").unwrap();
        assert!(
            read_first_line(&path)
                .unwrap_err()
                .to_string()
                .contains("not UTF-8")
        );
        let missing = read_first_line(&dir.join("absent.job")).unwrap_err();
        assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file that never ends is read no further than the bound.
    #[cfg(target_os = "linux")]
    #[test]
    fn dev_zero_is_refused_at_once() {
        let error = read_first_line(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("longer than"), "{error}");
    }
}
