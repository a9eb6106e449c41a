from typing import Any

from django.contrib.auth.backends import ModelBackend


class ProfileModelBackend(ModelBackend):
    """Django's model backend, loading the profile with the user: every page reads it (time zone,
    suspension), so this saves a query on each request."""

    def get_user(self, user_id: Any) -> Any:
        from django.contrib.auth import get_user_model

        User = get_user_model()
        try:
            user = User._default_manager.select_related("profile").get(pk=user_id)
        except User.DoesNotExist:
            return None
        user._loaded_for_request = True  # its profile is as fresh as this request (see is_suspended)
        return user if self.user_can_authenticate(user) else None
