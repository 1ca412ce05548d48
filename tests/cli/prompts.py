"""Answers for ``muggins play``'s prompt in tests: its first listed legal move, noting each prompt."""

from __future__ import annotations

import re


def first_choice(prompt: str) -> str:
    """Answer the prompt with the first legal move it lists."""
    match = re.search(r"\(([^|)]*)", prompt)
    assert match, prompt
    return match.group(1).strip()


class Noted:
    """Answers with the first legal move and keeps every prompt it was asked."""

    def __init__(self) -> None:
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return first_choice(prompt)
