"""A bot's decision, or the move advisor's search, worked out on a worker thread.

The window keeps drawing, hovering and answering keys while a bot thinks: the thread works on
its own copy of the position (the match's, so the table goes on reading the real one) and
the scene polls `done` each frame. No pygame here: the match hands out what a thread needs. Leaving the game or taking a move back calls `cancel()`: a searching bot stops at
its next iteration and whatever it finds is thrown away.
"""
from __future__ import annotations

import threading

from .search import Budget, SearchCancelled


class Thinker:
    """One decision of one seat in one position (`key`), computed in the background."""

    def __init__(self, match, seat: int, work, key):
        self.seat = seat
        self.key = key
        self.cancelled = threading.Event()
        self.result = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        state, rng = match.decision_copy(seat)
        self._thread = threading.Thread(target=self._run, args=(work, match.rules, state, rng),
                                        name=f"think-{seat}", daemon=True)
        self._thread.start()

    def _run(self, work, rules, state, rng) -> None:
        try:
            self.result = work(rules, state, self.seat, rng, self.cancelled)
        except SearchCancelled:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the UI thread, which reports it
            self.error = e
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, seconds: float | None) -> bool:
        """Wait up to `seconds` (None: until finished); whether it has finished."""
        return self._done.wait(seconds)

    def cancel(self) -> None:
        self.cancelled.set()


def bot_move(match, seat: int, seconds: float | None):
    """The work of a bot seat's decision: its bot, with a searching bot's budget in seconds
    in the app (None: the bot's own iteration count, as in headless play)."""
    bot = match.bot_for(seat)

    def work(rules, state, seat, rng, cancelled):
        if hasattr(bot, "budget"):
            bot.budget = (Budget(seconds=seconds, cancel=cancelled) if seconds is not None
                          else Budget(iterations=bot.knowledge.iterations_for(state),
                                      cancel=cancelled))
        return bot.choose(rules, state, seat, rng)
    return work


def advice(match, seat: int, seconds: float | None):
    """The work of the move advisor: the game's hard bot searching `seat`'s decision."""
    bot = match.rules.bot("hard")   # its own instance: a bot seat may be thinking meanwhile

    def work(rules, state, seat, rng, cancelled):
        iterations = None if seconds is not None else bot.knowledge.iterations_for(state)
        return bot.advise(rules, state, seat, rng,
                          Budget(iterations=iterations, seconds=seconds, cancel=cancelled))
    return work
