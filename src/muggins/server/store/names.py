"""The look-alike form of a player name: Unicode's confusable skeleton (UTS #39), so that "рор"
in Cyrillic letters, "0live" and "Vem" are the same names as "pop", "Olive" and "Vern".

The prototypes are Unicode's data as ICU applies it (``confusables.txt``, written by
``scripts/confusables.py``); the skeleton is computed here, with no ICU needed at run time."""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

DATA = Path(__file__).with_name("confusables.txt")


@functools.cache
def _prototypes() -> dict[str, str]:
    table = {}
    for line in DATA.read_text(encoding="ascii").splitlines():
        if line and not line.startswith("#"):
            char, prototype = line.split("\t")
            table[chr(int(char, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton: each character of the NFD form replaced by its prototype, then NFD.
    Two strings that look alike have one skeleton ("paypal" and "p\u0430ypal")."""
    prototypes = _prototypes()
    return unicodedata.normalize(
        "NFD", "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text))
    )


def lookalike_key(name: str) -> str:
    """A name as compared for sameness: case does not count, nor do look-alike letters. Folded
    before and after the skeleton, so that "0live" (whose 0 looks like O) meets "olive" too."""
    return skeleton(name.casefold()).casefold()


def typed_key(name: str) -> str:
    """The skeleton of a name as typed, then folded: UTS #39 is case-sensitive, and "AIice" (a
    capital I) looks like "Alice" only before folding turns its I into an i. A name is taken when
    either of its keys is either key of a name held."""
    return skeleton(name).casefold()
