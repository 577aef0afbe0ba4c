//! The independent checker behind `eight-puzzle check`: replays reported
//! moves with its own arithmetic (not the solver's) and tests unsolvability
//! claims with the inversion-count rule (not the solver's cycle count).

use serde_json::Value;

/// Checks one JSON object printed by `solve` or `batch`; `Ok` with a short
/// description of what was verified.
pub fn check_report(report: &Value) -> Result<String, String> {
    let status = report
        .get("status")
        .and_then(Value::as_str)
        .ok_or("no \"status\" field")?;
    match status {
        "solved" => check_solved(report),
        "unsolvable" => {
            let (size, board) = tiles_of(report, "board")?;
            let goal = goal_of(report, size)?;
            if solvable_by_inversions(size, &board, &goal) {
                Err(format!(
                    "reported unsolvable but {} can reach the goal",
                    text(report, "board")?
                ))
            } else {
                Ok("unsolvable confirmed".to_owned())
            }
        }
        "limit" | "invalid" => Ok(format!("{status}: nothing to verify")),
        other => Err(format!("unknown status '{other}'")),
    }
}

fn check_solved(report: &Value) -> Result<String, String> {
    let (size, mut cells) = tiles_of(report, "board")?;
    let goal = goal_of(report, size)?;
    let moves = report
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("no \"moves\" list")?;
    let mut blank = cells
        .iter()
        .position(|&tile| tile == 0)
        .ok_or("the board has no blank")?;
    for (step, mv) in moves.iter().enumerate() {
        let name = mv
            .as_str()
            .ok_or_else(|| format!("move {}: not a string", step + 1))?;
        let (row, column) = ((blank / size) as isize, (blank % size) as isize);
        let (to_row, to_column) = match name {
            "up" => (row - 1, column),
            "down" => (row + 1, column),
            "left" => (row, column - 1),
            "right" => (row, column + 1),
            other => return Err(format!("move {}: unknown move '{other}'", step + 1)),
        };
        let inside = |value: isize| (0..size as isize).contains(&value);
        if !inside(to_row) || !inside(to_column) {
            return Err(format!(
                "move {} ({name}) takes the blank off the board",
                step + 1
            ));
        }
        let target = to_row as usize * size + to_column as usize;
        cells.swap(blank, target);
        blank = target;
    }
    if cells != goal {
        return Err(format!(
            "after {} moves the board is not the goal",
            moves.len()
        ));
    }
    if let Some(solution) = report.get("solution") {
        let listed: Vec<&str> = moves.iter().filter_map(Value::as_str).collect();
        if solution.as_str() != Some(listed.join(" ").as_str()) {
            return Err(format!(
                "\"solution\" {solution} does not match the \"moves\" list"
            ));
        }
    }
    match report.get("num_moves") {
        None => return Err("no \"num_moves\" count".to_owned()),
        Some(count) if count.as_u64() != Some(moves.len() as u64) => {
            return Err(format!(
                "num_moves is {count} but {} moves are listed",
                moves.len()
            ));
        }
        Some(_) => {}
    }
    Ok(format!("{} legal moves reach the goal", moves.len()))
}

fn text<'a>(report: &'a Value, key: &str) -> Result<&'a str, String> {
    report
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("no \"{key}\" string"))
}

/// Tiles from digits (`142358607`) or separated numbers, with the side.
fn tiles_of(report: &Value, key: &str) -> Result<(usize, Vec<usize>), String> {
    let line = text(report, key)?;
    let tiles: Vec<usize> = if line.contains(|c: char| c == ',' || c.is_whitespace()) {
        line.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|token| !token.is_empty())
            .map(|token| {
                token
                    .parse()
                    .map_err(|_| format!("{key}: bad tile '{token}'"))
            })
            .collect::<Result<_, _>>()?
    } else {
        line.chars()
            .map(|c| {
                c.to_digit(10)
                    .map(|d| d as usize)
                    .ok_or_else(|| format!("{key}: bad tile '{c}'"))
            })
            .collect::<Result<_, _>>()?
    };
    let size = (1..=tiles.len())
        .find(|side| side * side == tiles.len())
        .ok_or("not a square board")?;
    let mut sorted = tiles.clone();
    sorted.sort_unstable();
    if sorted != (0..tiles.len()).collect::<Vec<_>>() {
        return Err(format!(
            "{key}: not a permutation of 0..{}",
            tiles.len() - 1
        ));
    }
    Ok((size, tiles))
}

fn goal_of(report: &Value, size: usize) -> Result<Vec<usize>, String> {
    if report.get("goal").is_some_and(|goal| !goal.is_null()) {
        let (goal_size, goal) = tiles_of(report, "goal")?;
        if goal_size != size {
            return Err("the goal and the board differ in size".to_owned());
        }
        Ok(goal)
    } else {
        Ok((0..size * size).collect())
    }
}

/// The textbook rule: number the tiles by their goal order, count
/// inversions; on odd widths the count must be even, on even widths the
/// count plus the blank's row distance to its goal row must be even.
fn solvable_by_inversions(size: usize, board: &[usize], goal: &[usize]) -> bool {
    let mut rank = vec![0; goal.len()];
    for (index, &tile) in goal.iter().filter(|&&tile| tile != 0).enumerate() {
        rank[tile] = index;
    }
    let sequence: Vec<usize> = board
        .iter()
        .filter(|&&tile| tile != 0)
        .map(|&tile| rank[tile])
        .collect();
    let mut inversions = 0;
    for i in 0..sequence.len() {
        for j in i + 1..sequence.len() {
            if sequence[i] > sequence[j] {
                inversions += 1;
            }
        }
    }
    let row_of_blank =
        |tiles: &[usize]| tiles.iter().position(|&tile| tile == 0).unwrap_or(0) / size;
    if size % 2 == 1 {
        inversions % 2 == 0
    } else {
        (inversions + row_of_blank(board).abs_diff(row_of_blank(goal))) % 2 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(json: &str) -> Result<String, String> {
        check_report(&serde_json::from_str(json).expect("test JSON"))
    }

    #[test]
    fn accepts_and_rejects() {
        assert!(check(r#"{"status":"solved","board":"142358607","moves":["up","left","left","up"],"num_moves":4}"#).is_err());
        assert!(
            check(r#"{"status":"solved","board":"142305678","moves":["up","left"],"num_moves":2}"#)
                .is_ok()
        );
        assert!(
            check(r#"{"status":"solved","board":"142305678","moves":["up","up","left"]}"#).is_err()
        );
        assert!(
            check(r#"{"status":"solved","board":"142305678","moves":["up","left"],"num_moves":3}"#)
                .is_err()
        );
        for count in ["-1", "2.0", "\"2\"", "18446744073709551618"] {
            let record = format!(
                r#"{{"status":"solved","board":"142305678","moves":["up","left"],"num_moves":{count}}}"#
            );
            assert!(check(&record).is_err(), "num_moves {count}");
        }
        assert!(check(r#"{"status":"solved","board":"142305678","moves":["up","left"]}"#).is_err());
        assert!(check(r#"{"status":"unsolvable","board":"021345678"}"#).is_ok());
        assert!(check(r#"{"status":"unsolvable","board":"102345678"}"#).is_err());
        assert!(check(r#"{"status":"unsolvable","board":"142358607"}"#).is_err());
        assert!(
            check(r#"{"status":"unsolvable","board":"0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15"}"#)
                .is_ok()
        );
        assert!(
            check(r#"{"status":"unsolvable","board":"4,1,2,3,0,5,6,7,8,9,10,11,12,13,14,15"}"#)
                .is_err()
        );
    }
}
