"""Every game and form the environments are tested in: each cribbage table form, Skalborg at 2-4
seats in each betting limit and with manual counting, Cribist counted both ways, Cribbage Squares
alone and as races of two and four, Cross Cribbage at 2-4 seats. Games are kept short
(low targets, small stacks, one deal) so whole episodes fit in a test."""

from __future__ import annotations

from typing import Any

from muggins.games.cribbage.options import TABLE_FORMS

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *(("cribbage", {**form, "target": 31}) for form in TABLE_FORMS),
    ("cribbage", {"players": 3, "counting": "manual", "pre_show": True, "target": 31}),
    ("cribbage", {"players": 2, "skip_empty": False, "skip_pass": False, "target": 31}),
    *(
        (
            "skalborg",
            {"players": p, "betting": lim, "starting_stack": 12, "max_hands": 30},
        )
        for p in (2, 3, 4)
        for lim in ("no-limit", "pot-limit", "fixed-limit")
    ),
    (
        "skalborg",
        {"players": 3, "counting": "manual", "starting_stack": 12, "max_hands": 30},
    ),
    ("cribist", {"players": 4, "deals": 1}),
    ("cribist", {"players": 4, "deals": 1, "counting": "manual"}),
    *(("squares", {"players": p}) for p in (1, 2, 4)),
    *(("cross", {"players": p, "target": 11}) for p in (2, 3, 4)),
    ("cross", {"players": 2, "form": "table-top", "target": 31}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())
