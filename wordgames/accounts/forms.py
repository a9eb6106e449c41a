from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

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

User = get_user_model()


def _email_taken(email: str, exclude_pk: int | None = None) -> bool:
    return User.objects.filter(email__iexact=email).exclude(pk=exclude_pk).exists()


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label="Email address", help_text="For password resets, and for playing by email if you like."
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"username": "Others invite you by it. Letters, digits and @ . + - _ only."}

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if _email_taken(email):
            raise ValidationError("Someone has signed up with this email address already. Forgot your password?")
        return email


class LoginForm(AuthenticationForm):
    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if is_suspended(user):
            raise ValidationError(suspension_sentence(user), code="suspended")


class ProfileForm(forms.ModelForm):
    email = forms.EmailField(label="Email address")
    time_zone = forms.ChoiceField(
        choices=[], help_text="Times on the site and in emails are shown in this zone."
    )

    class Meta:
        model = Profile
        fields = ("display_name", "email", "time_zone")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name.replace("_", " ")) for name in time_zone_names()]
        self.fields["email"].initial = self.instance.user.email

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        others = User.objects.exclude(pk=self.instance.user_id)
        # Another player's username as your display name would let you pass for them in a game.
        if name and others.filter(username__iexact=name).exists():
            raise ValidationError("That is another player's username; please choose a different name.")
        return name

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if _email_taken(email, exclude_pk=self.instance.user_id):
            raise ValidationError("Another account uses this email address.")
        return email

    def save(self, commit: bool = True) -> Profile:
        profile = super().save(commit=commit)
        profile.user.email = self.cleaned_data["email"]
        if commit:
            profile.user.save(update_fields=["email"])
        return profile


class EmailSettingsForm(forms.Form):
    """Per kind of email: every email, a daily digest (your turn only), or none; and the digest's hour."""

    digest_hour = forms.TypedChoiceField(
        label="Send the daily digest at", coerce=int, choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text="In your time zone (set above on your profile).",
    )  # fmt: skip

    same_subject = forms.BooleanField(
        label="One subject line per game", required=False,
        help_text="For Gmail and other mail programs that start a new conversation when the subject changes: "
        "every email about a game keeps the same subject, and says inside whose move it is.",
    )  # fmt: skip

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.profile = profile
        for kind, label in EMAIL_KINDS.items():
            choices = [(EVERY, "Every email")]
            if kind in DIGEST_KINDS:
                choices.append((DIGEST, "A daily digest"))
            choices.append((NONE, "None"))
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
    days = forms.IntegerField(label="Days away", min_value=1, max_value=366)
