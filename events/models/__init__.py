"""The pure domain events: pydantic models, one class per event type, versioned.

The rules engines import these and nothing else of ``events``; the application service that loads,
decides, saves, audits and exports (``events.service``) imports the engines.
"""
from events.models.base import DomainEvent, EventRegistry, registry

__all__ = ["DomainEvent", "EventRegistry", "registry"]
