"""``python -m engine``: the command line (``standings``, ``explain``, ``convert``, ``codes``, ``presets``)."""
import sys

from .cli import main

sys.exit(main())
