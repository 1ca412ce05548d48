"""docs/environments.md's Cross Cribbage table: the sizes, the turned card only on one's turn, the
cut card, and the grid cell by cell."""

from __future__ import annotations

import numpy as np

from muggins.cards import parse_card
from muggins.envs import env
from muggins.scoring.cross.grid import CENTRE

GRID_AT, PER_CELL = 208, 17


def test_the_documented_cross_layout_holds() -> None:
    e = env("cross", players=2)
    e.reset(seed=4)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    view = e.game.view(seat)
    mine, other = e.observe(agent), e.observe(e.possible_agents[1 - seat])
    assert mine["observation"].shape == (659,) and mine["action_mask"].shape == (27,)
    turned = parse_card(view["card"]).index
    assert list(np.flatnonzero(mine["observation"][52:104])) == [turned]
    assert not np.flatnonzero(other["observation"][52:104]).size  # not the other seat's to see
    assert list(np.flatnonzero(mine["observation"][104:156])) == [parse_card(view["cut"]).index]
    cut = parse_card(view["cut"])
    cell = mine["observation"][GRID_AT + CENTRE * PER_CELL : GRID_AT + (CENTRE + 1) * PER_CELL]
    assert list(np.flatnonzero(cell)) == [cut.index % 13, 13 + cut.index // 13]
    assert mine["action_mask"][1] == 0 and mine["action_mask"][0] == 1  # throw, not ready
    assert mine["action_mask"][2 + CENTRE] == 0 and mine["action_mask"][2:].sum() == 24
    assert mine["observation"][658] == 0


def test_the_table_top_form_is_observed_and_only_touching_cells_are_actions() -> None:
    e = env("cross", players=2, form="table-top")
    e.reset(seed=4)
    observed = e.observe(e.agent_selection)
    assert observed["observation"][658] == 1 and observed["observation"][657] == 1.0  # to 121
    assert observed["action_mask"][:2].sum() == 0 and observed["action_mask"][2:].sum() == 8
