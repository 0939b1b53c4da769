"""The GM's ruling on a narrative change asked for with a Major Arcanum (R-7, R-7a).

``spend_fate_card(use="narrative", note=…)`` records a request in ``state.narratives`` (the card is
spent at once). The requests are numbered 1, 2, … in the order they were made. The GM grants or
refuses each one exactly once with :meth:`NarrativeActions.rule_on_narrative`; the decision and
the GM's words are written into the request, so the state and the log both keep them. A request
the GM has already ruled on, or one that was never made, is refused (R-7a).
"""

from __future__ import annotations

from typing import Any

from kit.core.errors import IllegalActionError, MalformedInputError, UnknownNameError
from kit.core.randomness import GameRandom
from kit.rollunder.base import RollUnderBase
from kit.rollunder.limits import Granted, NarrativeRequest, RulingText
from kit.rollunder.results import NarrativeRuling

GRANTED, REFUSED = "granted", "refused"


class NarrativeActions(RollUnderBase):
    """The GM's rulings on narrative changes (R-7a)."""

    @property
    def pending_narratives(self) -> dict[int, dict[str, str]]:
        """The narrative change requests the GM has not ruled on yet, by number (1 for the first made)."""
        return {number: dict(entry) for number, entry in enumerate(self.state.narratives, start=1)
                if "decision" not in entry}

    def rule_on_narrative(self, request: NarrativeRequest, granted: Granted,
                          ruling: RulingText = "") -> NarrativeRuling:
        """GM: grant or refuse narrative change request number ``request`` (R-7a), once; ``ruling`` says why."""
        return self._perform("rule_on_narrative", {"request": request, "granted": granted, "ruling": ruling})

    def _do_rule_on_narrative(self, rng: GameRandom, request: Any, granted: Any, ruling: Any) -> NarrativeRuling:
        requests = self.state.narratives
        if isinstance(request, bool) or not isinstance(request, int) or not 1 <= request <= len(requests):
            waiting = ", ".join(str(n) for n in self.pending_narratives) or "none"
            raise UnknownNameError(f"narrative change request {request!r}", "no such request was made", "R-7",
                                   f"requests waiting for the GM: {waiting}")
        if not isinstance(granted, bool):
            raise MalformedInputError("granted", "must be true or false", "R-7")
        if not isinstance(ruling, str):
            raise MalformedInputError("ruling", "must be text", "R-7")
        entry = requests[request - 1]
        if "decision" in entry:
            raise IllegalActionError(f"rule on narrative change request {request}",
                                     f"the GM has already {entry['decision']} it; a ruling is made once", "R-7",
                                     "rule on a request still waiting")
        entry["decision"] = GRANTED if granted else REFUSED
        entry["ruling"] = ruling.strip()
        return NarrativeRuling(request, entry["holder"], entry["on"], entry["card"], entry["note"], granted,
                               entry["ruling"])
