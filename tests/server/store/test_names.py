"""The look-alike key of names against ICU's own UTS #39 skeleton (the reference), and on the
look-alikes it must join and the different names it must keep apart."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.server.store.names import lookalike_key, skeleton

icu = pytest.importorskip("icu", reason="pyicu-wheels (the test extra, not on macOS) is the reference")

# characters assigned in this Python's Unicode (ICU's may be newer), surrogates and private use aside
assigned = st.characters(exclude_categories=("Cs", "Co", "Cn"))


@given(st.text(assigned, max_size=12))
def test_the_skeleton_is_icus(text: str) -> None:
    assert skeleton(text) == icu.SpoofChecker().getSkeleton(0, text)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("pop", "\u0440\u043e\u0440"),  # all Cyrillic
        ("Alice", "\u0410lice"),  # a Cyrillic capital A
        ("Olive", "0live"),
        ("Vern", "Vem"),
        ("Eve", "\uff25\uff56\uff45"),  # fullwidth
        ("Hello", "\u210cello"),  # a black-letter H
        ("alice", "ALICE"),
    ],
)
def test_look_alikes_share_a_key(one: str, other: str) -> None:
    assert lookalike_key(one) == lookalike_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Ann", "Anna"), ("Zoe", "Zo\u00eb"), ("Ian", "Jan"), ("\u0416\u0435\u043d\u044f", "Zhenya")],
)
def test_different_names_keep_their_keys(one: str, other: str) -> None:
    assert lookalike_key(one) != lookalike_key(other)
