use gamesolver::PlayConvention;
use gamesolver::games::subtraction::SubtractionGame;

/// The options of every command; each command reads the ones it needs.
#[derive(Debug, Default)]
pub struct Options {
    pub k: Option<u32>,
    pub heaps: Option<Vec<u64>>,
    pub normal: bool,
    pub set: Option<Vec<u32>>,
    pub upto: Option<u64>,
}

fn list<T: std::str::FromStr>(text: &str, what: &str) -> Result<Vec<T>, String> {
    if text.trim().is_empty() {
        return Err(format!("the {what} list is empty"));
    }
    text.split(',')
        .map(|item| {
            item.trim().parse().map_err(|_| {
                if !item.trim().is_empty() && item.trim().bytes().all(|b| b.is_ascii_digit()) {
                    format!("{item:?} in the {what} list is too large")
                } else {
                    format!("{item:?} in the {what} list is not a non-negative integer")
                }
            })
        })
        .collect()
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = Self::default();
        let mut args = args.iter();
        while let Some(flag) = args.next() {
            let mut value = || {
                args.next()
                    .map(String::as_str)
                    .ok_or(format!("{flag} needs a value"))
            };
            match flag.as_str() {
                "--k" => {
                    let text = value()?;
                    options.k = Some(
                        text.parse()
                            .map_err(|_| format!("k {text:?} is not a number"))?,
                    );
                }
                "--heaps" => options.heaps = Some(list(value()?, "heap")?),
                "--set" => options.set = Some(list(value()?, "set")?),
                "--upto" => {
                    let text = value()?;
                    options.upto = Some(
                        text.parse()
                            .map_err(|_| format!("--upto {text:?} is not a number"))?,
                    );
                }
                "--normal" => options.normal = true,
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        Ok(options)
    }

    /// The preset game the options describe, with the table's defaults.
    pub fn game(&self) -> Result<SubtractionGame, String> {
        let convention = if self.normal {
            PlayConvention::Normal
        } else {
            PlayConvention::Misere
        };
        let heaps = self.heaps.clone().unwrap_or_else(|| vec![1, 3, 5, 7]);
        SubtractionGame::preset(self.k.unwrap_or(3), heaps, convention).map_err(|e| e.to_string())
    }
}
