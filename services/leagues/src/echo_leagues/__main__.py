from echo_runtime.serve import serve

from echo_leagues.app import create_app
from echo_leagues.settings import Settings


def main() -> None:
    settings = Settings()
    serve("leagues", settings, create_app(settings))


if __name__ == "__main__":
    main()
