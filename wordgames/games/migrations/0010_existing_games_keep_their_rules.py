"""Games started before two rule readings changed keep the reading they were played under, so they still
rebuild and replay move by move: Lingo's burn of a single tile at any time, and Keebble's walls on any edge."""

from django.db import migrations

KEPT = {"lingo": {"burn": "always"}, "keebble": {"wall_edges": "any"}}


def keep_rules(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(engine__in=KEPT).only("id", "engine", "options", "state"):
        kept = {name: value for name, value in KEPT[game.engine].items() if name not in game.options}
        if kept:
            game.options = {**game.options, **kept}
            if isinstance(game.state, dict) and isinstance(game.state.get("options"), dict):
                game.state["options"] = {**game.state["options"], **kept}
            game.save(update_fields=["options", "state"])


class Migration(migrations.Migration):
    dependencies = [("games", "0009_seat_since_seq")]
    operations = [migrations.RunPython(keep_rules, migrations.RunPython.noop)]
