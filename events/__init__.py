"""Domain events (pydantic models, one class per type, versioned) and the event store.

Importing this package pulls in only the pure event models; the eventsourcing-backed store and
application service live in ``events.store`` and ``events.application``.
"""
from events.base import DomainEvent, EventRegistry, registry

__all__ = ["DomainEvent", "EventRegistry", "registry"]
