//! A fill problem: a template, its slots and the candidate words of each
//! length (sorted best score first), shared by every algorithm.

use crate::puzzle::{Cell, Grid};
use crate::slots::{Direction, Slots};
use crate::words::{Word, WordList, letters_to_string};

/// A template ready to fill: its slots and the words by length.
#[derive(Debug, Clone)]
pub struct Problem {
    grid: Grid,
    slots: Slots,
    /// Words of each length (index = length), best score first, then
    /// made of the most common letters, then alphabetical; fully given entries missing from the list are added
    /// with score 0.
    by_length: Vec<Vec<Word>>,
    /// The global id of the first word of each length.
    offsets: Vec<u32>,
    longest_word: usize,
}

impl Problem {
    /// The problem of filling `grid` from `words`.
    pub fn new(grid: Grid, words: &WordList) -> Problem {
        let slots = Slots::new(&grid);
        let max_slot = slots.slots.iter().map(|s| s.len()).max().unwrap_or(0);
        let longest_word = words.max_len();
        let mut by_length: Vec<Vec<Word>> = vec![Vec::new(); max_slot + 1];
        for word in words.words() {
            if let Some(list) = by_length.get_mut(word.letters.len()) {
                list.push(word.clone());
            }
        }
        for (index, slot) in slots.slots.iter().enumerate() {
            let pattern = slots.pattern(&grid, index);
            if let Some(letters) = pattern.iter().copied().collect::<Option<Vec<u8>>>() {
                let list = &mut by_length[slot.len()];
                if !list.iter().any(|w| *w.letters == *letters) {
                    list.push(Word {
                        letters: letters.into_boxed_slice(),
                        score: 0,
                    });
                }
            }
        }
        // Among words of equal score, those made of common letters first:
        // they leave the crossing slots the most words (a cheap
        // least-constraining-value order, fixed once).
        let mut frequency = [0u64; 26];
        for list in &by_length {
            for word in list {
                for &letter in word.letters.iter() {
                    frequency[usize::from(letter)] += 1;
                }
            }
        }
        for list in &mut by_length {
            let commonness = |word: &Word| -> u64 {
                let total: u64 = word
                    .letters
                    .iter()
                    .map(|&l| frequency[usize::from(l)])
                    .sum();
                total / word.letters.len().max(1) as u64
            };
            let keys: Vec<(i32, u64)> = list.iter().map(|w| (w.score, commonness(w))).collect();
            let mut order: Vec<usize> = (0..list.len()).collect();
            order.sort_unstable_by(|&a, &b| {
                keys[b]
                    .cmp(&keys[a])
                    .then_with(|| list[a].letters.cmp(&list[b].letters))
            });
            let mut taken: Vec<Option<Word>> = std::mem::take(list).into_iter().map(Some).collect();
            *list = order.into_iter().filter_map(|i| taken[i].take()).collect();
        }
        let mut offsets = Vec::with_capacity(by_length.len());
        let mut next = 0u32;
        for list in &by_length {
            offsets.push(next);
            next += list.len() as u32;
        }
        Problem {
            grid,
            slots,
            by_length,
            offsets,
            longest_word,
        }
    }

    /// The template.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The entries.
    pub fn slots(&self) -> &Slots {
        &self.slots
    }

    /// The candidate words of `length`, best first.
    pub fn words_of_length(&self, length: usize) -> &[Word] {
        self.by_length.get(length).map_or(&[], Vec::as_slice)
    }

    /// The global id of word `index` of `length` (ids of one length are
    /// consecutive, so all slots share one value space).
    pub fn global_id(&self, length: usize, index: usize) -> u32 {
        self.offsets[length] + index as u32
    }

    /// The word with global id `id`.
    pub fn word(&self, id: u32) -> &Word {
        // Lengths without words share the next length's offset, so the
        // last length starting at or before `id` is the one holding it.
        let length = self.offsets.partition_point(|&offset| offset <= id) - 1;
        &self.by_length[length][(id - self.offsets[length]) as usize]
    }

    /// The indices (within its length) of the words that fit slot
    /// `slot`'s given letters, best first.
    pub fn candidates(&self, slot: usize) -> Vec<usize> {
        let pattern = self.slots.pattern(&self.grid, slot);
        self.words_of_length(pattern.len())
            .iter()
            .enumerate()
            .filter(|(_, word)| {
                pattern
                    .iter()
                    .zip(word.letters.iter())
                    .all(|(given, letter)| given.is_none_or(|g| g == *letter))
            })
            .map(|(index, _)| index)
            .collect()
    }

    /// Why a slot cannot be filled at all, if one cannot: no word of its
    /// length, or none fitting its given letters. Names the first such slot.
    pub fn dead_slot(&self) -> Option<String> {
        for (index, slot) in self.slots.slots.iter().enumerate() {
            if self.words_of_length(slot.len()).is_empty() {
                return Some(format!(
                    "no word of {} letters in the list for {slot} (the longest word has {} letters)",
                    slot.len(),
                    self.longest_word
                ));
            }
            if self.candidates(index).is_empty() {
                let pattern: String = self
                    .slots
                    .pattern(&self.grid, index)
                    .iter()
                    .map(|l| l.map_or('.', |l| (b'A' + l) as char))
                    .collect();
                return Some(format!("no word of the list fits {slot}: {pattern}"));
            }
        }
        None
    }

    /// The template filled with the words of `fill` (global ids, one per slot).
    pub fn fill_grid(&self, fill: &[u32]) -> Grid {
        let mut grid = self.grid.clone();
        for (slot, &id) in self.slots.slots.iter().zip(fill) {
            for (&cell, &letter) in slot.cells.iter().zip(self.word(id).letters.iter()) {
                grid.set(cell, Cell::Letter(letter));
            }
        }
        grid
    }

    /// The entries of a fill, numbered, across then down.
    pub fn entries(&self, fill: &[u32]) -> Vec<Entry> {
        self.slots
            .slots
            .iter()
            .zip(fill)
            .map(|(slot, &id)| {
                let word = self.word(id);
                Entry {
                    number: slot.number,
                    direction: slot.direction,
                    row: slot.row,
                    col: slot.col,
                    answer: letters_to_string(&word.letters).to_ascii_uppercase(),
                    score: word.score,
                }
            })
            .collect()
    }
}

/// One answered entry of a fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Clue number.
    pub number: u32,
    /// Across or down.
    pub direction: Direction,
    /// Row of the first cell (0-based).
    pub row: usize,
    /// Column of the first cell (0-based).
    pub col: usize,
    /// The word, uppercase (as the grid prints).
    pub answer: String,
    /// The word's score in the list.
    pub score: i32,
}
