"""Reading games from PGN text and Citadel archives, one at a time.

>>> import citadel.pgn, io
>>> games = citadel.pgn.read_games(io.StringIO('[Variant "shatranj"]\\n\\n1. e3 *\\n'))
>>> next(games).moves
['e3']
"""

from citadel._native import Game, GameReader, PgnError, read_games

__all__ = ["Game", "GameReader", "PgnError", "read_games"]
