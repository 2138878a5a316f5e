"""The session keys of the team pages' own choices, in one place: the pages read them, a shared link sets them."""
from __future__ import annotations

#: Explain: the team and the tie-break explained
EXPLAIN_TEAM = "team.explain_team"
EXPLAIN_CODE = "team.explain_code"
#: Why: team A and team B
WHY_A = "team.why_a"
WHY_B = "team.why_b"
