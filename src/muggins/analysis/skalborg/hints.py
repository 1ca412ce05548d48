"""Skalborg hints (``muggins.analysis.hints``): for the throw, what each card thrown to the shared
crib gives the opponents and the share of the pot it leaves you; for a bet, your showdown share
(weighing the bets the opponents made, as the expert reads them) against the pot odds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muggins.analysis.hints import Advice
from muggins.bots.skalborg.players import ExpertBot, aggression, opponents
from muggins.cards import parse_card, parse_cards
from muggins.games.moves import Discard, Move
from muggins.games.skalborg.moves import AllIn, Bet, Call, Check, Fold, Raise
from muggins.strategy.skalborg.equity import analyze_throws, equity

THROW_SAMPLES = 4_000
BET_SAMPLES = 4_000


def advise(view: Mapping[str, Any], move: Move) -> Advice | None:
    """The figures behind a throw or a betting move."""
    seed = int(view.get("state_id", 0))
    if isinstance(move, Discard):
        return _throw_advice(view, move, seed)
    if isinstance(move, Check | Call | Fold | Bet | Raise | AllIn):
        return _bet_advice(view, move, seed)
    return None


def _throw_advice(view: Mapping[str, Any], move: Discard, seed: int) -> Advice | None:
    players = max(2, len(view["dealt"]) - len(view["folded"]))
    options = analyze_throws(parse_cards(view["cards"]), players=players, samples=THROW_SAMPLES, seed=seed)
    chosen = next((o for o in options if o.throw == move.cards[0]), None)
    if chosen is None:
        return None
    text = (
        f"you count {chosen.mine:.1f} on average whatever you throw, as the card comes back on the crib; "
        f"throwing {chosen.throw} leaves the best opponent {chosen.theirs:.1f}, so you take "
        f"{chosen.share:.0%} of the pot at a showdown"
    )
    best = options[0]
    if best is not chosen and best.share > chosen.share + chosen.error + best.error:
        text += f"; {best.throw} takes {best.share:.0%} on these deals"
    details = [
        f"throw {o.throw}: best opponent {o.theirs:.1f}, your share {o.share:.1%} ± {o.error:.1%}"
        for o in options
    ]
    return Advice(str(move), text, details)


def _bet_advice(view: Mapping[str, Any], move: Move, seed: int) -> Advice:
    others = opponents(view)
    bias = [ExpertBot.read * aggression(view, seat) for seat in others]
    thrown = view["thrown"]
    chances = equity(
        parse_cards(view["cards"]),
        parse_cards(view["board"]),
        players=1 + len(others),
        thrown=parse_card(thrown) if thrown else None,
        samples=BET_SAMPLES,
        seed=seed,
        bias=bias,
        exact=False,
    )
    share, fair = chances.share, 1 / (1 + len(others))
    to_call, pot = view["to_call"], view["pot"]
    odds = to_call / (pot + to_call) if to_call else 0.0
    read = " (weighing the opponents' bets)" if any(bias) else ""
    takes = f"your hand takes about {share:.0%} of the pot at a showdown{read}"
    if isinstance(move, Fold | Call):
        text = f"calling {to_call} into {pot} needs {odds:.0%} of the pot, and {takes}"
    elif isinstance(move, Check):
        text = f"{takes}: too little to bet for value"
    elif share >= fair:
        text = f"{takes}, well above an even {fair:.0%}: bet for value"
    else:
        text = f"{takes}, below an even {fair:.0%}, but nobody has bet: a bluff may take the pot now"
    details = [
        f"showdown share {share:.1%} (win {chances.win:.1%}, tie {chances.tie:.1%}; {chances.hands} deals)",
        f"an even share against {len(others)} opponent{'s' if len(others) > 1 else ''}: {fair:.0%}",
    ]
    if to_call:
        details.append(f"pot odds: {to_call} to call into a pot of {pot}: {odds:.1%}")
    return Advice(str(move), text, details)
