"""Events: round-robins and Swiss tournaments run by the site, a room above games and ratings. Players sign up
on the web or by email; at the start the site pairs them (``pairing``), creates every game through games' own
door and emails each player their games; each game's end is recorded as it happens, the next Swiss round is
paired when the last game of a round ends, and the standings (``standings``) are read from the games' results."""
