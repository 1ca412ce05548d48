"""Write ``src/muggins/server/store/confusables.txt``: Unicode's confusable mappings (UTS #39), as ICU
applies them, for the skeleton that tells look-alike player names apart.

    pip install pyicu-wheels      # ICU's own data, bundled (Linux and Windows wheels)
    python scripts/confusables.py

Each line of the output maps one character (that is its own NFD) to its prototype, both as
hexadecimal code points: the skeleton of a string is then NFD(each character's prototype, of its
NFD), as UTS #39 section 4 defines it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import icu  # type: ignore[import-not-found]

OUT = Path(__file__).resolve().parent.parent / "src" / "muggins" / "server" / "store" / "confusables.txt"


def main() -> int:
    checker = icu.SpoofChecker()
    nfd = icu.Normalizer2.getNFDInstance()
    lines = []
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if nfd.normalize(char) != char:
            continue
        prototype = checker.getSkeleton(0, char)
        if prototype != char:
            lines.append(f"{code:04X}\t{' '.join(f'{ord(c):04X}' for c in prototype)}")
    header = (
        f"# Unicode {icu.UNICODE_VERSION} confusable prototypes (UTS #39), from ICU {icu.ICU_VERSION}'s"
        " SpoofChecker by scripts/confusables.py.\n"
        "# Unicode data: Copyright Unicode, Inc.; the Unicode License v3 (https://www.unicode.org/license.txt).\n"
        "# character<TAB>prototype, as code points\n"
    )
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="ascii")
    print(f"wrote {len(lines)} mappings to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
