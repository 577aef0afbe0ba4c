#!/usr/bin/env python3
"""Builds data/default-words.fc, the crossword crate's default word list,
from Debian's SCOWL packages (wamerican, wamerican-large, wamerican-huge,
2020.12.07-2). Run from the crate folder after

    apt-get download wamerican wamerican-large wamerican-huge
    for f in *.deb; do dpkg-deb -x "$f" ex; done

with the folder holding usr/share/dict as the first argument.

Scores follow the smallest SCOWL size a word is in (common words higher):
size <= 50 (wamerican) 60, size <= 70 (wamerican-large) 40, size <= 80
(wamerican-huge) 20. Words are case folded; a word with an apostrophe, a
digit or a letter outside a-z (accents) is dropped and counted; words of
one letter are dropped (no entry is that short). The output is front coded
in byte order: per word one line, the length of the prefix it shares with
the word before as one character ('0' + n), the rest of the word, then the
score tier digit (6, 4 or 2, times ten)."""
import sys, os, re

root = sys.argv[1] if len(sys.argv) > 1 else "ex"
tiers = [("american-english", 6), ("american-english-large", 4), ("american-english-huge", 2)]
best = {}
dropped = {"apostrophe": 0, "other": 0, "short": 0}
seen_raw = set()
for name, tier in tiers:
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
            if best.get(word, 0) < tier:
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
by_tier = {t: sum(1 for w in words if best[w] == t) for _, t in tiers}
print(f"{len(words)} words ({by_tier}), dropped {dropped}", file=sys.stderr)
