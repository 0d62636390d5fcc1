"""`python -m engine.cli SUBCOMMAND ...`: the headless commands alone (the window starts with
`ruletree`, i.e. `python -m app.launch`)."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
