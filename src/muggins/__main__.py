"""``python -m muggins`` runs the command line."""

import sys

from muggins.cli.main import main

sys.exit(main())
