//! The search: the solver and the engine, their budgets and bounds, saved results, the job
//! path, and games written as a user crate would.

mod budget;
mod cycles;
mod engine;
mod jobs;
mod made_children;
mod make_unmake;
mod move_bounds;
mod results_file;
mod rules_check;
mod user_crate;
mod value_bounds;
