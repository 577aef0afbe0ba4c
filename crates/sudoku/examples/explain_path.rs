//! Prints the explained path of one puzzle (a debugging aid).
fn main() {
    let line = std::env::args().nth(1).unwrap_or_default();
    let grid = sudoku::explain::Candidates::parse(&line).expect("puzzle");
    let path = sudoku::explain::solve_path(&grid);
    for (i, s) in path.steps.iter().enumerate() {
        println!(
            "{:3} {} {} {:?} {:?} {}",
            i + 1,
            s.rating,
            s.technique,
            s.placements,
            s.eliminations,
            s.text
        );
    }
    println!("ER {} EP {} ED {}", path.er, path.ep, path.ed);
}
