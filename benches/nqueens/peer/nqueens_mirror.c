/* The benchmark peer for `nqueens count`: a plain bitboard backtracking
 * counter with mirror halving, the textbook fast N-Queens counter.
 *
 * Queens go row by row; the columns and both diagonals under attack are bit
 * masks shifted one step per row. A solution's left-right mirror image is
 * another solution, so the first row only tries the left half of the columns
 * and the total is doubled. For odd N the middle column of the first row is
 * its own mirror image: there the second row takes the left half and doubles.
 *
 * Usage: nqueens_mirror N   (prints the number of solutions)
 * Build: cc -O3 -march=native -o nqueens_mirror nqueens_mirror.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t full;

static uint64_t place(uint32_t left, uint32_t down, uint32_t right) {
    if (down == full) return 1;
    uint64_t count = 0;
    uint32_t free_cells = full & ~(left | down | right);
    while (free_cells) {
        uint32_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        count += place((left | bit) << 1, down | bit, (right | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    if (n < 1 || n > 31) {
        fprintf(stderr, "N must be 1..31\n");
        return 2;
    }
    full = (1u << n) - 1;
    uint64_t total = 0;
    /* Left half of the first row, doubled by the mirror. */
    for (int col = 0; col < n / 2; col++) {
        uint32_t bit = 1u << col;
        total += 2 * place(bit << 1, bit, bit >> 1);
    }
    if (n % 2 == 1) {
        /* Middle column: mirror the second row instead. */
        uint32_t mid = 1u << (n / 2);
        if (n == 1) {
            total += 1;
        } else {
            uint32_t left = mid << 1, down = mid, right = mid >> 1;
            uint32_t free_cells = full & ~(left | down | right);
            for (int col = 0; col < n / 2; col++) {
                uint32_t bit = 1u << col;
                if (!(free_cells & bit)) continue;
                total += 2 * place((left | bit) << 1, down | bit, (right | bit) >> 1);
            }
        }
    }
    printf("%llu\n", (unsigned long long)total);
    return 0;
}
