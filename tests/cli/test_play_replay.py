"""``muggins play`` driven through its prompt, and ``muggins replay`` of what it saves."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from muggins import load_game, new_game
from muggins.cli.games.cribbage.table import board_rows, render
from muggins.cli.main import main
from tests.cli.prompts import Noted, first_choice


def test_a_human_plays_a_whole_game_against_a_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = Noted()
    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--seed", "5", "--bots", "random", "--target", "31"]) == 0
    out = capsys.readouterr().out
    assert "Game over: player 1 wins (player 1 reached 31)" in out and "final scores" in out
    assert "your hand:" in out and "count" in out
    assert any(p.startswith("your move (discard") for p in answer.prompts)


def test_bad_input_is_refused_with_the_reason_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = iter(["discard ZZ", "discard 1H", "frobnicate", "play 5H"])

    def answer(prompt: str) -> str:
        text = next(answers, None)
        if text is None:
            raise KeyboardInterrupt
        return text

    monkeypatch.setattr("builtins.input", answer)
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "9", "--save", str(save)]) == 130
    out = capsys.readouterr().out
    assert "bad card 'ZZ'" in out and "bad card '1H'" in out
    # Another game's verbs are never offered: only the moves open now are named.
    assert "unknown move 'frobnicate': your moves now are discard" in out
    assert "you cannot play now: your moves now are discard" in out and "bet" not in out
    record = json.loads(save.read_text())
    game = load_game(record)
    assert [seat for seat, _ in record["moves"]] == [1] and not game.is_over  # only the bot moved

    assert main(["replay", str(save)]) == 0
    replay_out = capsys.readouterr().out
    assert "player 0 is dealt" in replay_out and "player 1 is dealt" in replay_out
    assert main(["replay", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["events"][0]["type"] == "dealer_cut"


def test_help_hint_and_quit_are_words_of_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 58: help, ?, hint and quit were all "unknown move". They explain the moves, give the
    expert's move, and save the game and stop (status 0, not an interruption's 130)."""
    answers = iter(["help", "?", "hint", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "9", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "unknown move" not in out
    assert out.count("your moves now: discard") == 2 and "quit: save the game and stop" in out
    assert "hint: discard" in out
    assert load_game(json.loads(save.read_text())).moves  # saved as it stood


def test_no_hint_while_counting_by_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    said: list[str] = []

    def answer(prompt: str) -> str:
        if "claim" not in prompt:
            return first_choice(prompt)
        if said:
            raise KeyboardInterrupt  # the refusal has been read: stop here
        said.append(prompt)
        return "hint"

    monkeypatch.setattr("builtins.input", answer)
    argv = ["play", "--seed", "5", "--bots", "random", "--target", "31", "--option", "counting=manual"]
    argv += ["--save", str(tmp_path / "game.json")]
    assert main(argv) == 130
    assert said and "no hint: counting is yours at this table" in capsys.readouterr().out


def test_cards_alone_are_a_discard_and_g_is_go(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(prompt: str) -> str:
        choice = first_choice(prompt)
        verb, _, cards = choice.partition(" ")
        return cards if verb in ("discard", "play") else "g" if verb == "go" else choice

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--seed", "11", "--target", "25"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_replay_of_a_missing_or_broken_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    broken = tmp_path / "broken.json"
    record = {"version": 1, "game": "cribbage", "players": 2, "seed": 1, "moves": [[0, "play AS"]]}
    broken.write_text(json.dumps(record))
    assert main(["replay", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "does not replay" in err


def test_board_draws_front_and_back_pegs() -> None:
    rows = board_rows(front=7, back=3, target=121)
    assert len(rows) == 2
    assert rows[0].startswith("··○·· ·●")
    assert rows[-1].endswith("◎")
    assert board_rows(121, 117, 121)[-1].endswith("●")


@pytest.mark.parametrize(
    ("argv", "ending"),
    [
        (
            [
                "play",
                "--game",
                "skalborg",
                "--seed",
                "4",
                "--bots",
                "greedy",
                "--option",
                "starting_stack=20",
            ],
            "Game over",
        ),
        (
            [
                "play",
                "--game",
                "cribist",
                "--players",
                "4",
                "--seed",
                "4",
                "--bots",
                "greedy",
                "--option",
                "end=deals",
                "--option",
                "deals=2",
            ],
            "Game over",
        ),
    ],
)
def test_the_other_games_play_in_the_terminal(
    argv: list[str], ending: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    assert main(argv) == 0
    assert ending in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "phase_prompt", "answer"),
    [
        (
            [
                "play",
                "--seed",
                "5",
                "--bots",
                "greedy",
                "--target",
                "31",
                "--option",
                "counting=manual",
                "--option",
                "muggins=true",
            ],
            "claim N: your count of the show, 0 to",
            "claim 3",
        ),
        (
            [
                "play",
                "--game",
                "skalborg",
                "--seed",
                "4",
                "--bots",
                "greedy",
                "--option",
                "starting_stack=20",
                "--option",
                "counting=manual",
                "--option",
                "max_hands=2",
            ],
            "count KIND CARDS",
            "ready",
        ),
    ],
)
def test_the_prompt_shows_the_claim_syntax_when_counting_by_hand(
    argv: list[str],
    phase_prompt: str,
    answer: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    prompts: list[str] = []

    def respond(prompt: str) -> str:
        prompts.append(prompt)
        if phase_prompt in prompt:
            return answer
        if "muggins N (points they missed)" in prompt:
            return "muggins 1"
        return first_choice(prompt)

    monkeypatch.setattr("builtins.input", respond)
    assert main(argv) == 0
    assert any(phase_prompt in p for p in prompts)
    assert "Game over" in capsys.readouterr().out


def test_the_show_says_your_hand_not_yous() -> None:
    """Issue 58: the terminal said "you's hand" and "you's crib"."""
    game = new_game("cribbage", players=2, seed=4, first_dealer=0)
    seen: set[str] = set()
    while not game.is_over and len(seen) < 2:
        view = game.view(0)
        seen.update(s["what"] for s in view["shows"] if s["player"] == 0)
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    out = io.StringIO()
    render(game.view(0), Console(file=out, width=120))
    drawn = out.getvalue()
    assert "you's" not in drawn and "shown: your hand" in drawn, drawn


def test_five_play_in_the_terminal_and_the_dealer_is_never_asked_to_discard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = Noted()
    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--players", "5", "--seed", "3", "--bots", "expert", "--target", "31"]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "player 4" in out
    hands = [line for line in out.splitlines() if line.startswith("Hand ")]
    dealing = [line for line in hands if line.endswith(": you deal")]
    assert dealing  # seed 3: you cut low and deal the first hand, dealt four
    assert "Hand 1: you deal\nyou are dealt 4♠ 5♣ 8♠ 10♥\n" in out
    discards = [p for p in answer.prompts if p.startswith("your move (discard")]
    assert len(discards) == len(hands) - len(dealing)


def test_captains_cribbage_names_each_sides_target_and_draws_its_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    argv = [
        "play",
        "--players",
        "3",
        "--option",
        "captain=1",
        "--seed",
        "2",
        "--bots",
        "expert",
        "--target",
        "31",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "player 1 to 16, you & player 2 to 31" in " ".join(out.split())
    assert "player 1              0\n  ····· ····· ····· ◎\n" in out  # the captain's board ends at 16
    assert "Game over: you & player 2 win (players 0 and 2 reached 31)" in out


def test_lowball_in_the_terminal_says_who_lost(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    argv = ["play", "--seed", "4", "--bots", "expert", "--target", "31", "--option", "lowball=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "first to 31 loses" in out
    assert "reached 31 first and lost" in out


def test_toss_fives_in_the_terminal_offers_only_the_throws_that_take_the_fives(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    noted = Noted()
    monkeypatch.setattr("builtins.input", noted)
    argv = ["play", "--seed", "3", "--bots", "expert", "--target", "61", "--option", "toss_fives=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Toss Fives: every five dealt goes to the crib" in " ".join(out.split())
    assert "Game over" in out
    offers = [re.findall(r"discard ((?:\S+ )*\S+?)(?= \||\))", p) for p in noted.prompts if "(discard" in p]
    fives = [cards for cards in offers if any(card.startswith("5") for o in cards for card in o.split())]
    assert fives  # a deal of this game held a five, and every throw offered then took it
    for throws in fives:
        held = {card for o in throws for card in o.split() if card.startswith("5")}
        for throw in throws:
            cards = throw.split()
            assert held <= set(cards) or all(card.startswith("5") for card in cards)


def test_auction_in_the_terminal_shows_the_bidding_and_whose_crib_it_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The player bids 1 whenever that is offered (once they have points) and otherwise takes the
    first move offered; the table shows the bids and who bought the crib, for how much."""
    noted = Noted()

    def bid_one(prompt: str) -> str:
        noted.prompts.append(prompt)
        return "bid 1" if re.search(r"[(|] ?bid 1 ?[|)]", prompt) else first_choice(prompt)

    monkeypatch.setattr("builtins.input", bid_one)
    argv = ["play", "--seed", "3", "--bots", "expert", "--target", "61", "--option", "auction=true"]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Auction: bid points for the crib" in out
    assert "bidding for the crib: the pone opens; nobody has bid" in out
    assert "the crib is yours for nothing" in out  # the first deal: nobody has points to bid
    assert re.search(r"bidding: [^;]*you 1[^;]*; the crib is (?:yours|player 1's) for \d+", out)
    assert re.search(r"the crib is player 1's for \d+", out)
    assert "Game over" in out
    assert any("(pass | bid 1" in prompt for prompt in noted.prompts)


@pytest.mark.parametrize(("variant", "dealt", "kept"), [("seven-card", 7, 5), ("eight-card", 8, 6)])
def test_seven_and_eight_card_in_the_terminal_deal_their_hands_and_show_them_with_the_starter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variant: str, dealt: int, kept: int
) -> None:
    noted = Noted()
    monkeypatch.setattr("builtins.input", noted)
    argv = ["play", "--seed", "5", "--bots", "expert", "--variant", variant, "--target", "61"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"Cribbage ({variant})" in out and "Game over" in out
    for cards in re.findall(r"you are dealt (.+)", out):
        assert len(cards.split()) == dealt
    first = next(p for p in noted.prompts if "(discard" in p)
    throws = re.findall(r"discard (\S+ \S+)(?= \|)", first)
    assert throws and all(len(set(t.split())) == 2 for t in throws)
    hands = re.findall(r"shows the hand: (.+?) \+ \S+ = \d+", out)
    assert hands and all(len(cards.split()) == kept for cards in hands)


def test_wild_jokers_in_the_terminal_are_laid_with_a_call_and_shown_as_called(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The prompt offers a joker's calls as one (``joker JKR=CARD``); "JKR as AC" lays it."""
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        first = first_choice(prompt)
        return first.replace("joker ", "").replace("=CARD", " as AC") if "=CARD" in first else first

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--seed", "1", "--bots", "expert", "--option", "jokers=true", "--target", "61"]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out
    assert re.search(r"you play 🃏R as A♣: \d+", out)  # the seat's own joker, called as it answered
    assert re.search(r"you show the hand: .*🃏R.* \(🃏R as A♣\) = \d+", out)  # and kept as called
    assert re.search(r"player 1 plays 🃏B as ..?.: \d+", out)  # the expert's
    assert any("=CARD" in prompt for prompt in prompts)
    assert not any(prompt.count("joker ") > 2 for prompt in prompts)  # each joker's calls offered once


def test_crash_in_the_terminal_names_the_rule_gives_back_pegs_and_tells_each_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Crash match against the expert: the table names the rule and each side's back peg; the
    crashes made in it are told by whose peg, front or back (seed 3's match holds both)."""
    noted = Noted()
    monkeypatch.setattr("builtins.input", noted)
    argv = ["play", "--seed", "3", "--bots", "expert", "--option", "crash=true", "--option", "match=5"]
    assert main([*argv, "--target", "61"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Crash: a peg landed on by another side's is crashed" in out
    assert re.search(r"you \d+ \(back peg \d+\)", out)
    assert re.search(r"(you lose|player 1 loses) \d+ for a crashed front peg, \d+ in all", out)
    assert re.search(r"(you peg|player 1 pegs) \d+ for a crashed back peg, \d+ in all", out)
    assert "Match over" in out or "Game over" in out
