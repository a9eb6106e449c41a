from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers and uptime checks: the process serves requests (no database query)."""
    return HttpResponse("ok", content_type="text/plain")
