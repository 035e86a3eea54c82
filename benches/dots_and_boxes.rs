//! Dots and Boxes ([`gamesolver::games::dots_and_boxes`]), where a line that
//! completes a box keeps the turn: the value of the empty board by the solver with the rules
//! alone (default settings), by the solver with the user's knowledge (`knowledge`: the
//! board's symmetries and the exchange of a box's edge lines, free boxes taken at once, else
//! the captures and their decline, lines that hand over no box first, from the centre out;
//! `TakeFreeBoxes`), by the brute force a user writes by hand (`brute`: one pass
//! over every set of lines, `games::dots_and_boxes::brute_value`), and by retrograde analysis
//! in tiers of the lines drawn (`tiers`: `ByLines`, the start kept; one thread, and two).
//!
//! `cargo bench --bench dots_and_boxes`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamesolver::games::dots_and_boxes::{
    ByLines, DotsAndBoxes, Symmetries, TakeFreeBoxes, brute_value,
};
use gamesolver::{Retrograde, Solver};

fn boxes(c: &mut Criterion) {
    let mut group = c.benchmark_group("dots_and_boxes");
    group.sample_size(10);
    for (width, height) in [(2, 2), (3, 2), (3, 3)] {
        let start = DotsAndBoxes::new(width, height).expect("a board the rules take");
        let name = format!("{width}x{height}");
        assert_eq!(
            Solver::new().value(&start),
            Ok(brute_value(width, height).unwrap())
        );
        group.bench_with_input(BenchmarkId::new("rules", &name), &start, |b, start| {
            b.iter(|| Solver::new().value(start));
        });
        let knowledge = TakeFreeBoxes::new(&start, Some(Symmetries::of(&start)));
        group.bench_with_input(BenchmarkId::new("knowledge", &name), &start, |b, start| {
            b.iter(|| Solver::new().with_knowledge(knowledge.clone()).value(start));
        });
        group.bench_function(BenchmarkId::new("brute", &name), |b| {
            b.iter(|| brute_value(width, height));
        });
        let tiers = ByLines::new(&start);
        let by_tiers = Retrograde::new().solve_scores_keeping(&tiers, |tier| tier == 0);
        assert_eq!(
            by_tiers.ok().and_then(|table| table.value(&tiers, &start)),
            brute_value(width, height).ok()
        );
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("tiers_{threads}_threads"), &name);
            group.bench_function(id, |b| {
                b.iter(|| {
                    let mut solver = Retrograde::new().with_threads(threads);
                    let table = solver.solve_scores_keeping(&tiers, |tier| tier == 0);
                    table.ok().and_then(|table| table.value(&tiers, &start))
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, boxes);
criterion_main!(benches);
