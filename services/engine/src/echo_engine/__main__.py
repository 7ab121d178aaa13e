from echo_runtime.serve import serve
from litestar import Litestar

from echo_engine.app import create_app
from echo_engine.settings import Settings


def build() -> tuple[Settings, Litestar]:
    """The service's settings (from the environment) and its app: run alone by `main`, or beside the others
    in one process by `make run` (entry point group `echo.services`)."""
    settings = Settings()
    return settings, create_app(settings)


def main() -> None:
    serve("engine", *build())


if __name__ == "__main__":
    main()
