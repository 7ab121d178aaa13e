from echo_runtime.serve import serve
from litestar import Litestar

from echo_daily.app import create_app
from echo_daily.settings import Settings


def build() -> tuple[Settings, Litestar]:
    """The service's settings (from the environment) and its app: run alone by `main`, or beside the others
    in one process by `make run` (entry point group `echo.services`)."""
    settings = Settings()
    try:
        return settings, create_app(settings)
    except ValueError as error:  # a missing secret or launch date: refuse to start, say why
        raise SystemExit(f"echo_daily refuses to start: {error}") from None


def main() -> None:
    serve("daily", *build())


if __name__ == "__main__":
    main()
