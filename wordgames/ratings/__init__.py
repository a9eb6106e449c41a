"""Ratings per game kind (openskill's Weng-Lin model), changed by the end of every rated game, and leaderboards."""
