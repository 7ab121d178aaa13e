# syntax=docker/dockerfile:1.7
# One image for all five services; the service is chosen by the command:
#   docker run IMAGE python -m echo_gateway      (the default)
#   docker run IMAGE python -m echo_engine | echo_daily | echo_leagues | echo_social
#   docker run IMAGE python -m echo_runtime.migrate
# Pin both images by digest in CI (`@sha256:...`) for reproducible builds.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm
ARG UV_IMAGE=ghcr.io/astral-sh/uv:0.13.9

FROM ${UV_IMAGE} AS uv

# ---- build: resolve from uv.lock into /app/.venv ----
FROM ${PYTHON_IMAGE} AS build
COPY --from=uv /uv /uvx /bin/
ENV UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PYTHON=/usr/local/bin/python3.11 \
    UV_PROJECT_ENVIRONMENT=/app/.venv
WORKDIR /src

# Third-party dependencies first: this layer changes only when uv.lock or a pyproject.toml changes.
COPY pyproject.toml uv.lock ./
COPY libs/events/pyproject.toml libs/events/pyproject.toml
COPY libs/runtime/pyproject.toml libs/runtime/pyproject.toml
COPY libs/games/echo/pyproject.toml libs/games/echo/pyproject.toml
COPY libs/games/ghost_five/pyproject.toml libs/games/ghost_five/pyproject.toml
COPY libs/games/ark/pyproject.toml libs/games/ark/pyproject.toml
COPY libs/games/echoes_of_time/pyproject.toml libs/games/echoes_of_time/pyproject.toml
COPY services/engine/pyproject.toml services/engine/pyproject.toml
COPY services/daily/pyproject.toml services/daily/pyproject.toml
COPY services/leagues/pyproject.toml services/leagues/pyproject.toml
COPY services/social/pyproject.toml services/social/pyproject.toml
COPY services/gateway/pyproject.toml services/gateway/pyproject.toml
COPY examples/tictactoe/pyproject.toml examples/tictactoe/pyproject.toml
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --frozen --all-packages --no-dev --no-install-workspace

# Then the workspace packages themselves, installed as wheels (not editable): the runtime stage needs
# only /app/.venv, no source tree.
COPY libs libs
COPY services services
# The workspace's example game (the capacity benchmark's tic-tac-toe) is read for the lock, never installed:
# production hosts only the platform's games.
COPY examples/tictactoe examples/tictactoe
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --frozen --all-packages --no-dev --no-editable --no-install-package tictactoe-rules

# ---- runtime: the interpreter, the virtualenv, a non-root user ----
FROM ${PYTHON_IMAGE} AS runtime
RUN groupadd --system --gid 10001 echo \
 && useradd --system --uid 10001 --gid echo --no-create-home --home-dir /tmp --shell /usr/sbin/nologin echo
COPY --from=build --chown=root:root /app/.venv /app/.venv
ENV PATH=/app/.venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    HOME=/tmp \
    LOG_FORMAT=json
WORKDIR /app
# Numeric, so that Kubernetes can verify runAsNonRoot without reading /etc/passwd.
USER 10001:10001
EXPOSE 8000 8001 8002 8003 8004
CMD ["python", "-m", "echo_gateway"]
