"""The harness's NATS users: one random password per service for the whole test process, in the environment
so that every service the tests start (in-process or as a child process) connects as its own user."""

from __future__ import annotations

import os

from echo_runtime.devstack import generated_credentials, service_env

CREDENTIALS = generated_credentials()
for variable, value in service_env(CREDENTIALS).items():
    os.environ.setdefault(variable, value)
