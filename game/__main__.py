"""``python -m game``: the same as the ``tabula`` command."""

import sys

from .launch import main

if __name__ == "__main__":
    sys.exit(main())
