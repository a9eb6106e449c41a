"""Puzzles from real finished public games: positions where the best move scored far more than the move played,
shown as the mover saw them; a puzzle of the day per game kind on the lobby, solved on the web or by email."""
