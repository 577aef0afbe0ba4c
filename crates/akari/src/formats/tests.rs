//! The readers and writers of every form: real puzzles of each, errors
//! by line and column, round trips over random grids, and random bytes
//! and mutations that never panic and are always located.

use super::*;
use crate::Cell;

/// Reads `text` in any form: the grid's canonical line, or the error's message.
fn check(text: &str, expected: &str) {
    let read = match read(text) {
        Ok(puzzle) => puzzle.to_line(),
        Err(error) => error.to_string(),
    };
    assert_eq!(read, expected, "{text:?}");
}

#[test]
fn a_game_id_of_tathams_generator_reads_as_his_grid() {
    // `sgt-lightup --generate 1 7x7b20s2d2` (20230122.806ae71) printed it.
    let id = "7x7:b1g0i1a2cBa3i2g2b";
    check(
        id,
        "..1..../...0.../......1/.2...#./3....../...2.../....2..",
    );
    check(
        "7x7b20s2d2:b1g0i1a2cBa3i2g2b",
        "..1..../...0.../......1/.2...#./3....../...2.../....2..",
    );
    assert_eq!(to_game_id(&read(id).unwrap()), id);
    check(
        "3:Bzz",
        "line 1, column 4: the description is longer than its 3x3 grid of 9 cells: 'z' starts cell 2 of it",
    );
    check(
        "2x1:ab",
        "line 1, column 6: the description is longer than its 2x1 grid of 2 cells: 'b' starts cell 2 of it",
    );
    check("2x1:aa", "..");
    check(
        "2x2:ab",
        "line 1, column 7: expected 1 more cell of the 2x2 grid, found the end of the description 'ab'",
    );
    check(
        "2x2:aS",
        "line 1, column 6: expected 'a'-'z' (1 to 26 white cells), 'B' (a black cell) or a number 0-4, found 'S'",
    );
    check(
        "2x2:a5",
        "line 1, column 6: expected 'a'-'z' (1 to 26 white cells), 'B' (a black cell) or a number 0-4, found '5'",
    );
    check(
        "2x0:",
        "line 1, column 3: expected a height of 1 to 255, found 0",
    );
    check(
        "256x2:",
        "line 1, column 1: expected a width of 1 to 255, found 256",
    );
    check(
        "2xq:",
        "line 1, column 3: expected the height, a number, found 'q'",
    );
    check(
        "2x2b:d",
        "line 1, column 5: expected a number after 'b', found ':'",
    );
    check(
        "2x2q:d",
        "line 1, column 4: expected ':' or a parameter 'b', 's', 'd' or 'r' (as in 7x7b20s2d2:...), found 'q'",
    );
    check(
        "\n  2x2:a7\n",
        "line 2, column 8: expected 'a'-'z' (1 to 26 white cells), 'B' (a black cell) or a number 0-4, found '7'",
    );
    // A run never passes 26: 27 white cells are `za`.
    let wide = Akari::new(1, 27, vec![Cell::White; 27]).unwrap();
    assert_eq!(to_game_id(&wide), "27x1:za");
}

#[test]
fn pzprjs_test_url_and_its_solved_board() {
    // robx/pzprjs test/script/lightup.js: its URL, and the file its
    // answer check passes (null: no error).
    let url = "https://puzz.link/p?lightup/6/6/nekcakbl";
    let line = "....../..4.../....2./.0..../...1../......";
    check(url, line);
    check("https://puzz.link/p?akari/6/6/nekcakbl", line);
    check("http://pzv.jp/p.html?lightup/6/6/nekcakbl", line);
    check("lightup/6/6/nekcakbl", line);
    assert_eq!(to_url(&read(url).unwrap()), url);
    let file = "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /";
    let (puzzle, bulbs) = read_with_bulbs(file).unwrap();
    assert_eq!(puzzle.to_line(), line);
    let bulbs = bulbs.expect("the answer's bulbs");
    assert_eq!(
        puzzle.draw(&bulbs, '/'),
        "..*.../.*4*../..*.2*/.0..*./*..1../...*.."
    );
    crate::check::check(&puzzle, &bulbs).expect("pzprjs's answer keeps the rules");
    let written = to_pzprv3(&puzzle, Some(&bulbs));
    assert_eq!(
        written,
        "pzprv3\nlightup\n6\n6\n. . # . . . \n. # 4 # . . \n. . # . 2 # \n. 0 . . # . \n# . . 1 . . \n. . . # . . \n"
    );
    assert_eq!(read_with_bulbs(&written), Ok((puzzle, Some(bulbs))));
}

#[test]
fn url_errors_name_their_column() {
    check(
        "https://puzz.link/p?ripple/6/6/x",
        "line 1, column 21: expected 'lightup/' or 'akari/' (an Akari URL), found 'ripple'",
    );
    check(
        "https://example.com/p?lightup/1/1",
        "line 1, column 1: expected a puzz.link URL such as https://puzz.link/p?lightup/COLS/ROWS/BODY",
    );
    check(
        "https://puzz.link/p?lightup/6",
        "line 1, column 30: expected '/' and the number of rows, found the end of the URL",
    );
    check(
        "https://puzz.link/p?lightup/6/x/",
        "line 1, column 31: expected the number of rows, found 'x'",
    );
    check(
        "https://puzz.link/p?lightup/0/2/",
        "line 1, column 29: expected 1 to 255 columns, found 0",
    );
    check(
        "https://puzz.link/p?lightup/2/1/f",
        "line 1, column 33: expected a number 0-4 (5-9 and a-e: with 1 or 2 white cells after it), '.' (a black cell) or 'g'-'z' (1 to 20 white cells), found 'f'",
    );
    check(
        "https://puzz.link/p?lightup/2/1/..x",
        "line 1, column 35: expected the end of the URL, the 2x1 grid being full, found 'x'",
    );
    check("https://puzz.link/p?lightup/2/2", "../..");
    // pzprjs ends a body whose last character is '.' with '/'.
    let black = "https://puzz.link/p?lightup/1/1/./";
    check(black, "#");
    assert_eq!(to_url(&read(black).unwrap()), black);
    check(
        "https://puzz.link/p?lightup/2/1/g/",
        "line 1, column 34: expected a number 0-4 (5-9 and a-e: with 1 or 2 white cells after it), '.' (a black cell) or 'g'-'z' (1 to 20 white cells), found '/'",
    );
    check("https://puzz.link/p?lightup/2/2/0", "0./..");
    check(
        "lightup/2/2/0\nlightup/2/2/1",
        "line 2, column 1: expected the end of the input after the puzzle on line 1 (one puzzle per input; a batch is a file of URLs or game IDs only), found 'lightup/2/2/1'",
    );
}

