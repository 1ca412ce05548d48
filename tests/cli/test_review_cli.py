"""``muggins review`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muggins import new_game
from muggins.bots.registry import make_bot
from muggins.cli.main import main


def saved_game(tmp_path: Path, *, finished: bool = True) -> Path:
    game = new_game("cribbage", players=2, seed=9)
    bots = [make_bot("cribbage", name, seat) for seat, name in enumerate(("greedy", "expert"))]
    while not game.is_over and (finished or len(game.moves) < 10):
        seat = min(game.to_move)
        game.apply(seat, bots[seat].choose(game.view(seat)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    return path


def test_review_json_for_one_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved_game(tmp_path)), "--seat", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [seat] = data["seats"]
    assert seat["seat"] == 0
    assert sum(seat["labels"].values()) == len(seat["decisions"])
    assert seat["lost_total"] == pytest.approx(sum(d["loss"] for d in seat["decisions"]), abs=1e-3)
    assert seat["lost_by_deal"][-1] == pytest.approx(seat["lost_total"], abs=1e-3)
    assert len(data["race"]) == len(seat["lost_by_deal"])


def test_review_text_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")  # the 'plot' extra
    picture = tmp_path / "review.png"
    assert main(["review", str(saved_game(tmp_path)), "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "seat 0: accuracy" in out and "seat 1: accuracy" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_review_refuses_an_unfinished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved_game(tmp_path, finished=False))]) == 2
    assert "not finished" in capsys.readouterr().err
    missing = tmp_path / "missing.json"
    assert main(["review", str(missing)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_squares_grid_is_reviewed_placement_by_placement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game("squares", players=2, seed=3)
    bots = [make_bot("squares", "random", seed=0), make_bot("squares", "expected", seed=1)]
    while not game.is_over:
        for seat in sorted(game.to_move):
            if seat in game.to_move and not game.is_over:
                game.apply(seat, bots[seat].choose(game.view(seat)))
    path = tmp_path / "grid.json"
    path.write_text(json.dumps(game.record()))
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kinds"] == ["place"] and [s["lost"].keys() for s in data["seats"]] == [{"place"}] * 2
    chance, bot = data["seats"]
    assert bot["accuracy"] == 100.0 and chance["lost"]["place"] > 0
    assert main(["review", str(path)]) == 0
    assert f"lost {chance['lost']['place']:.2f} to placing" in " ".join(capsys.readouterr().out.split())


def test_a_grid_played_alone_is_one_player_one_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game("squares", players=1, seed=4)
    bot = make_bot("squares", "expected", seed=0)
    while not game.is_over:
        game.apply(0, bot.choose(game.view(0)))
    path = tmp_path / "alone.json"
    path.write_text(json.dumps(game.record()))
    assert main(["review", str(path)]) == 0
    assert f"squares, 1 player, 1 deal, final {game.scores[0]}" in capsys.readouterr().out
