"""What a session's file holds, for tests that compare sessions before and after."""

from __future__ import annotations

import json
from typing import Any

from cardscore import store
from cardscore.session import Session


def file_data(session: Session) -> dict[str, Any]:
    """The data ``session``'s file would hold (a copy: JSON read back from its text)."""
    return json.loads(store.dumps(session))
