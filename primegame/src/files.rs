//! Files written whole or not at all: to a file of this process beside the target, then
//! renamed over it, so that a reader (a resumed solve) never sees half a file and a crash
//! leaves the old one in place.

use std::fmt::Display;
use std::fs::File;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_file_is_written_whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("primegame-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.result");
        write_atomically(&path, |mut file: File| file.write_all(b"n=3\n")).unwrap();
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
            write_atomically(&nowhere, |mut file: File| file.write_all(b"x"))
                .unwrap_err()
                .contains("b.result")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
