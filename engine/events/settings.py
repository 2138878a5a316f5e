"""What an event carries besides its results: its ordering, prize list, pairing method and notes.

A tournament director decides these once for the event, and every page must then agree: the Start page
and the Standings page rank by the same order, the pairing button pairs a round robin by Berger tables,
the announcement prints the event's own prizes.  So they belong to the saved event, not to a page:
:class:`EventSettings` travels with the :class:`~engine.core.model.Event` into our JSON files (a ``settings``
object, format version 2), the app's saved-events store and share links.  The event's type (Swiss or
round robin) stays in the event itself, because its readers and writers need it.

Where nothing was chosen yet, :func:`default_settings` decides: a file's own tie-break records (TRF
202/212, our ``tiebreaks`` list) give the ordering when present; otherwise a round robin gets FIDE's
round-robin list and a Swiss the US Chess order.  The prize list starts empty: only the built-in example
comes with example prizes (:func:`example_settings`), marked as such.

>>> from engine.events.generator import generate_round_robin
>>> s = default_settings(generate_round_robin(6, seed=1))
>>> s.preset, s.codes, s.rules, s.pairing, s.prizes
('fide-rr', ('DE', 'WIN', 'SB', 'KS'), 'fide', 'berger', ())
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from engine.core.codes import parse_code
from engine.core.errors import EventError
from engine.core.limits import MAX_CODES, MAX_HEADER_TEXT, MAX_PRIZES, MAX_TEXT, check_count, check_text
from engine.core.model import Event, EventType
from engine.core.ordering import CUSTOM
from engine.core.presets import PRESETS, preset_for
from engine.core.rules import RULE_SETS, Options, option_problem, shown_value
from engine.core.said import said
from engine.formats.jsonfmt import read_json_document, write_json
from engine.pairing.methods import PAIRING_METHODS, pairings_for
from engine.prizes.money import ROUNDING
from engine.prizes.prize_list import Prize, prize_list
from engine.prizes.split import METHODS as PRIZE_METHODS

__all__ = ["EventSettings",
           "default_settings", "example_settings", "default_ordering", "default_pairing",
           "settings_to_dict", "settings_from_dict", "read_saved", "read_upload", "write_saved", "BIG_FIELD"]

#: from this many players on, a Swiss is paired by the fast method unless the user asks otherwise
BIG_FIELD = 60
CURRENCIES = ("$", "€", "£", "")
#: the seed of the drawing of lots until the user picks another, so the lots replay identically
DEFAULT_SEED = 1

_ORDERING_KEYS = ("preset", "codes", "rules", "options")
_KEYS = frozenset(_ORDERING_KEYS + ("prizes", "example_prizes", "prize_method", "currency", "rounding",
                                    "pairing", "notes"))
_PRIZE_KEYS = ("name", "amount", "kind", "place", "rating_min", "rating_max", "age_max", "predicate", "indivisible")


@dataclass(frozen=True)
class EventSettings:
    """An event's own choices.  ``preset`` names the preset the criteria came from, or ``"custom"``.

    ``example_prizes`` marks a prize list that is only an illustration (the built-in example's), so the
    pages can say so; a list the user typed or applied is the event's real one.
    """

    preset: str = "uscf"
    codes: tuple[str, ...] = PRESETS["uscf"].codes
    rules: str = "uscf"
    options: Options = field(default_factory=Options)
    prizes: tuple[Prize, ...] = ()
    example_prizes: bool = False
    prize_method: str = "uscf"
    currency: str = "$"
    rounding: str = "cent"
    pairing: str = "dutch"
    notes: str = ""

    def __post_init__(self) -> None:
        if self.options.seed is None:          # a drawing of lots must give the same order on every page and run
            object.__setattr__(self, "options", replace(self.options, seed=DEFAULT_SEED))
        codes = tuple(str(parse_code(c)) for c in self.codes if str(c).strip().upper() != "PTS")
        object.__setattr__(self, "codes", tuple(dict.fromkeys(codes)))
        if self.rules not in RULE_SETS:
            raise EventError(said("unknown rule set {name}; choose one of {choices}", name=repr(self.rules),
                                  choices=", ".join(RULE_SETS)))
        preset = self.preset if self.preset in PRESETS else CUSTOM
        if preset != CUSTOM and tuple(PRESETS[preset].codes) != self.codes:
            preset = preset_for(self.codes) or CUSTOM
        object.__setattr__(self, "preset", preset)
        object.__setattr__(self, "prizes", prize_list(self.prizes))
        if self.prize_method not in PRIZE_METHODS:
            raise EventError(said("unknown prize method {name}; choose one of {choices}", name=repr(self.prize_method),
                                  choices=", ".join(PRIZE_METHODS)))
        if self.rounding not in ROUNDING:
            raise EventError(said("unknown rounding {name}; choose one of {choices}", name=repr(self.rounding),
                                  choices=", ".join(ROUNDING)))
        if self.pairing not in PAIRING_METHODS:
            raise EventError(said("unknown pairing method {name}; choose one of {choices}", name=repr(self.pairing),
                                  choices=", ".join(PAIRING_METHODS)))

    def with_ordering(self, preset: str, codes: tuple[str, ...] | list[str], rules: str,
                      options: Options | None = None) -> "EventSettings":
        return replace(self, preset=preset, codes=tuple(codes), rules=rules,
                       options=self.options if options is None else options)

    def with_prizes(self, prizes: tuple[Prize, ...] | list[Prize], example: bool = False) -> "EventSettings":
        """The event's own prize list (``example`` only for an illustration)."""
        return replace(self, prizes=tuple(prizes), example_prizes=example)

    def retyped(self, before: Event, after: Event) -> "EventSettings":
        """The settings once an event changed type (Swiss <-> round robin): an ordering nobody changed
        follows the new type's default; a chosen one stays.  The pairing method always fits the new type."""
        keep = self
        if (self.preset, self.codes, self.rules) == default_ordering(before):
            keep = self.with_ordering(*default_ordering(after))
        return keep.fitted_to(after)

    def fitted_to(self, event: Event) -> "EventSettings":
        """The same settings with a pairing method the event's type allows (after the type changed)."""
        if self.pairing in pairings_for(event):
            return self
        return replace(self, pairing=default_pairing(event))


# -- defaults ----------------------------------------------------------------------------------------

def default_pairing(event: Event) -> str:
    if event.event_type is EventType.ROUND_ROBIN:
        return "berger"
    return "fast" if len(event.players) >= BIG_FIELD else "dutch"


def default_ordering(event: Event) -> tuple[str, tuple[str, ...], str]:
    """``(preset, codes, rules)`` an event starts with.

    The file's own tie-break list comes first: a known list is its preset (with that preset's rule set),
    an unknown one a custom ordering under FIDE's rules (TRF and Chess-JSON files are FIDE's formats).
    Without one, a round robin gets FIDE's round-robin list and a Swiss the US Chess order.
    """
    if event.file_tiebreaks:
        name = preset_for(event.file_tiebreaks)
        if name is not None:
            return name, tuple(PRESETS[name].codes), PRESETS[name].rules
        return CUSTOM, tuple(event.file_tiebreaks), "fide"
    name = "fide-rr" if event.event_type is EventType.ROUND_ROBIN else "uscf"
    return name, tuple(PRESETS[name].codes), PRESETS[name].rules


def default_settings(event: Event) -> EventSettings:
    """The settings of an event nobody has chosen anything for yet (an upload, a new or random event)."""
    preset, codes, rules = default_ordering(event)
    return EventSettings(preset=preset, codes=codes, rules=rules, pairing=default_pairing(event))


def example_settings(event: Event, prizes: tuple[Prize, ...] | list[Prize], method: str = "uscf",
                     currency: str = "$") -> EventSettings:
    """The built-in example's settings: its ordering, and ``prizes`` marked as an example prize list."""
    return replace(default_settings(event), prizes=tuple(prizes), example_prizes=True, prize_method=method,
                   currency=currency)


# -- to and from plain data (JSON) -------------------------------------------------------------------

def _options_dict(options: Options) -> dict[str, Any]:
    """Only the options that differ from the defaults."""
    default = Options()
    return {f.name: getattr(options, f.name) for f in fields(Options)
            if getattr(options, f.name) != getattr(default, f.name)}


def _prize_dict(p: Prize) -> dict[str, Any]:
    out = {k: getattr(p, k) for k in _PRIZE_KEYS}
    return {k: v for k, v in out.items() if v is not None and v is not False and not (k == "kind" and v == "place")}


def settings_to_dict(s: EventSettings) -> dict[str, Any]:
    """Plain JSON data for ``s`` (amounts in cents, options only where they differ from the defaults)."""
    return {"preset": s.preset, "codes": list(s.codes), "rules": s.rules, "options": _options_dict(s.options),
            "prizes": [_prize_dict(p) for p in s.prizes], "example_prizes": s.example_prizes,
            "prize_method": s.prize_method, "currency": s.currency, "rounding": s.rounding,
            "pairing": s.pairing, "notes": s.notes}


def settings_from_dict(raw: Any, event: Event, source: str = "settings") -> EventSettings:
    """Settings read from plain data; missing parts take the event's defaults.

    Anything unusable raises :class:`EventError` naming the file and the setting.
    """
    base = default_settings(event)
    if raw is None:
        return base
    if not isinstance(raw, dict):
        raise EventError(said("\"settings\" must be an object"), file=source)
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise EventError(said("\"settings\" has unknown field(s) {fields}", fields=", ".join(unknown)), file=source)

    def text(key: str, default: str) -> str:
        value = raw.get(key, default)
        if not isinstance(value, str):
            raise EventError(said("\"settings.{key}\" must be text, not {value}", key=key, value=repr(value)), file=source)
        multiline = key == "notes"                  # the TD's notes may run over several lines
        check_text(said("\"settings.{key}\"", key=key), value, MAX_HEADER_TEXT if multiline else MAX_TEXT, multiline=multiline,
                   file=source)
        return value

    codes = raw.get("codes", list(base.codes))
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise EventError(said("\"settings.codes\" must be a list of codes such as \"BH/C1\""), file=source)
    check_count(said("the number of tie-breaks in \"settings.codes\""), len(codes), MAX_CODES, file=source)
    example = raw.get("example_prizes", False)
    if not isinstance(example, bool):
        raise EventError(said("\"settings.example_prizes\" must be true or false, not {value}", value=repr(example)),
                         file=source)
    try:
        settings = EventSettings(
            preset=text("preset", base.preset), codes=tuple(codes), rules=text("rules", base.rules),
            options=_options(raw.get("options", {}), source, event.rounds), prizes=_prizes(raw.get("prizes", []), source),
            example_prizes=example, prize_method=text("prize_method", base.prize_method),
            currency=text("currency", base.currency), rounding=text("rounding", base.rounding),
            pairing=text("pairing", base.pairing), notes=text("notes", ""))
    except EventError as exc:
        if exc.file:
            raise
        raise EventError(said("settings: {message}", message=exc.said or exc.message), file=source) from None
    return settings.fitted_to(event)


def _options(raw: Any, source: str, rounds: int) -> Options:
    if not isinstance(raw, dict):
        raise EventError(said("\"settings.options\" must be an object"), file=source)
    values: dict[str, Any] = {}
    for name, value in raw.items():
        problem = option_problem(str(name), value, rounds)
        if problem is not None:
            raise EventError(said("\"settings.options.{name}\" {problem}, not {value}", name=shown_value(name)[1:-1],
                                  problem=problem, value=shown_value(value)), file=source)
        values[name] = value
    if values.get("round") == 0:
        values["round"] = None
    return Options(**values)


def _prizes(raw: Any, source: str) -> tuple[Prize, ...]:
    if not isinstance(raw, list):
        raise EventError(said("\"settings.prizes\" must be a list of prizes"), file=source)
    check_count(said("the number of prizes"), len(raw), MAX_PRIZES, file=source)
    out = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise EventError(said("prize #{i} must be an object with a \"name\"", i=i), file=source)
        unknown = sorted(set(item) - set(_PRIZE_KEYS))
        if unknown:
            raise EventError(said("prize #{i} has unknown field(s) {fields}", i=i, fields=", ".join(unknown)), file=source)
        for key in ("amount", "place", "rating_min", "rating_max", "age_max"):
            value = item.get(key)
            if value is not None and (type(value) is not int or value < 0):
                raise EventError(said("prize #{i}: \"{key}\" must be a whole number, not {value}", i=i, key=key,
                                      value=repr(value)), file=source)
        try:
            out.append(Prize(**item))
        except (EventError, TypeError) as exc:
            raise EventError(said("prize #{i}: {message}", i=i, message=getattr(exc, "said", None) or str(exc)),
                             file=source) from None
    return tuple(out)


# -- whole documents ---------------------------------------------------------------------------------

def write_saved(event: Event, settings: EventSettings) -> str:
    """Our JSON for an event with its settings (what the app downloads and saves)."""
    return write_json(event, settings_to_dict(settings))


def read_saved(text: str | bytes, source: str = "<json>") -> tuple[Event, EventSettings]:
    """An event and its settings from our JSON; a file without settings gets the event's defaults."""
    event, raw = read_json_document(text, source)
    return event, settings_from_dict(raw, event, source)


def read_upload(data: bytes, filename: str) -> tuple[Event, EventSettings]:
    """An uploaded file of any supported format and the settings it opens with.

    Our own JSON brings its saved settings; every other file gets the defaults of its event, which take
    the file's tie-break records (TRF 202/212) when it has them.
    """
    from engine.formats.chessjson import looks_like_chessjson
    from engine.formats.loader import read_event_bytes
    from engine.formats.source import check_size, decode_text
    if filename.lower().endswith(".json"):
        check_size(len(data), filename)
        text = decode_text(data, filename)
        if not looks_like_chessjson(text):
            return read_saved(text, filename)
    event = read_event_bytes(data, filename)
    return event, default_settings(event)
