"""``python -m rulings.convert_spoils SETS [--out FILE]``: see :mod:`rulings.convert_spoils.cli`."""
from __future__ import annotations

import sys

from rulings.convert_spoils.cli import main

if __name__ == "__main__":
    sys.exit(main())
