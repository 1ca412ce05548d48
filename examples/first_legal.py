"""A whole engine for muggins (docs/engines.md): it plays the first legal move it is shown.

    muggins simulate --engine first="python examples/first_legal.py" --bots first,random --games 100
"""

import json
import sys

for line in sys.stdin:
    verb, _, rest = line.partition(" ")
    if verb.strip() == "hello":
        print("hello 1 first-legal (Python)", flush=True)
    elif verb == "turn":
        view = json.loads(rest)["view"]
        print("move", view["legal_moves"][0], flush=True)
    elif verb.strip() == "quit":
        break
