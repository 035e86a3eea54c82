use gamesolver::*;
fn main() {
    let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let t = std::time::Instant::now();
    let mut g = PrimeGame::new(n).unwrap();
    let built = t.elapsed();
    let mut e = Engine::with_table_bytes(1 << 20, PrimeEvaluator::default());
    let r = e.search_in_place(&mut g, Budget::default().with_depth(4)).unwrap();
    println!("n={n} built in {built:?}, depth {} nodes {}", r.depth, r.nodes);
}
