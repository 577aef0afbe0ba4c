#!/usr/bin/env python3
"""Builds data/default-words.fc, the crossword crate's default word list.

The vocabulary is SCOWL as Debian ships it (wamerican, wamerican-large,
wamerican-huge, 2020.12.07-2): a word must be in one of them. SCOWL's own
raw lists (Debian's scowl package, same version) say what kind of entry
each form is (a word, a proper name, an abbreviation, a Roman numeral) and
its size (10 the most common ... 80 the rarest wamerican-huge holds). The
score is how well known the word is: its Zipf frequency in English from the
wordfreq package (3.1.1; code Apache-2.0, word-frequency data CC BY-SA 4.0,
see WORDFREQ-LICENSE.txt), lowered for short words SCOWL keeps only in its
larger sizes. Exact steps, from the crate folder (crates/crossword):

    apt-get download wamerican wamerican-large wamerican-huge scowl
    for f in *.deb; do dpkg-deb -x "$f" ex; done
    python3 -m venv venv && venv/bin/pip install wordfreq==3.1.1
    venv/bin/python data/build-default-list.py ex

with the folder holding usr/share/dict as the first argument.

Words are case folded; a word with an apostrophe, a digit or a letter
outside a-z (accents) is dropped, and so are words of one letter. Then,
counted by reason:

- initialisms: every SCOWL form of the word is upper case (RSFSR, AEC,
  BIA, EEO, TQM). A word SCOWL also has in lower or title case (ERA beside
  era) stays.
- abbreviations: no form of the word is in one of SCOWL's lists of words,
  proper names or capitalised words of size 80 or less, only in its lists
  of abbreviations or Roman numerals (or beyond size 80): RBIS, MEV, TRNA,
  BTS, ISL, ESD, TWP, ALD, CONTD, RECD, LTD, MR, LVII. wordfreq counts
  them as often as real words (BTS zipf 3.27, a band's name; ISL 2.60),
  so their frequency says nothing about them as answers.
- rare: Zipf frequency below MIN_ZIPF = 1.5, that is, fewer than about
  three uses in a hundred million words of text (ERILINE, EYASSES,
  HEREDITIST, SEAMSET, TELETRON, RESEDACEAE score 0: wordfreq has never
  seen them).
- short and rare for their size: a word of SHORT = 4 letters or fewer
  that SCOWL lists as a word only in its larger sizes (55-80) needs a Zipf
  frequency of MIN_ZIPF_SHORT = 2.0, since short strings are common in
  text as names, codes and parts of other words: ASIR (1.58, size 70),
  TRET (1.63) and ALEE (1.72) go, ERNE (2.12) stays at the bottom tier.

The score tier is the Zipf frequency doubled, rounded down, at most 9
(the .fc stores one digit; the reader multiplies it by ten):

    zipf >= 4.5 -> 9 (90)   3.0-3.5 -> 6 (60)   2.0-2.5 -> 4 (40)
    4.0-4.5     -> 8 (80)   2.5-3.0 -> 5 (50)   1.5-2.0 -> 3 (30)
    3.5-4.0     -> 7 (70)

less a penalty for a word SCOWL lists as a word only in its larger
sizes: for short words 2 tiers (sizes 55-70) or 3 (size 80), for longer
words 1 for size 80 only, never below tier 3 (AERO, zipf 3.33, size 70:
40, not 60; long words of size 80 are real but little known: place names,
technical terms). So `--min-score 60` keeps the words used at least once
in a million (zipf 3) that SCOWL lists in its common sizes.

Offensive words are not dropped here: data/offensive.txt is applied when the
list is loaded, so `--allow-offensive` can keep them.

The output is front coded in byte order: per word one line, the length of
the prefix it shares with the word before as one character ('0' + n, at
most 9), the rest of the word, then the score tier digit."""
import glob
import os
import re
import sys

from wordfreq import zipf_frequency

MIN_ZIPF = 1.5
SHORT = 4
MIN_ZIPF_SHORT = 2.0
# Tiers taken off by the smallest size at which SCOWL lists the word as a
# word (up to 50, as wamerican; up to 70, -large; 80, -huge).
SHORT_PENALTY = [0, 2, 3]
LONG_PENALTY = [0, 0, 1]
# SCOWL's categories of entries that are words (the rest: abbreviations,
# contractions, Roman numerals, hacker jargon).
WORD_KINDS = ("words", "upper", "proper-names")
MAX_SIZE = 80

root = sys.argv[1] if len(sys.argv) > 1 else "ex"

# The forms SCOWL lists as words, proper names or capitalised words, in any
# spelling variant, at sizes up to wamerican-huge's.
# Each with the smallest size listing it as such.
word_forms = {}
for path in glob.glob(os.path.join(root, "usr/share/dict/scowl/*")):
    kind, _, scowl_size = os.path.basename(path).rpartition(".")
    if not kind.endswith(WORD_KINDS) or int(scowl_size) > MAX_SIZE:
        continue
    with open(path, encoding="utf-8") as f:
        for line in f:
            form = line.strip()
            word_forms[form] = min(int(scowl_size), word_forms.get(form, MAX_SIZE))
if not word_forms:
    sys.exit(f"no SCOWL lists under {root}/usr/share/dict/scowl (the scowl package)")

names = ["american-english", "american-english-large", "american-english-huge"]
forms = {}
dropped = {
    "apostrophe": 0,
    "other": 0,
    "short": 0,
    "initialism": 0,
    "abbreviation": 0,
    "rare": 0,
    "short, rare for its size": 0,
}
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
    sizes = [word_forms[raw] for raw in raws if raw in word_forms]
    if not sizes:
        dropped["abbreviation"] += 1
        continue
    # Which wamerican list would hold it as a word: up to size 50, 70, 80.
    rank = 0 if min(sizes) <= 50 else 1 if min(sizes) <= 70 else 2
    zipf = zipf_frequency(word, "en")
    if zipf < MIN_ZIPF:
        dropped["rare"] += 1
        continue
    tier = min(9, int(zipf * 2))
    if len(word) <= SHORT and rank > 0:
        if zipf < MIN_ZIPF_SHORT:
            dropped["short, rare for its size"] += 1
            continue
        tier = max(3, tier - SHORT_PENALTY[rank])
    else:
        tier = max(3, tier - LONG_PENALTY[rank])
    best[word] = tier
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
