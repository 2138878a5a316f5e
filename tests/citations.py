"""The words the product must never show or write: the project's private specification and its section mark.

Built from pieces so that the files that look for them do not contain them themselves.
"""
from __future__ import annotations

import re

SPEC = "RULES" + ".md"
SECTION = "\u00a7"
SIBLING = "../" + "shared"
#: the project's private notes beside the specification
NOTES = tuple(name + ".md" for name in ("USERS", "STYLE", "STREAMLIT", "TRF"))
#: any citation of the private specification, its sections, its notes or the folder beside the repository
CITATION = re.compile("|".join(re.escape(w) for w in (SPEC, SECTION, SIBLING) + NOTES))
