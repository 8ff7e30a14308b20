"""The application service: the eventsourcing-backed store, load, decide, save, snapshots, audit
and export.  It imports the rules engines (``adjudicator``); the engines never import it."""


def warm_up() -> None:
    """Imports every engine and the rule catalog (e.g. in a server's master process before it forks
    its workers, so each worker only builds its app and store connection)."""
    from adjudicator import engine_for
    from rulings.catalog import catalog

    for game in ("buffy", "spoils", "wowmini"):
        engine_for(game)
    catalog()
