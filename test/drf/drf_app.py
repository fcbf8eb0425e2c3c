#!/usr/bin/env python3
"""The reference for the differential test: Django REST framework itself.

Reads a JSON list of cases on stdin and writes a JSON list of results on
stdout. Each case names a scheme and its settings, a request (path with query,
Host, Accept), and the reversals to make; Django's test client sends the
request through Django's URL resolver into a DRF APIView, whose response gives
the status, the detail of an error, the version and the reversed URLs.

The routes mirror the TypeScript twin in test/drf/twin.ts.
"""
import json
import sys

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF=__name__,
    SECRET_KEY="differential-test",
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"],
    MIDDLEWARE=[],
    REST_FRAMEWORK={
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
        "DEFAULT_PARSER_CLASSES": [],
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
    },
)
django.setup()

from django.test import Client  # noqa: E402
from django.urls import NoReverseMatch, include, path, re_path  # noqa: E402
from rest_framework import versioning  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.reverse import reverse  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

SCHEMES = {
    "accept-header": versioning.AcceptHeaderVersioning,
    "url-path": versioning.URLPathVersioning,
    "namespace": versioning.NamespaceVersioning,
    "host-name": versioning.HostNameVersioning,
    "query-parameter": versioning.QueryParameterVersioning,
}

CURRENT = {}


class VersionView(APIView):
    """Answers with the request's version and the URLs the case asks to reverse."""

    @property
    def versioning_class(self):
        return CURRENT["scheme"]

    def get(self, request, *args, **kwargs):
        urls = []
        for name, kwargs_ in CURRENT["reverse"]:
            try:
                urls.append(reverse(name, kwargs=kwargs_ or None, request=request))
            except NoReverseMatch:
                urls.append(None)
        return Response({"version": request.version, "urls": urls})


view = VersionView.as_view()

items = [
    path("items/", view, name="item-list"),
    path("items/<int:pk>/", view, name="item-detail"),
]
nested = [path("deep/<int:pk>/", view, name="deep")]

urlpatterns = [
    path("plain/", view, name="plain"),
    re_path(r"^path/(?P<version>[^/]+)/items/$", view, name="vitem-list"),
    re_path(r"^path/(?P<version>[^/]+)/items/(?P<pk>[0-9]+)/$", view, name="vitem-detail"),
    path("v1/", include((items + [path("nested/", include((nested, "inner"), namespace="inner"))], "v1"), namespace="v1")),
    path("v2/", include((items, "v2"), namespace="v2")),
    path("api/", include(([path("v1/", include((items, "v1"), namespace="v1"))], "api"), namespace="api")),
    path("other/", include((items, "other"), namespace="other")),
]


def scheme_class(case):
    base = SCHEMES[case["scheme"]]
    options = case["options"]
    attrs = {
        "default_version": options["defaultVersion"],
        "allowed_versions": options["allowedVersions"],
        "version_param": options["versionParam"],
    }
    return type("CaseVersioning", (base,), attrs)


def run(case, client):
    CURRENT["scheme"] = scheme_class(case)
    CURRENT["reverse"] = [(r["name"], r.get("kwargs") or {}) for r in case["reverse"]]
    extra = {"HTTP_HOST": case["host"]}
    if case.get("accept") is not None:
        extra["HTTP_ACCEPT"] = case["accept"]
    response = client.get(case["path"], **extra)
    result = {"status": response.status_code}
    try:
        body = json.loads(response.content.decode("utf-8"))
    except ValueError:
        body = None
    if response.status_code == 200 and isinstance(body, dict):
        result["version"] = body.get("version")
        result["urls"] = body.get("urls")
    elif isinstance(body, dict) and "detail" in body:
        result["detail"] = body["detail"]
    return result


def main():
    cases = json.load(sys.stdin)
    client = Client(raise_request_exception=False)
    out = []
    for case in cases:
        try:
            out.append(run(case, client))
        except Exception as error:  # a crash of the reference is a result too
            out.append({"status": -1, "error": f"{type(error).__name__}: {error}"})
    json.dump({"drf": __import__("rest_framework").VERSION, "django": django.get_version(), "results": out}, sys.stdout)


if __name__ == "__main__":
    main()
