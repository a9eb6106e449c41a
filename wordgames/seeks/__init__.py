"""Seeks: open challenges that strangers take, and quick pairing."""
