"""The protocol's building blocks that every engine shares: the seeded draw and the event classes."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, parse_card
from muggins.games.base import sample, sample_threshold, shuffle
from muggins.games.cribbage.events import Shown
from muggins.games.errors import MoveSyntaxError
from muggins.games.events import Dealt, Event, PhaseChanged, Scored, event_type
from muggins.games.moves import server_only_verbs
from muggins.games.registry import game_class, game_names, load_game, new_game
from muggins.scoring.items import Item, Kind, Score


@given(seed=st.integers(0, 2**64), size=st.integers(0, 200), share=st.floats(0, 1))
def test_sample_deals_what_random_sample_deals(seed: int, size: int, share: float) -> None:
    """Stored records were dealt by ``random.Random.sample``: the engine's own draw must give the
    same cards in the same order, and leave the generator in the same state, for packs below and
    above sample's set-size threshold."""
    pack = [STANDARD_CARDS[i % 52] for i in range(size)]  # positions matter, not the cards
    count = round(size * share)
    ours, stdlib = random.Random(seed), random.Random(seed)
    assert sample(ours, pack, count) == stdlib.sample(pack, count)
    assert ours.getrandbits(64) == stdlib.getrandbits(64)


def test_sample_deals_cards_for_every_deal_size() -> None:
    for count in range(53):
        ours, stdlib = random.Random(count), random.Random(count)
        assert sample(ours, STANDARD_CARDS, count) == stdlib.sample(STANDARD_CARDS, count)


def test_sample_threshold_is_random_samples_own() -> None:
    """The threshold in whole numbers equals the float formula in ``random.sample`` for every draw
    size up to far beyond any deal."""
    for count in range(1, 20_000):
        expected = 21 + (4 ** math.ceil(math.log(count * 3, 4)) if count > 5 else 0)
        assert sample_threshold(count) == expected, count


@given(seed=st.integers(0, 2**64), size=st.integers(0, 120))
def test_shuffle_shuffles_as_random_shuffle_does(seed: int, size: int) -> None:
    ours = [STANDARD_CARDS[i % 52] for i in range(size)]
    stdlib = list(ours)
    ours_rng, stdlib_rng = random.Random(seed), random.Random(seed)
    shuffle(ours_rng, ours)
    stdlib_rng.shuffle(stdlib)
    assert ours == stdlib
    assert ours_rng.getrandbits(64) == stdlib_rng.getrandbits(64)


def test_sample_refuses_more_cards_than_the_pack() -> None:
    with pytest.raises(ValueError, match="cannot draw 53 cards from a pack of 52"):
        sample(random.Random(1), STANDARD_CARDS, 53)


def test_events_name_their_fields_and_compare_by_value() -> None:
    ace, five = parse_card("AS"), parse_card("5H")
    dealt = Dealt(player=1, count=2, cards=(ace, five))
    assert Dealt.fields == ("player", "count", "cards")
    assert dealt == Dealt(1, 2, (ace, five))
    assert dealt != Dealt(player=1, count=2, cards=(five, ace))
    assert dealt != PhaseChanged(phase="play")
    assert hash(dealt) == hash(Dealt(1, 2, (ace, five)))
    assert repr(dealt) == "Dealt(player=1, count=2, cards=(Card('AS'), Card('5H')))"


def test_secret_fields_are_seen_only_by_their_player() -> None:
    dealt = Dealt(player=1, count=2, cards=(parse_card("AS"), parse_card("5H")))
    assert dealt.for_viewer(1) is dealt
    for viewer in (0, 2, None):
        hidden = dealt.for_viewer(viewer)
        assert hidden == Dealt(player=1, count=2, cards=None)
        assert hidden.to_dict() == {"type": "dealt", "player": 1, "count": 2, "cards": None}
    assert dealt.to_dict()["cards"] == ["AS", "5H"]


def test_event_json_names_every_field() -> None:
    score = Score((Item(Kind.FIFTEEN, (parse_card("5H"), parse_card("KS")), 2),))
    scored = Scored(player=0, reason="pegging", score=score, points=2, total=7)
    assert scored.to_dict() == {
        "type": "scored",
        "player": 0,
        "reason": "pegging",
        "points": 2,
        "total": 7,
        "score": {"total": 2, "items": [{"kind": "fifteen", "cards": ["5H", "KS"], "points": 2}]},
    }


