"""What a consumer of the ACCOUNTS stream takes from a message: only what the subject's writer may write.

The gateway may write guest subjects, so anything but a guest's own GuestCreated there (a forged
EmailConfirmed, say) is dropped with a warning rather than projected (echo_events.accounts)."""

from __future__ import annotations

import structlog
from echo_events.accounts import from_its_writer
from echo_events.envelope import Batch, decode

log = structlog.get_logger(__name__)


def account_batch(subject: str, data: bytes) -> Batch | None:
    """The message's batch as far as its subject's writer may have written it; None when nothing is left."""
    batch, refused = from_its_writer(subject, decode(data))
    if refused:
        log.warning("account events not written by their subject's owner dropped", subject=subject,
                    event_types=list(refused))
    return batch
