"""``muggins analyze`` and ``muggins simulate`` from the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from muggins.bots.registry import bot_names
from muggins.cards import Card
from muggins.cli.main import main
from muggins.games.registry import game_class, game_names

DEAL = ["5H", "5D", "JC", "QS", "2D", "9C"]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_analyze_lists_all_fifteen_discards_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", *DEAL, "--dealer", "--json")
    splits = data["splits"]
    assert isinstance(splits, list) and len(splits) == 15
    nets = [s["net"] for s in splits]
    assert nets == sorted(nets, reverse=True)
    # Two fives and two ten-cards make 12 before the starter; nothing else comes close.
    assert sorted(splits[0]["kept"]) == sorted(["5H", "5D", "JC", "QS"])
    assert sum(splits[0]["hand"]["distribution"].values()) == 46


@pytest.mark.parametrize(("variant", "deal", "splits"), [("seven-card", 7, 21), ("eight-card", 8, 28)])
def test_analyze_splits_the_longer_deals_keeping_all_but_two(
    capsys: pytest.CaptureFixture[str], variant: str, deal: int, splits: int
) -> None:
    cards = [*DEAL, "4S", "6H"][:deal]
    data = run_json(capsys, "analyze", *cards, "--variant", variant, "--dealer", "--json")
    found = data["splits"]
    assert isinstance(found, list) and len(found) == splits
    assert all(len(s["kept"]) == deal - 2 and len(s["thrown"]) == 2 for s in found)
    assert all(sum(s["hand"]["distribution"].values()) == 52 - deal for s in found)


def test_analyze_pone_subtracts_the_crib(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", *DEAL, "--pone", "--exact-crib", "--json", "--top", "3")
    splits = data["splits"]
    assert isinstance(splits, list) and len(splits) == 3
    first = splits[0]
    # two players: the kept hand's play worth (what it can expect to peg) is part of the net
    assert first["play"] != 0
    assert first["net"] == pytest.approx(first["hand"]["mean"] - first["crib"] + first["play"])
    assert data["crib"] == "uniform"


def test_analyze_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", *DEAL, "--dealer", "--exact-crib", "expert"]) == 0
    out = capsys.readouterr().out
    assert "expert throws" in out and "12.67" in out


def test_analyze_errors_name_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", *DEAL]) == 2
    assert "--dealer" in capsys.readouterr().err
    assert main(["analyze", *DEAL[:5], "--dealer"]) == 2
    assert "deals 6 cards, not 5" in capsys.readouterr().err
    assert main(["analyze", *DEAL[:5], "XX", "--dealer"]) == 2
    assert "bad card" in capsys.readouterr().err


def test_analyze_skalborg_goes_to_the_skalborg_analyzer(monkeypatch: pytest.MonkeyPatch) -> None:
    from muggins.cli.games.skalborg import analysis as skalborg

    calls: list[tuple[tuple[Card, ...], int, bool]] = []

    def analyze(cards: tuple[Card, ...], args: argparse.Namespace) -> int:
        calls.append((cards, args.players, args.json))
        return 0

    monkeypatch.setattr(skalborg, "analyze", analyze)
    assert main(["analyze", "--game", "skalborg", "5S", "5H", "--players", "3", "--json"]) == 0
    assert [(tuple(map(str, c)), p, j) for c, p, j in calls] == [(("5S", "5H"), 3, True)]


def test_simulate_reports_win_rates_and_points(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "simulate", "--bots", "expert,random", "--games", "4", "--seed", "2", "--duplicate", "--json"
    )
    by_bot = data["by_bot"]
    assert isinstance(by_bot, dict) and set(by_bot) == {"expert", "random"}
    assert data["games"] == 4 and data["duplicate"] is True
    assert "per_deal" in data and "first_dealer_win_rate" in data


def test_fixed_seats_keep_each_bot_in_its_seat_as_captains_roles_need(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--players", "3", "--option", "captain=0", "--games", "6", "--seed", "3", "--json"]
    fixed = run_json(capsys, *argv, "--bots", "expert,random,random", "--fixed-seats")
    assert fixed["fixed_seats"] is True
    by_seat, by_bot = fixed["by_seat"], fixed["by_bot"]
    assert isinstance(by_seat, list) and isinstance(by_bot, dict)
    # the captain's seat won exactly the games the expert won: it sat there in every game
    assert by_seat[0] == by_bot["expert"]["win_rate"]
    rotated = run_json(capsys, *argv, "--bots", "expert,random,random")
    assert "fixed_seats" not in rotated  # a rotated run's summary is as it was


def test_simulate_table_options_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")  # the 'plot' extra
    picture = tmp_path / "race.png"
    argv = [
        "simulate",
        "--players",
        "3",
        "--bots",
        "greedy",
        "--games",
        "2",
        "--option",
        "variant=ten-hand",
        "--plot",
        str(picture),
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "first dealer wins" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_errors_name_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "expert,wizard", "--games", "1"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["simulate", "--players", "7", "--games", "1"]) == 2
    assert "2-5 players" in capsys.readouterr().err
    assert main(["simulate", "--fixed-seats", "--duplicate", "--games", "1"]) == 2
    assert "choose one" in capsys.readouterr().err
    assert main(["simulate", "--option", "variant=nine-card", "--games", "1"]) == 2
    assert "variant" in capsys.readouterr().err
    assert main(["simulate", "--option", "oops", "--games", "1"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    # random players in Auction bid away what they score: the game that never ends is named
    assert (
        main(["simulate", "--option", "auction=true", "--bots", "random", "--games", "1", "--seed", "1"]) == 2
    )
    err = capsys.readouterr().err
    assert "game 0 (seed" in err and "did not end after 100000 moves; a lower --target" in err


def test_simulate_checkpoint_resumes_with_the_same_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--bots", "greedy,random", "--games", "16", "--seed", "3", "--json"]
    whole = run_json(capsys, *argv)
    folder = tmp_path / "run"
    assert run_json(capsys, *argv, "--checkpoint", str(folder)) == whole
    kept = sorted(folder.glob("chunk-*.json"))
    assert len(kept) > 1
    kept[-1].unlink()  # as if the run had stopped before its last chunk
    assert run_json(capsys, *argv, "--checkpoint", str(folder)) == whole
    # the same folder for another run is refused, naming what differs
    assert main([*argv, "--seed", "4", "--checkpoint", str(folder)]) == 2  # the last --seed counts
    assert "differs in seed" in capsys.readouterr().err


def test_simulate_dask_errors_name_the_problem(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["simulate", "--games", "1", "--workers", "2", "--dask", "tcp://127.0.0.1:9"]) == 2
    assert "with --dask the cluster's workers play" in capsys.readouterr().err
    monkeypatch.setattr("muggins.analysis.runners.CONNECT_SECONDS", 1)
    assert main(["simulate", "--bots", "random", "--games", "1", "--dask", "tcp://127.0.0.1:9"]) == 2
    assert "no Dask scheduler answered at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_analyze_play_values_each_card_by_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "analyze", "5H", "5S", "10C", "JD", "--play", "--seen", "6D", "2C", "3C", "--json"
    )
    plays = data["plays"]
    assert isinstance(plays, list) and [p["card"] for p in plays][:2] == ["JD", "10C"]
    values = {p["card"]: p["value"] for p in plays}
    assert values["5H"] == values["5S"] < values["10C"]  # the five led gives a ten-card its fifteen
    assert data["other"] == 4 and data["go"] is False
    # On 26 (10 10 6), the dealer's 2 3 4 against one unknown card: the 4 scores most over the rest.
    data = run_json(
        capsys, "analyze", "2H", "3S", "4D", "--play", "--pile", "10C", "10D", "6S", "--other", "1", "--json"
    )
    assert data["plays"][0]["card"] == "4D"  # type: ignore[index]
    assert main(["analyze", "5H", "5S", "10C", "JD", "--play"]) == 0
    assert "the other holds 4" in capsys.readouterr().out


def test_analyze_play_refuses_what_could_not_be(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", *DEAL, "--dealer", "--pile", "5C"]) == 2
    assert "--pile is for the play" in capsys.readouterr().err
    assert main(["analyze", "5H", "5S", "--play", "--pile", "5H"]) == 2
    assert "5H" in capsys.readouterr().err
    assert main(["analyze", "5H", "5S", "--play", "--players", "3"]) == 2
    assert "two-player" in capsys.readouterr().err
    assert main(["analyze", "5H", "KS", "--play", "--pile", "KC", "KD", "QS"]) == 0  # 30: nothing fits
    assert "No card fits: say go." in capsys.readouterr().out


@pytest.mark.parametrize("game", game_names())
def test_simulate_runs_each_game_on_its_own_defaults(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 58: ``simulate --game squares`` and ``--game cribist`` failed on cribbage's defaults
    (two seats, the expert bot). Each game's defaults now just work: two seats where the game
    allows them (Cribist: its four), and its strongest bot in every seat."""
    assert main(["simulate", "--game", game, "--games", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    cls = game_class(game)
    seats = 2 if cls.min_players <= 2 <= cls.max_players else cls.min_players
    assert (summary["game"], summary["games"], summary["players"]) == (game, 1, seats)
    assert summary["bots"] == [bot_names(game)[-1]]
