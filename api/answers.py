"""The app's response class: Flask's, with the headers it hands the WSGI server written without
``iri_to_uri`` when that would change nothing (issue 26: an append's ``Location``,
``/games/<id>/events?after=N&limit=M``, went through ``urlsplit``, three ``quote`` calls and
``urlunsplit`` on every append to come back as it was).

``get_wsgi_headers`` answers what werkzeug's (3.1) answers: a copy of the headers, the
``Location`` converted to a URI, ``Content-Length`` removed for 1xx and 204, the entity headers
for 304, and ``Content-Length`` set from a buffered body that has none.  The shortcut is taken for
the usual answer only (no ``autocorrect_location_header``, no ``Content-Location``, at most one
``Location``, spelled so, holding only a path of unreserved characters and ``/ = & ,`` and a
non-empty query of the same, a status that is neither 1xx, 204 nor 304), whose headers are then
werkzeug's; any other goes to werkzeug.  tests/api/test_answers.py compares the two.
"""
from __future__ import annotations

import re

from flask import Response
from werkzeug.datastructures import Headers

_PLAIN_LOCATION = re.compile(r"/(?!/)[-A-Za-z0-9._~/=&,]*(?:\?[-A-Za-z0-9._~/=&,]+)?")
"""A location ``iri_to_uri`` gives back as it is: a path (no scheme, no host: ``//`` is not its
start) and a query that is not empty (``urlunsplit`` drops a bare ``?``), all of characters no
``quote`` of werkzeug's changes, and no fragment."""


class Answer(Response):
    """Flask's response; ``get_wsgi_headers`` without ``iri_to_uri`` on a plain Location."""

    def get_wsgi_headers(self, environ):  # type: ignore[no-untyped-def]
        headers = self.headers
        if self.autocorrect_location_header or type(headers) is not Headers:
            return super().get_wsgi_headers(environ)
        items = headers._list  # what Headers(headers) copies, one (key, value) at a time
        location = length = False
        for key, value in items:
            if type(value) is not str or "\n" in value or "\r" in value:
                return super().get_wsgi_headers(environ)  # (Headers.add converts or refuses these)
            ikey = key.lower()
            if ikey == "location":
                if location or key != "Location" or not _PLAIN_LOCATION.fullmatch(value):
                    return super().get_wsgi_headers(environ)
                location = True
            elif ikey == "content-length":
                length = True
            elif ikey == "content-location":
                return super().get_wsgi_headers(environ)
        status = self.status_code
        if status < 200 or status in (204, 304):
            return super().get_wsgi_headers(environ)
        copy = Headers()
        copy._list = items.copy()
        if not length and self.automatically_set_content_length and self.is_sequence:
            copy._list.append(("Content-Length", str(sum(len(x) for x in self.iter_encoded()))))
        return copy
