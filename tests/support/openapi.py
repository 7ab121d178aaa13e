"""Reading the gateway's OpenAPI document in tests: its operations, the schema of a response, and a
validator that holds a real body to that schema — strictly: a field the document does not name is an error."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator

METHODS = ("get", "put", "post", "delete", "patch")


def operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(path template, method, operation) of every operation in the document."""
    for path, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def success(operation: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
    """The operation's one 2xx response: its status, media type and schema."""
    [(status, response)] = [(s, r) for s, r in operation["responses"].items() if s.startswith("2")]
    [(media, content)] = response["content"].items()
    return int(status), media, content["schema"]


def _closed(schema: Any) -> Any:
    """Every object schema that lists its properties allows no others."""
    if isinstance(schema, dict):
        closed = {key: _closed(value) for key, value in schema.items()}
        if "properties" in closed and "additionalProperties" not in closed:
            closed["additionalProperties"] = False
        return closed
    if isinstance(schema, list):
        return [_closed(value) for value in schema]
    return schema


def body_validator(document: dict[str, Any], path: str, method: str, status: int) -> Draft202012Validator:
    """A validator of the body the operation documents for this status."""
    operation = document["paths"][path][method.lower()]
    assert str(status) in operation["responses"], f"{method} {path} answered {status}, not documented"
    content = operation["responses"][str(status)].get("content") or {}
    schema = content["application/json"]["schema"]
    root = {**copy.deepcopy(schema), "components": _closed(document["components"])}
    return Draft202012Validator(_closed(root))


def assert_documented(document: dict[str, Any], path: str, method: str, body: Any, status: int = 200) -> None:
    """`body` is what the document says the operation answers with this status (strictly)."""
    errors = [error.message for error in body_validator(document, path, method, status).iter_errors(body)]
    assert not errors, (method, path, errors, body)
