"""Domain events and the application service, kept apart so that no package both serves and is
used by the engines: ``events.models`` holds the pure event models (which the engines import),
``events.service`` the eventsourcing application with audit and export (which imports the engines).
"""
