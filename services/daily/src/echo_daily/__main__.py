from echo_runtime.serve import serve

from echo_daily.app import create_app
from echo_daily.settings import Settings


def main() -> None:
    settings = Settings()
    try:
        app = create_app(settings)
    except ValueError as error:  # a missing secret or launch date: refuse to start, say why
        raise SystemExit(f"echo_daily refuses to start: {error}") from None
    serve("daily", settings, app)


if __name__ == "__main__":
    main()
