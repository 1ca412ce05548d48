"""Schemathesis against the OpenAPI spec of a cluster process: requests made from the spec (with
and without a valid token) never get a server error. A short, bounded run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from tests.scale.cluster_live import Node


def test_no_request_from_the_spec_gets_a_server_error(cluster: Callable[..., list[Node]]) -> None:
    (node,) = cluster(1)
    token, _ = node.guest("spec")
    schema = schemathesis.openapi.from_url(node.url + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 10
    for operation in operations:

        @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy())
        def call(case: Any) -> None:
            case.call_and_validate(base_url=node.url, checks=[not_a_server_error], timeout=30)
            if "authorization" not in {h.lower() for h in case.headers or {}}:
                signed = {"Authorization": f"Bearer {token}"}
                case.call_and_validate(
                    base_url=node.url, checks=[not_a_server_error], timeout=30, headers=signed
                )

        call()
