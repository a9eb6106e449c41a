from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from . import languages
from .models import (
    DIGEST,
    DIGEST_KINDS,
    EMAIL_KINDS,
    EVERY,
    NONE,
    Profile,
    is_suspended,
    suspension_sentence,
    time_zone_names,
)
from .names import USERNAME_MAX, clashing_username, reserved

User = get_user_model()


EMAIL_MAX = 254
PASSWORD_MAX = 128  # a longer one only costs the server hashing time


class SignupForm(UserCreationForm):
    """Sign up and log in at once. The email address is set only when its link is opened (see confirm.py),
    and the page never says whether another account has it."""

    email = forms.EmailField(
        label=gettext_lazy("Email address"),
        max_length=EMAIL_MAX,
        help_text=gettext_lazy(
            "For password resets, and for playing by email if you like. We send a link to confirm it."
        ),
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # the stubs omit the Meta
        model = User
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = cast(forms.CharField, self.fields["username"])
        username.max_length = USERNAME_MAX
        username.widget.attrs["maxlength"] = str(USERNAME_MAX)
        username.help_text = _("Others invite you by it. At most %(limit)d letters, digits and @ . + - _.") % {
            "limit": USERNAME_MAX
        }
        username.validators.append(_at_most(USERNAME_MAX, _username_too_long))
        for name in ("password1", "password2"):
            self.fields[name].validators.append(_at_most(PASSWORD_MAX, _password_too_long))

    def clean_username(self) -> str:
        username = super().clean_username()  # None when another has it, case aside (the error is set)
        if username and reserved(username):
            raise ValidationError(
                _("Names beginning with “computer” are kept for the site's computer players; please choose another.")
            )
        if username and clashing_username(username) is not None:
            raise ValidationError(_("That username looks too much like another player's; please choose another."))
        return username

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip()

    def save(self, commit: bool = True) -> Any:
        user = super().save(commit=False)
        user.email = ""  # until the link sent to it is opened
        if commit:
            user.save()
        return user


def _username_too_long(limit: int, length: int) -> str:
    return _("A username has at most %(limit)d characters (this one has %(length)d).") % {
        "limit": limit,
        "length": length,
    }


def _password_too_long(limit: int, length: int) -> str:
    return _("A password has at most %(limit)d characters (this one has %(length)d).") % {
        "limit": limit,
        "length": length,
    }


def _at_most(limit: int, sentence: Callable[[int, int], str]) -> Any:
    """A validator refusing a value longer than ``limit``; ``sentence(limit, length)`` says so, in the reader's
    language (a whole sentence per field: a translation never joins fragments)."""

    def check(value: str) -> None:
        if len(value) > limit:
            raise ValidationError(sentence(limit, len(value)))

    return check


class ChangeEmailForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("New email address"), max_length=EMAIL_MAX)
    password = forms.CharField(label=gettext_lazy("Your password"), strip=False, widget=forms.PasswordInput)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("That is not your password."))
        return password

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip()


class LoginForm(AuthenticationForm):
    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if is_suspended(user):
            raise ValidationError(suspension_sentence(user), code="suspended")


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=[],
        help_text=gettext_lazy("Times on the site and in emails are shown in this zone."),
    )

    language = forms.ChoiceField(
        choices=[],
        required=False,
        label=gettext_lazy("Language"),
        help_text=gettext_lazy("The language of the site and of your emails."),
    )

    class Meta:
        model = Profile
        fields = ("display_name", "time_zone", "language")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["language"]).choices = languages.choices()
        cast(forms.ChoiceField, self.fields["time_zone"]).choices = [
            (name, name.replace("_", " ")) for name in time_zone_names()
        ]
        self.fields["display_name"].error_messages["max_length"] = gettext_lazy(
            "A display name has at most %(limit_value)d characters (this one has %(show_value)d)."
        )

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        others = User.objects.exclude(pk=self.instance.user_id)
        # Another player's username as your display name would let you pass for them in a game.
        if name and reserved(name):
            raise ValidationError(_("Names beginning with “computer” are kept for the site's computer players."))
        if name and (
            others.filter(username__iexact=name).exists() or clashing_username(name, exclude_pk=self.instance.user_id)
        ):
            raise ValidationError(_("That is another player's username; please choose a different name."))
        return name


class EmailSettingsForm(forms.Form):
    """Per kind of email: every email, a daily digest (your turn only), or none; and the digest's hour."""

    digest_hour = forms.TypedChoiceField(
        label=gettext_lazy("Send the daily digest at"),
        coerce=int,
        choices=[],
        help_text=gettext_lazy("In your time zone (set above on your profile)."),
    )

    same_subject = forms.BooleanField(
        label=gettext_lazy("One subject line per game"),
        required=False,
        help_text=gettext_lazy(
            "For Gmail and other mail programs that start a new conversation when the subject "
            "changes: every email about a game keeps the same subject, and says inside whose "
            "move it is."
        ),
    )

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.profile = profile
        # Each hour as the reader's language writes a time of day ("8 a.m.", "08:00", "8:00").
        cast(forms.ChoiceField, self.fields["digest_hour"]).choices = [
            (h, time_format(datetime.time(h), "TIME_FORMAT")) for h in range(24)
        ]
        for kind, label in EMAIL_KINDS.items():
            choices = [(EVERY, _("Every email"))]
            if kind in DIGEST_KINDS:
                choices.append((DIGEST, _("A daily digest")))
            choices.append((NONE, pgettext("no email", "None")))
            self.fields[kind] = forms.ChoiceField(label=label, choices=choices, initial=profile.email_mode(kind))
        self.fields["digest_hour"].initial = profile.digest_hour
        self.fields["same_subject"].initial = profile.same_subject
        self.order_fields([*EMAIL_KINDS, "digest_hour", "same_subject"])

    def save(self) -> Profile:
        self.profile.email_modes = {kind: self.cleaned_data[kind] for kind in EMAIL_KINDS}
        self.profile.digest_hour = self.cleaned_data["digest_hour"]
        self.profile.same_subject = self.cleaned_data["same_subject"]
        self.profile.save(update_fields=["email_modes", "digest_hour", "same_subject"])
        return self.profile


class AwayForm(forms.Form):
    days = forms.IntegerField(label=gettext_lazy("Days away"), min_value=1, max_value=366)
