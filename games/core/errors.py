"""Errors the rules and loaders raise; each carries a message fit to show a player."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state. The state is unchanged."""


class DataError(ValueError):
    """A data file is missing, unreadable or does not match what the game expects.

    The message names the file, the key path and what was expected.
    """

    def __init__(self, path, key_path, expected, found=None):
        self.path = str(path)
        self.key_path = key_path or "(top level)"
        self.expected = expected
        self.found = found
        msg = f"{self.path}: at {self.key_path}: expected {expected}"
        if found is not None:
            try:
                shown = repr(found)
            except ValueError:  # an int of more than 4300 digits (from YAML hex) cannot be shown
                shown = f"a number of {found.bit_length()} bits" if isinstance(found, int) else "?"
            msg += f", found {shown}"[:200]
        super().__init__(msg)


class SaveError(ValueError):
    """A save file cannot be used (corrupt, truncated, other game, future version)."""
