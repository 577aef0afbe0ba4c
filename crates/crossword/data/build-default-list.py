#!/usr/bin/env python3
"""Builds data/default-words.fc, the crossword crate's default word list.

The vocabulary is SCOWL as Debian ships it (wamerican, wamerican-large,
wamerican-huge, 2020.12.07-2): a word must be in one of them. Its score is
how well known the word is: its Zipf frequency in English from the wordfreq
package (3.1.1; code Apache-2.0, word-frequency data CC BY-SA 4.0, see
WORDFREQ-LICENSE.txt). Exact steps, from the crate folder (crates/crossword):

    apt-get download wamerican wamerican-large wamerican-huge
    for f in *.deb; do dpkg-deb -x "$f" ex; done
    python3 -m venv venv && venv/bin/pip install wordfreq==3.1.1
    venv/bin/python data/build-default-list.py ex

with the folder holding usr/share/dict as the first argument.

Words are case folded; a word with an apostrophe, a digit or a letter
outside a-z (accents) is dropped, and so are words of one letter. Then,
counted by reason:

- initialisms: every SCOWL form of the word is upper case (RSFSR, AEC,
  BIA, EEO, TQM). They are abbreviations, not words; a word SCOWL also
  has in lower or title case (ERA beside era) stays.
- rare: Zipf frequency below MIN_ZIPF = 1.5, that is, fewer than about
  three uses in a hundred million words of text. Below it the list is mostly
  words nobody has met (ERILINE, EYASSES, HEREDITIST, SEAMSET, TELETRON,
  RESEDACEAE score 0, wordfreq has never seen them) and short strings that
  are not words (qis, xci, kkt); the common crossword glue is above it
  (ERA 4.67, ORE 4.10, EEL 3.23, ALOE 3.06, ETNA 2.65, ERNE 2.12,
  ASEA 1.97, ALEE 1.72).

The score tier is the Zipf frequency doubled, rounded down, at most 9
(the .fc stores one digit; the reader multiplies it by ten):

    zipf >= 4.5 -> 9 (90)   3.0-3.5 -> 6 (60)   2.0-2.5 -> 4 (40)
    4.0-4.5     -> 8 (80)   2.5-3.0 -> 5 (50)   1.5-2.0 -> 3 (30)
    3.5-4.0     -> 7 (70)

so `--min-score 60` keeps the words used at least once in a million
(zipf 3), `--min-score 40` at least once in ten million.

Offensive words are not dropped here: data/offensive.txt is applied when the
list is loaded, so `--allow-offensive` can keep them.

The output is front coded in byte order: per word one line, the length of
the prefix it shares with the word before as one character ('0' + n, at
most 9), the rest of the word, then the score tier digit."""
import os
import re
import sys

from wordfreq import zipf_frequency

MIN_ZIPF = 1.5

root = sys.argv[1] if len(sys.argv) > 1 else "ex"
names = ["american-english", "american-english-large", "american-english-huge"]
forms = {}
dropped = {"apostrophe": 0, "other": 0, "short": 0, "initialism": 0, "rare": 0}
seen_raw = set()
for name in names:
    with open(os.path.join(root, "usr/share/dict", name), encoding="utf-8") as f:
        for raw in f:
            raw = raw.strip()
            if not raw or raw in seen_raw:
                continue
            seen_raw.add(raw)
            word = raw.lower()
            if "'" in word:
                dropped["apostrophe"] += 1
                continue
            if not re.fullmatch(r"[a-z]+", word):
                dropped["other"] += 1
                continue
            if len(word) < 2:
                dropped["short"] += 1
                continue
            forms.setdefault(word, set()).add(raw)
best = {}
for word, raws in forms.items():
    if all(raw.isupper() for raw in raws):
        dropped["initialism"] += 1
        continue
    zipf = zipf_frequency(word, "en")
    if zipf < MIN_ZIPF:
        dropped["rare"] += 1
        continue
    best[word] = min(9, int(zipf * 2))
words = sorted(best)
out = []
prev = ""
for word in words:
    shared = 0
    while shared < min(len(prev), len(word), 9) and prev[shared] == word[shared]:
        shared += 1
    out.append(f"{shared}{word[shared:]}{best[word]}\n")
    prev = word
with open("data/default-words.fc", "w") as f:
    f.write("".join(out))
by_tier = {t: sum(1 for w in words if best[w] == t) for t in range(9, 2, -1)}
print(f"{len(forms)} SCOWL words, {len(words)} kept (by tier {by_tier}), dropped {dropped}", file=sys.stderr)