def test_a_secret_field_must_be_a_field() -> None:
    class Peeked(Event):
        """A test event."""

        def __init__(self, player: int) -> None:
            self.player = player

    with pytest.raises(TypeError, match="Peeked has no field cards to keep secret"):
        event_type(Peeked, "peeked", secret=("cards",))


def test_events_and_items_survive_pickling() -> None:
    """Simulation workers and caches may pickle what a game produced."""
    import pickle

    item = Item(Kind.PAIR, (parse_card("5H"), parse_card("5D")), 2)
    scored = Scored(player=1, reason="pegging", score=Score((item,)), points=2, total=9)
    assert pickle.loads(pickle.dumps(item)) == item
    copy = pickle.loads(pickle.dumps(scored))
    assert copy == scored
    assert copy.to_dict() == scored.to_dict()


def test_a_shown_hand_survives_pickling() -> None:
    """A show's score is itemised only when read; pickling it itemises it, so the copy is equal."""
    import pickle

    game = new_game("cribbage", players=2, seed=3, post_show=False)
    rng = random.Random(3)
    while not any(isinstance(event, Shown) for event in game.events):
        player = min(game.to_move)
        game.apply(player, rng.choice(game.legal_moves(player)))
    shown = next(event for event in game.events if isinstance(event, Shown))
    copy = pickle.loads(pickle.dumps(shown))
    assert copy == shown
    assert copy.to_dict() == shown.to_dict()


@pytest.mark.parametrize("name", game_names())
def test_a_game_without_its_own_clock_says_so(name: str) -> None:
    """The table learns of a game clock through the protocol alone: no game has one by default."""
    game = new_game(name, players=game_class(name).min_players, seed=1)
    assert game.clock_minutes() is None


def test_a_timed_cribist_game_runs_its_clock_until_time_is_called() -> None:
    game = new_game("cribist", players=4, seed=6, end="time", minutes=20)
    assert game.clock_minutes() == 20.0
    game.apply(0, str(game.time_up_move()))  # the move the table makes when the minutes run out
    assert game.clock_minutes() is None  # called once: the clock is done
    assert new_game("cribist", players=4, seed=6).clock_minutes() is None  # a game to a score


@pytest.mark.parametrize("name", game_names())
def test_the_move_stack_reads_as_the_pairs_made(name: str) -> None:
    """``Game.moves`` keeps no pair per move, yet reads as the list of ``(seat, move)`` pairs made,
    in order: indexed (from the end too), iterated, counted, compared and printed as a list would be."""
    game = new_game(name, players=game_class(name).min_players, seed=5)
    rng = random.Random(5)
    made: list[tuple[int, object]] = []
    assert not game.moves and len(game.moves) == 0 and list(game.moves) == []
    while not game.is_over and len(made) < 40:
        seat = min(game.to_move)
        move = rng.choice(game.legal_moves(seat))
        game.apply(seat, move)
        made.append((seat, move))
    assert isinstance(game.moves, Sequence)
    assert list(game.moves) == made and len(game.moves) == len(made) and game.moves
    assert game.moves[0] == made[0] and game.moves[-1] == made[-1]
    assert [game.moves[i] for i in range(-len(made), len(made))] == made + made
    with pytest.raises(IndexError):
        game.moves[len(made)]
    assert game.moves == load_game(game.record()).moves != new_game(name, players=game.players, seed=5).moves
    assert repr(game.moves) == f"MoveStack({made!r})"
    with pytest.raises(TypeError):
        hash(game.moves)


@pytest.mark.parametrize("name", game_names())
def test_another_games_verb_is_refused_the_same_way_whatever_is_loaded(name: str) -> None:
    """Every game's moves are loaded here; a verb of another game must still be the error naming
    this game's verbs that a process holding this game alone gives, and change nothing."""
    for other in game_names():
        game_class(other)  # every engine's moves registered
    game = new_game(name, players=game_class(name).min_players, seed=3)
    own = game.verbs
    foreign = sorted(
        {verb for other in game_names() for verb in game_class(other).verbs} - own - server_only_verbs()
    )
    assert foreign, "every game has a verb another lacks"
    before = json.dumps(game.record())
    for verb in foreign:
        with pytest.raises(MoveSyntaxError, match=f"unknown move '{verb}': expected one of"):
            game.apply(min(game.to_move), f"{verb} 5H")
    assert json.dumps(game.record()) == before
