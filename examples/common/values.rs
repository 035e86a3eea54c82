//! Grundy values streamed to standard output: a table of 2^28 values is 1 GiB as text, too
//! much to build as one string first.

use std::io::{BufWriter, ErrorKind, Write};

/// Writes `values` space-separated on one line. `Ok(false)` when standard output was closed
/// (`| head`): the caller then stops quietly.
pub fn print_values(values: &[u32]) -> Result<bool, String> {
    let written = (|| -> std::io::Result<()> {
        let mut out = BufWriter::new(std::io::stdout().lock());
        for (i, value) in values.iter().enumerate() {
            let separator = if i == 0 { "" } else { " " };
            write!(out, "{separator}{value}")?;
        }
        writeln!(out)?;
        out.flush()
    })();
    match written {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(e.to_string()),
    }
}
