"""Argentina's places on the playmat as the table's click targets, tips and previews."""
from __future__ import annotations


class ArgentinaBoardMixin:
    pass
