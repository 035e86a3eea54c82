use gamesolver::games::prime::protocol::parse;
use std::time::Instant;
fn main() {
    let line: String = format!(
        "go 50 {}",
        (1..=1_000_000u32)
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    for _ in 0..6 {
        let t = Instant::now();
        let c = parse(&line).unwrap();
        println!("parse {:?}", t.elapsed());
        drop(c);
    }
}
