"""The Citadel engine: alpha-beta search for every game.

>>> import citadel, citadel.engine
>>> r = citadel.engine.best_move(citadel.Board("chess", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"), depth=3)
>>> (r.move.uci(), r.mate)
('a1a8', 1)
"""

from citadel._native import BestMove, best_move

__all__ = ["BestMove", "best_move"]
