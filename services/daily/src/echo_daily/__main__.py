from echo_runtime.serve import serve

from echo_daily.app import create_app
from echo_daily.settings import Settings


def main() -> None:
    settings = Settings()
    serve("daily", settings, create_app(settings))


if __name__ == "__main__":
    main()
