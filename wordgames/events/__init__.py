"""Events: round-robins, Swiss tournaments, leagues and ladders run by the site, a room above games and ratings.

``pairing`` and ``standings`` are pure (no Django): who meets whom, and who leads, from entry ids and results.
"""
