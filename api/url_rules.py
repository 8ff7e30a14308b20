"""The app's URL rules: werkzeug writes and compiles two small Python functions for each rule, to
build its URLs, every time a rule joins an app.  Here each distinct rule's builders are compiled
once per process and shared by every app made after (the tests make thousands of apps; compiling the
builders was about three quarters of ``create_app``'s time).  Matching and building are werkzeug's
own, unchanged."""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from flask import Flask
from werkzeug.routing import Rule

from api.answers import Answer


class SharedBuilderRule(Rule):
    """A rule whose URL builders come from a per-process table, keyed by everything werkzeug writes
    them from: the rule's text, host or subdomain, its parsed parts and its defaults."""

    _builders: ClassVar[dict[tuple[Any, ...], Callable[..., tuple[str, str]]]] = {}

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        key = (self.rule, self.host, self.subdomain, self.merge_slashes, tuple(getattr(self, "_trace", ())),
               repr(sorted((self.defaults or {}).items())), append_unknown)
        builder = self._builders.get(key)
        if builder is None:
            builder = self._builders[key] = super()._compile_builder(append_unknown)
        return builder


class App(Flask):
    """Flask, with the shared URL builders and the response class of api/answers.py."""

    url_rule_class = SharedBuilderRule
    response_class = Answer
