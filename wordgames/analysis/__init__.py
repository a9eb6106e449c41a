"""Analysis after the game: each move of a finished game beside the strong computer player's best move in its
position (as the mover saw it), the points missed, and a summary per player; shown on the replay page and
carried in the game record, never while the game runs."""
