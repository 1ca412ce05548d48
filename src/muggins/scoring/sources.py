"""The source of a muggins call: the scoring items it names, as ``kind card card ...`` groups
separated by ``;`` (``fifteen 5H 10S; pair 5H 5D``), read in a game's own words for its kinds and
judged against the true count. Cribbage's show and Cribist's tricks share it."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from muggins.cards import Card, CardError, parse_card
from muggins.scoring.items import Item, Kind, Score

Words = Mapping[str, tuple[Kind, range]]
"""A game's words for the kinds a call may name, each with how many cards it names."""
ItemKey = tuple[Kind, frozenset[Card]]


class SourceError(ValueError):
    """A muggins source that is not well formed: an unknown kind, a bad card, a wrong card count."""


def nominal_points(kind: Kind, cards: Sequence[Card]) -> int:
    """What an item of ``kind`` made of ``cards`` is worth if genuine (a run or a flush scores a
    point a card; a fifteen or a pair two; nobs or the jack of trumps one)."""
    if kind is Kind.RUN or kind is Kind.FLUSH:
        return len(cards)
    return 2 if kind is Kind.FIFTEEN or kind is Kind.PAIR else 1


def parse_source(text: str, words: Words) -> tuple[Item, ...]:
    """Parse a muggins source in a game's ``words``; each item gets its nominal worth and keeps its
    cards in the order given.

    >>> words = {"fifteen": (Kind.FIFTEEN, range(2, 6)), "pair": (Kind.PAIR, range(2, 3))}
    >>> [(str(i.kind), i.points) for i in parse_source("fifteen 5H 10S; pair 5H 5D", words)]
    [('fifteen', 2), ('pair', 2)]
    """
    items: list[Item] = []
    for group in text.split(";"):
        found = group.split()
        if not found:
            raise SourceError("a muggins source names each item as 'kind card card ...', separated by ';'")
        word = found[0].lower()
        if word not in words:
            raise SourceError(f"unknown kind {found[0]!r} in a muggins source: expected {', '.join(words)}")
        kind, allowed = words[word]
        try:
            cards = tuple(parse_card(w) for w in found[1:])
        except CardError as exc:
            raise SourceError(str(exc)) from None
        if len(cards) not in allowed or len(set(cards)) != len(cards):
            need = f"{allowed.start}" if len(allowed) == 1 else f"{allowed.start}-{allowed.stop - 1}"
            given = " ".join(found[1:]) or "none"
            raise SourceError(f"a {word} names {need} different cards, not {given}")
        items.append(Item(kind, cards, nominal_points(kind, cards)))
    return tuple(items)


def source_problem(
    source: str, amount: int, laid: Collection[Card], *, words: Words, where: str
) -> str | None:
    """Why ``muggins amount source`` is not well formed for the cards ``laid`` face up (``where``
    names them, e.g. "the trick"), or None: a kind or card it cannot read, a card not laid, or items
    worth other than ``amount``. It depends only on cards everyone sees; whether the items score is
    ``judge_source``'s question, asked when the window closes."""
    try:
        items = parse_source(source, words)
    except SourceError as exc:
        return str(exc)
    for item in items:
        stray = [str(c) for c in item.cards if c not in laid]
        if stray:
            return f"{' '.join(stray)} {'is' if len(stray) == 1 else 'are'} not in {where}"
    worth = sum(i.points for i in items)
    if worth != amount:
        return f"the items named are worth {worth}, not {amount}"
    return None


def format_source(items: Iterable[Item], words: Words) -> str:
    """The source text naming ``items`` in a game's ``words`` (parse_source's inverse up to spacing)."""
    word_of = {kind: word for word, (kind, _) in words.items()}
    return "; ".join(f"{word_of[i.kind]} {' '.join(str(c) for c in i.cards)}" for i in items)


def item_key(item: Item) -> ItemKey:
    """An item's identity, whatever order its cards are named in."""
    return item.kind, frozenset(item.cards)


def judge_source(
    items: Sequence[Item], score: Score, taken: set[ItemKey], unclaimed: int, *, words: Words, where: str
) -> str | None:
    """Why a muggins call naming ``items`` is wrong, or None if it is right.

    Right means: every item is a genuine item of ``score`` (the true count of ``where``, e.g. "this
    trick"), none is named twice or was taken by an earlier call on it, and their points fit in what
    the claim left unclaimed.
    """
    genuine = {item_key(i) for i in score}
    named: set[ItemKey] = set()
    for item in items:
        key = item_key(item)
        if key not in genuine:
            return f"{format_source([item], words)} does not score in {where}"
        if key in named or key in taken:
            return f"{format_source([item], words)} is already counted"
        named.add(key)
    amount = sum(i.points for i in items)
    if amount > unclaimed:
        return (
            f"only {unclaimed} point{'s' if unclaimed != 1 else ''} of {where} went unclaimed, not {amount}"
        )
    return None
