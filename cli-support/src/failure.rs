//! Why a command gave no answer, and the exit status that says which.

/// Why a command gave no answer.
#[derive(Debug)]
pub enum Failure {
    /// The input was wrong: a usage error.
    Input(String),
    /// The input was fine, but the answer was out of reach within the limits given (size,
    /// memory, time).
    OutOfReach(String),
}

impl From<String> for Failure {
    fn from(reason: String) -> Self {
        Failure::Input(reason)
    }
}

impl From<&str> for Failure {
    fn from(reason: &str) -> Self {
        Failure::Input(reason.to_owned())
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Input(reason) | Failure::OutOfReach(reason) => f.write_str(reason),
        }
    }
}

/// Ends the program for `failure`: bad input in the form and status (2) of clap's own errors,
/// with `command`'s usage; an answer out of reach with its reason alone and status 1, as it
/// is no usage error.
pub fn exit(mut command: clap::Command, failure: Failure) -> ! {
    match failure {
        Failure::Input(reason) => command
            .error(clap::error::ErrorKind::ValueValidation, reason)
            .exit(),
        Failure::OutOfReach(reason) => {
            eprintln!("{}: {reason}", command.get_name());
            std::process::exit(1);
        }
    }
}
