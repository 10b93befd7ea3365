"""The player board (GWT: El Paso spec §6.3; Argentina §3.10): disc spaces whose uncovering
gives abilities (hand and step limit, permanent certificates, counted duplicates, auxiliary
actions unlocked or upgraded), plus the edition's other sources of abilities (El Paso's
bonus tiles: `edition_effects`)."""
from __future__ import annotations


class PlayerBoardMixin:
    def effects(self, p: dict):
        d = self.data
        for did in p["removed"]:
            yield from d.disc(did).effects
        yield from self.edition_effects(p)

    def edition_effects(self, p: dict):
        return ()

    def hand_limit(self, p: dict) -> int:
        return max([self.data.hand_limit[0]] + [e.get("value") for e in self.effects(p) if e.name == "hand_limit"])

    def step_limit(self, p: dict) -> int:
        return max([self.data.step_limit[0]] + [e.get("value") for e in self.effects(p) if e.name == "step_limit"])

    def cert_limit(self, p: dict) -> int:
        """The top of the certificate track (Argentina raises it with a disc)."""
        return self.data.cert_max

    def permanent_certs(self, p: dict) -> int:
        return sum(e.get("amount") for e in self.effects(p) if e.name == "permanent_certificates")

    def duplicates_counted(self, p: dict) -> int:
        return sum(e.get("amount") for e in self.effects(p) if e.name == "count_duplicates")

    def aux_state(self, p: dict) -> tuple[set[int], set[int], bool]:
        """(auxiliary actions open, those upgraded, whether two different may be taken)."""
        avail = {a.number for a in self.data.aux if a.start_available}
        upgraded, two = set(), False
        for e in self.effects(p):
            if e.name == "unlock_auxiliary":
                avail.add(e.get("number"))
            elif e.name == "upgrade_auxiliary":
                upgraded.add(e.get("number"))
            elif e.name == "two_auxiliary_actions":
                two = two or bool(e.get("enabled"))
        return avail, upgraded, two

    def uncover_disc(self, p: dict, did: str) -> None:
        """Take the disc off its space (its ability is now on) and pay or gain its money."""
        p["discs"].remove(did)
        p["removed"].append(did)
        p["money"] += self.data.disc(did).money
