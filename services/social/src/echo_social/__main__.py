from echo_runtime.serve import serve

from echo_social.app import create_app
from echo_social.settings import Settings


def main() -> None:
    settings = Settings()
    serve("social", settings, create_app(settings))


if __name__ == "__main__":
    main()
