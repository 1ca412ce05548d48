"""A command's report: plain aligned text into a pipe or a file, rich's drawing on a terminal."""

from __future__ import annotations

import pytest

from muggins.cli.report import Report, plain_table


def test_a_plain_table_aligns_names_left_and_figures_right() -> None:
    text = plain_table(("bot", "wins", "score"), [("expert", "56.0%", "121.0"), ("random", "4%", "80.5")])
    assert text.splitlines() == [
        "bot      wins  score",
        "------  -----  -----",
        "expert  56.0%  121.0",
        "random     4%   80.5",
    ]


def test_a_report_into_a_pipe_is_its_lines_and_tables_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    report = Report()
    report.line("cribbage, [bold]2[/bold] players", bold=True)  # as written: no markup read
    report.table(("per deal", "hand"), [("dealer", "6.35"), ("pone", "-")])
    report.line("first dealer wins 55.0%")
    report.show()
    assert capsys.readouterr().out.splitlines() == [
        "cribbage, [bold]2[/bold] players",
        "per deal  hand",
        "--------  ----",
        "dealer    6.35",
        "pone         -",
        "first dealer wins 55.0%",
    ]


def test_a_row_of_the_wrong_width_is_refused() -> None:
    with pytest.raises(ValueError, match="every row of a table needs 2 cells"):
        Report().table(("bot", "wins"), [("expert",)])
