"""A count as a player says it aloud: "fifteen two, fifteen four, and a pair is six"."""

from __future__ import annotations

from muggins.scoring.items import Item, Kind, Score

_ONES = [
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
    "nineteen",
]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_SETS = {1: "a pair", 3: "pair royal", 6: "double pair royal"}
_MANY = {1: "a", 2: "two", 3: "three", 4: "four"}


def number_words(n: int) -> str:
    """0-999 in words, as counted aloud."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    return f"{_ONES[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")


def _groups(score: Score) -> list[tuple[str, list[Item]]]:
    """Items as a player groups them aloud: each fifteen, pairs by rank, runs by length, the rest."""
    groups: list[tuple[str, list[Item]]] = []
    for item in score.items:
        if item.kind == Kind.PAIR:
            key = f"pair {item.cards[0].rank}"
        elif item.kind == Kind.RUN:
            key = f"run {len(item.cards)}"
        else:
            key = f"single {len(groups)}"
        if groups and groups[-1][0] == key:
            groups[-1][1].append(item)
        else:
            groups.append((key, [item]))
    return groups


def _phrase(items: list[Item], running: int) -> str:
    total = number_words(running)
    first = items[0]
    size = number_words(len(first.cards))
    match first.kind:
        case Kind.FIFTEEN:
            return f"fifteen {total}"
        case Kind.PAIR:
            return f"{_SETS.get(len(items), f'{len(items)} pairs')} is {total}"
        case Kind.RUN:
            runs = "run" if len(items) == 1 else "runs"
            return f"{_MANY.get(len(items), str(len(items)))} {runs} of {size} is {total}"
        case Kind.FLUSH:
            return f"a flush of {size} is {total}"
        case _:
            return f"{first.kind} is {total}"


def say_count(score: Score) -> str:
    """The count recited item by item with running totals; a hand of nothing is "nineteen".

    >>> from muggins.cards import parse_cards
    >>> from muggins.scoring.show import score_show
    >>> hand = parse_cards("5H 5D 6S JC")
    >>> say_count(score_show(hand, parse_cards("2D")[0]))
    'fifteen two, fifteen four, and a pair is six'
    """
    if not score.items:
        return "nineteen (nothing)"
    phrases: list[str] = []
    running = 0
    for _, items in _groups(score):
        running += sum(item.points for item in items)
        phrases.append(_phrase(items, running))
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + ", and " + phrases[-1]
