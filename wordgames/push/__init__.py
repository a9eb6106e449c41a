"""Web push: the devices a player asked to be notified on, what they want pushed, the site's VAPID key, and the
one call that hands a message to a device's push service. It knows nothing of games (like accounts): the games
decide who is told what and owe each push through their relay."""
