"""The Skalborg expert against greedy and the calling station over duplicate hands (seats swapped),
with the margin's 95% confidence interval. Slow (minutes): run alone, not with ``python -m bench``:
``python bench/skalborg_duel.py [pairs]``; one JSON line per opponent.
"""

from __future__ import annotations

import json
import sys
import time

from muggins.analysis.skalborg.duel import duel


def main(pairs: int = 2000) -> None:
    for opponent in ("station", "greedy"):
        start = time.perf_counter()
        result = duel("expert", opponent, pairs=pairs, seed=2026).to_dict()
        result["bench"] = f"skalborg_expert_vs_{opponent}"
        result["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
