"""The sentence rules of the Spoils' converter, by concept.  Each rule is a ``SentenceRule``
(``grammar.sentence``); ``rulings.convert_spoils.reading`` lists them all in the order they are
tried."""
