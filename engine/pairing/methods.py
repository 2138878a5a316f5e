"""The ways a round can be paired, in the words the app shows, and which of them fit an event."""
from __future__ import annotations

from typing import Mapping

from engine.core.model import Event, EventType

__all__ = ["PAIRING_METHODS", "SWISS_PAIRINGS", "ROUND_ROBIN_PAIRINGS", "pairings_for"]

#: every pairing method: code -> what it does (the words the app shows)
PAIRING_METHODS: Mapping[str, str] = {
    "dutch": "Swiss, FIDE Dutch system (exact; up to a minute per round for 100 players)",
    "fast": "Swiss, fast simple pairing (for big fields)",
    "berger": "Round robin, Berger tables",
}
SWISS_PAIRINGS = ("dutch", "fast")
ROUND_ROBIN_PAIRINGS = ("berger",)


def pairings_for(event: Event) -> tuple[str, ...]:
    """The pairing methods that fit the event: Berger tables for a round robin, Swiss methods otherwise."""
    return ROUND_ROBIN_PAIRINGS if event.event_type is EventType.ROUND_ROBIN else SWISS_PAIRINGS
