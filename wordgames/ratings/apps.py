from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "wordgames.ratings"
    label = "ratings"
    verbose_name = "Ratings"
