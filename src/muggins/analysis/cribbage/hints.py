"""Cribbage hints (``muggins.analysis.hints``): for a discard, the expected points of the hand kept
and of the crib thrown against the best alternative (``muggins.analysis.cribbage.discard``); for a
card in the play, the points each card pegs now, what the next player can expect to peg in reply,
and the net (``muggins.analysis.cribbage.pegging``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muggins.analysis.cribbage.discard import analyze
from muggins.analysis.cribbage.pegging import PlayRisk, play_risks
from muggins.analysis.hints import Advice
from muggins.bots.cribbage.auction import BID_SHARE, crib_swing
from muggins.bots.cribbage.crash import crash_swings
from muggins.bots.cribbage.discard import allowed_throws, allows
from muggins.bots.cribbage.wild import holds_joker
from muggins.cards import Card
from muggins.games.cribbage.moves import Bid, PlayJoker
from muggins.games.moves import Discard, Go, Move, Play
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.playworth import shipped_play_worth
from muggins.strategy.cribbage.reading import Seat, read

DISCARD_LINES = 6
"""How many of the best splits a discard hint lists."""


def advise(view: Mapping[str, Any], move: Move) -> Advice | None:
    """The figures behind a bid or a pass (Auction), a discard (not in ten-hand), a card in the play,
    or a go; in Lowball, and with a wild joker in the hand's show, the reason its bot gives, as the
    figures here are for scoring more with the 52 cards."""
    if view.get("phase") == "bid":
        return _bid_advice(view, move)
    if view.get("lowball") and not isinstance(move, Go):
        reason = "in Lowball, the throw that keeps the fewest points expected"
        if isinstance(move, Play):
            reason = "in Lowball, the card that pegs the fewest points now"
        return Advice(str(move), reason, [])
    if view.get("jokers") and isinstance(move, Discard | Play | PlayJoker) and holds_joker(read(view)):
        return _wild_advice(move)
    if isinstance(move, Discard) and view.get("variant") != "ten-hand":
        return _discard_advice(view, move)
    if isinstance(move, Play) and view.get("crash") and (swings := crash_swings(view, read(view))):
        return _crash_advice(move, swings)
    if isinstance(move, Play):
        return _play_advice(read(view), move)
    if isinstance(move, Go):
        return Advice(str(move), "no card in your hand can be laid without passing 31", [])
    return None


def _wild_advice(move: Move) -> Advice:
    """The reason the bots give for a choice with a wild joker in the hand's show (the figures
    below are worked out on the 52 cards only)."""
    if isinstance(move, Discard):
        reason = (
            "with a wild joker: the throw whose kept cards show the most over every starter you cannot "
            "see, each joker called for the most, with the crib it makes"
        )
    elif isinstance(move, PlayJoker):
        reason = (
            f"the call that pegs the most now for what it leaves your show: "
            f"{move.joker} counts as {move.called} from now on"
        )
    else:
        reason = "the card that pegs the most now, keeping the joker free for the best call"
    return Advice(str(move), reason, [])


def _crash_advice(move: Play, swings: Mapping[Card, int]) -> Advice:
    """Crash: what the cards that would crash a peg are worth in crashes, beside what they peg."""
    told = ", ".join(f"{card} {swing:+d}" for card, swing in swings.items())
    reason = (
        "with Crash a card that lands your peg on another side's front peg takes their pegs' gap off "
        f"their score, and one landing on a back peg gives it to them: {told}; {move.card} weighs that "
        "with what each card pegs and leaves"
    )
    return Advice(str(move), reason, [])


def _bid_advice(view: Mapping[str, Any], move: Move) -> Advice:
    """What the crib is worth to the six cards held, and so how far it is worth bidding."""
    swing = crib_swing(read(view), shipped_tables(), shipped_play_worth())
    worth = (
        f"with these six cards the crib is worth about {swing:.1f} points to you over the other's "
        f"having it; bidding up to {BID_SHARE:.0%} of that, {BID_SHARE * swing:.1f}, pays best"
    )
    if isinstance(move, Bid):
        return Advice(str(move), f"{worth}: bid {move.amount}", [])
    high = view["auction"]["high"]
    return Advice(str(move), f"{worth}: pass" + (f" at {high}" if high else ""), [])


def _discard_advice(view: Mapping[str, Any], move: Move) -> Advice | None:
    """The discard's expected points, and how it compares with the best by expected points alone."""
    assert isinstance(move, Discard)
    seat = read(view)
    offset = seat.offset(seat.me)
    splits = analyze(
        seat.hand,
        dealer=offset == 0,
        variant=view["variant"],
        players=view["players"],
        partnerships=bool(view["options"].get("partnerships")),
        seat=offset,
    )
    allowed = allowed_throws(seat)  # Toss Fives: only the throws with every five
    splits = [split for split in splits if allows(allowed, split.thrown)]
    chosen = next((s for s in splits if set(s.thrown) == set(move.cards)), None)
    if chosen is None:
        return None
    whose = _crib_owner(seat, offset)
    pegs = f"; in the play it can expect {chosen.play:+.1f} against the other's" if chosen.play else ""
    text = (
        f"keeping {' '.join(map(str, chosen.kept))} averages {chosen.hand.mean:.1f} points in hand; "
        f"the throw is worth {chosen.crib:.1f} to {whose} crib{pegs} (net {chosen.net:+.1f})"
    )
    best = splits[0]
    if best is not chosen and best.net > chosen.net + 0.05:
        text += (
            f"; keeping {' '.join(map(str, best.kept))} nets {best.net:+.1f} on average, "
            f"but the board position favours this"
        )
    details = [
        f"keep {' '.join(map(str, s.kept))}: hand {s.hand.mean:.1f}, crib {s.crib:.1f}"
        f"{f', play {s.play:+.1f}' if s.play else ''}, net {s.net:+.1f}"
        for s in splits[:DISCARD_LINES]
    ]
    return Advice(str(move), text, details)