#[test]
fn pzprv3_errors_name_their_line_and_column() {
    check(
        "pzprv3\nlightup\n1\n2\n. 4\n",
        "#4".replace('#', ".").as_str(),
    );
    check("pzprv3\nlightup\n1\n2\n- 4 \n# marks\n", "#4");
    check(
        "pzprv3\nripple\n1\n2\n",
        "line 2, column 1: expected 'lightup' (the puzzle type), found 'ripple'",
    );
    check(
        "pzprv3\nlightup\n1\n2\n. 5\n",
        "line 5, column 3: expected a cell: '.', '+' (white), '#' (a bulb), '-' (black) or a number 0-4, found '5'",
    );
    check(
        "pzprv3\nlightup\n1\n2\n. . .\n",
        "line 5, column 5: expected 2 cells in row 1, found '3 cells'",
    );
    check(
        "pzprv3\nlightup\n2\n2\n. .\n",
        "line 5, column 4: expected row 2 of 2: 2 cells, found nothing",
    );
    check(
        "pzprv3\nlightup\nx\n",
        "line 3, column 1: expected the number of rows, found 'x'",
    );
    check(
        "pzprv3\nlightup\n1\n0\n",
        "line 4, column 1: expected the number of columns, 1 to 255, found '0'",
    );
}

/// A random grid of up to 30 x 30 cells, mostly white.
fn random_grid(rng: &mut fuzz_kit::Rng) -> Akari {
    let rows = 1 + rng.below(30);
    let cols = 1 + rng.below(30);
    let cells = (0..rows * cols)
        .map(|_| match rng.below(10) {
            0 => Cell::Black,
            1 => Cell::Number(rng.below(5) as u8),
            _ => Cell::White,
        })
        .collect();
    Akari::new(rows, cols, cells).unwrap()
}

#[test]
fn every_form_reads_back_what_it_wrote() {
    let mut rng = fuzz_kit::Rng::new(0xf0a7);
    for _ in 0..2_000 {
        let puzzle = random_grid(&mut rng);
        let bulbs = Bulbs::new(
            puzzle.rows(),
            puzzle.cols(),
            puzzle
                .cells()
                .iter()
                .map(|&cell| cell == Cell::White && rng.below(3) == 0)
                .collect(),
        )
        .unwrap();
        for format in [Format::Text, Format::Url, Format::Pzprv3, Format::Tatham] {
            let text = write(&puzzle, format, None);
            assert_eq!(detect(&text), format, "{text}");
            assert_eq!(read(&text).as_ref(), Ok(&puzzle), "{text}");
        }
        let any = bulbs.on().iter().any(|&on| on).then_some(&bulbs);
        for format in [Format::Text, Format::Pzprv3] {
            let text = write(&puzzle, format, Some(&bulbs));
            let (again, read_bulbs) = read_with_bulbs(&text).unwrap();
            assert_eq!((&again, read_bulbs.as_ref()), (&puzzle, any), "{text}");
        }
    }
}

/// Random bytes and mutations of real texts of every form never panic;
/// every error names a line of the text and a column inside it (or just
/// past its end); every puzzle read writes back to a text that reads the
/// same.
#[test]
fn the_readers_never_panic_and_locate_every_error() {
    let mut rng = fuzz_kit::Rng::new(0xa4a2);
    let seeds: [&[u8]; 6] = [
        b"7x7:b1g0i1a2cBa3i2g2b",
        b"10x10b20s2d1:aBa0b1c2zzBzd",
        b"https://puzz.link/p?lightup/6/6/nekcakbl",
        b"https://puzz.link/p?akari/3/2/5.g",
        b"pzprv3\nlightup\n2\n3\n. # - \n0 + 4 \n",
        b"pzprv3/lightup/2/2/. # /- 1 /",
    ];
    let alphabet = b"0123456789abcdefgzBx:/.#-+ \nlightuppzprv3";
    for round in 0..30_000 {
        let bytes = match round % 3 {
            0 => fuzz_kit::random_bytes(&mut rng, 40, alphabet),
            _ => fuzz_kit::mutate(&mut rng, seeds[round % seeds.len()], alphabet),
        };
        let text = String::from_utf8_lossy(&bytes);
        match read_with_bulbs(&text) {
            Ok((puzzle, _)) => {
                for format in [Format::Url, Format::Tatham, Format::Pzprv3] {
                    let again = write(&puzzle, format, None);
                    assert_eq!(read(&again).as_ref(), Ok(&puzzle), "{text:?} as {again}");
                }
            }
            Err(error) => {
                fuzz_kit::assert_located(&text, &error.to_string());
            }
        }
    }
}
