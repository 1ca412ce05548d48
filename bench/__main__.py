"""Entry point for ``python -m bench``."""

from bench.run import main

if __name__ == "__main__":
    raise SystemExit(main())
