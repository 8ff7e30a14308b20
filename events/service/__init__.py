"""The application service: the eventsourcing-backed store, load, decide, save, snapshots, audit
and export.  It imports the rules engines (``adjudicator``); the engines never import it."""


def warm_up() -> None:
    """Imports every engine and the rule catalog (e.g. in a server's master process before it forks
    its workers, so each worker only builds its app and store connection)."""
    from adjudicator import engine_for
    from adjudicator.effects.language import build_all
    from rulings.catalog import catalog

    for game in ("buffy", "spoils", "wowmini"):
        engine_for(game)
    build_all()  # the effect language builds its validators on first use: here, once, before the fork
    catalog()
