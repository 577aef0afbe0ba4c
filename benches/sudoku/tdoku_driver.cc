// The sudoku bench's driver for tdoku's solver (built only when TDOKU_SRC
// names a checkout of t-dillon/tdoku; see build.rs). It turns one of the
// bench's lines into the form tdoku's documented entry point expects (81
// characters, '1'-'9' or '.', followed by a character below '.' so that it
// is not read as a pencilmark grid) and calls it. Ours.

#include <cstddef>
#include <cstdint>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit,
                                           uint32_t configuration, char *solution,
                                           size_t *num_guesses);

// Solves `line` (its first `length` bytes; digits 1-9 are givens, anything
// else a blank) counting up to `limit` solutions. With a limit of 1 the
// solution is written to `solution` (81 characters '1'-'9'); `guesses`
// receives tdoku's guess count. Returns the number of solutions found.
extern "C" size_t sudoku_bench_tdoku(const char *line, size_t length, size_t limit,
                                     char *solution, size_t *guesses) {
    char puzzle[96] = {0};
    for (size_t cell = 0; cell < 81; cell++) {
        char c = cell < length ? line[cell] : '.';
        puzzle[cell] = (c >= '1' && c <= '9') ? c : '.';
    }
    *guesses = 0;
    return TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, guesses);
}
