from typing import Any

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend


class ProfileModelBackend(AxesStandaloneBackend, ModelBackend):
    """Django's model backend behind django-axes' lockout, loading the profile with the user.

    One backend rather than axes' usual pair, so a session names a backend that can load its user (the test
    client's force_login picks the first backend with get_user)."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        # Every login page passes its request; without one (the test client's login, a shell) there is no
        # client address to throttle, and no stranger either.
        if request is not None:
            super().authenticate(request, username, password, **kwargs)  # raises while locked out
        return ModelBackend.authenticate(self, request, username, password, **kwargs)

    def get_user(self, user_id: Any) -> Any:
        # Every page reads the profile (time zone, suspension): load it with the user, saving a query.
        from django.contrib.auth import get_user_model

        User = get_user_model()
        try:
            user = User._default_manager.select_related("profile").get(pk=user_id)
        except User.DoesNotExist:
            return None
        user._loaded_for_request = True  # type: ignore[attr-defined]  # its profile is as fresh as this request (see is_suspended)
        return user if self.user_can_authenticate(user) else None