def _crib_owner(seat: Seat, offset: int) -> str:
    """Whose crib the throw goes to, as the seat would say it."""
    if offset == 0:
        return "your"
    if seat.crib_is_mine:
        return "your partner's"
    return "your opponent's" if seat.players == 2 else "the dealer's"


def _play_advice(seat: Seat, move: Play) -> Advice | None:
    """The card's figures (pegged now, the next player's expected reply, net) and the best other
    card's; the expert looks further ahead than these figures, so it may prefer a lower net."""
    responder = seat.next_to_lay()
    partner = responder is not None and seat.is_friend(responder)
    seen = [*seat.discards, *seat.own_crib, *(card for cards in seat.played for card in cards)]
    if seat.starter is not None:
        seen.append(seat.starter)
    risks = play_risks(
        seat.hand,
        [card for _, card in seat.pile],
        seen,
        reply_cards=seat.hand_sizes[responder] if responder is not None else 0,
        partner=partner,
    )
    chosen = next((r for r in risks if r.card == move.card), None)
    if chosen is None:
        return None
    who = "your partner" if partner else "your opponent" if seat.players == 2 else "the next opponent"
    if responder is None:
        text = f"{chosen.card} pegs {chosen.pegs}; nobody else can lay a card on this count"
    else:
        text = f"{chosen.card} pegs {chosen.pegs} now; {who} can expect {chosen.reply:.1f} in reply"
        text += f" (net {chosen.net:+.1f})"
    other = next((r for r in risks if r.card.rank != chosen.card.rank), None)
    if other is None:
        text += "; no card of another rank can be laid"
    else:
        text += f"; the best other play, {_figures(other, responder is not None)}"
        if other.net > chosen.net + 0.05:
            text += (
                ", is better on these figures alone, but the expert also weighs what you can peg back, "
                "the go and the cards left for later"
            )
    details = [f"{r.card}: pegs {r.pegs}, reply {r.reply:.2f}, net {r.net:+.2f}" for r in risks]
    return Advice(str(move), text, details)


def _figures(risk: PlayRisk, reply: bool) -> str:
    text = f"{risk.card}, pegs {risk.pegs}"
    return text + (f" with {risk.reply:.1f} in reply (net {risk.net:+.1f})" if reply else "")
