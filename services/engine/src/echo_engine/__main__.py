from echo_runtime.serve import serve

from echo_engine.app import create_app
from echo_engine.settings import Settings


def main() -> None:
    settings = Settings()
    serve("engine", settings, create_app(settings))


if __name__ == "__main__":
    main()
