"""Inputs the HTTP fuzzer (test_http_fuzz.py) found answered with a 500, each kept as a plain example: now
every one gets a 4xx that is JSON and says what was wrong."""

import httpx
import pytest

pytestmark = pytest.mark.integration


def message_of(response: httpx.Response) -> str:
    body = response.json()
    return body["error"]["message"] if "error" in body else body["detail"]


async def test_a_web_path_no_file_can_have_is_not_found(system: str) -> None:
    """Litestar's static files answered 500 to an OSError (name too long, a file taken for a folder) or a
    ValueError (NUL) from the file system."""
    async with httpx.AsyncClient(base_url=system) as client:
        for path in ("/" + "0" * 300, "/js/" + "a" * 300, "/index.html/x", "/%00", "/index.html%00"):
            response = await client.get(path)
            assert response.status_code == 404, (path, response.text)
            assert "no file or directory" in message_of(response), path
        assert (await client.get("/index.html")).status_code == 200


async def test_a_value_json_cannot_pass_on_to_a_service_is_a_bad_request(system: str) -> None:
    """The gateway forwards some of the client's values to the social and leagues services as JSON (orjson):
    an integer beyond 64 bits or nesting deeper than 254 raised there, a 500."""
    deep = b"[" * 300 + b"]" * 300
    cases = [
        ("POST", "/api/v1/friends", b'{"callsign": ' + deep + b"}", "Recursion limit"),
        ("POST", "/api/v1/friends", b'{"account_id": ' + b'{"a": ' * 300 + b"1" + b"}" * 301, "Recursion limit"),
        ("POST", "/api/v1/account/login", b'{"email": ' + deep + b"}", "Recursion limit"),
        ("PUT", "/api/v1/account/callsign", b'{"callsign": 1180591620717411303424}', "64-bit"),
        ("POST", "/api/v1/account/email", b'{"email": -9223372036854775809}', "64-bit"),
        ("GET", "/api/v1/charts/bronze/2026-11-01?limit=1180591620717411303424", None, "64-bit"),
        ("GET", "/api/v1/results/bronze/2026-11-01?limit=-1180591620717411303424", None, "64-bit"),
    ]
    async with httpx.AsyncClient(base_url=system) as client:
        token = (await client.post("/api/v1/guest")).json()["token"]
        headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
        for method, path, body, named in cases:
            response = await client.request(method, path, content=body, headers=headers)
            assert response.status_code == 400, (method, path, response.text)
            assert response.json()["error"]["code"] == "bad_request"
            assert named in message_of(response), (method, path, response.text)
