//! A closed standard output (`| head`) ends an example quietly instead of with a panic, and
//! long lists of numbers are streamed to it rather than built as one string first.

use std::io::{BufWriter, ErrorKind, Write};

/// Makes the panic that `println!` raises on a closed pipe end the program with status 0 and
/// no message; every other panic is reported as usual.
pub fn quiet_on_closed_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
}

/// Writes `values` space-separated on one line, streamed (a table of 2^28 values is 1 GiB as
/// text, too much to build as one string first). `Ok(false)` when standard output was closed
/// (`| head`): the caller then stops quietly.
///
/// # Errors
///
/// The text of any other error of the write.
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
