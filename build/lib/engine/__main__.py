"""``python -m engine``: the command line of RULES.md §10."""
import sys

from .cli import main

sys.exit(main())
