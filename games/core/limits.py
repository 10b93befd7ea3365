"""Bounds on what comes from outside the program (save files, the command line).

A text longer than anything the table itself writes is damage, not a name to draw:
a seat name of megabytes would cost seconds per frame to lay out. The UI's entry
fields and the loaders share these numbers so a save the table writes always loads.
"""
from __future__ import annotations

MAX_NAME_LEN = 16  # a seat name: what the new-game screen's name field takes
MAX_OPTION_LEN = 64  # an option's name or value (the longest real one has 14 characters)
MAX_OPTIONS = 32
MAX_ACTION_LEN = 256  # an action's text (the longest legal one, a Ticket to Ride keep of four tickets, ~100)
MAX_ACTIONS = 20_000  # actions in one game (real games end within a few hundred)
MAX_SEATS = 16
SEAT_COLOURS = 8  # seat colours 0..7, as tutorials allow; the UI's palettes of six wrap around
MAX_SEED = 2 ** 64  # seeds lie in (-MAX_SEED, MAX_SEED); the RNG works modulo 2**64
MAX_ID_LEN = 64  # a game id, a data version
MAX_STAMP_LEN = 32  # a save's date and time ("2024-05-01T18:30:00")


def shown(value, limit: int = 40) -> str:
    """A value for an error message, cut short: the message of a damaged file stays short."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4300 digits
        return "a number too long to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"
