from echo_runtime.serve import serve

from echo_gateway.app import create_app
from echo_gateway.settings import Settings


def main() -> None:
    settings = Settings()
    serve("gateway", settings, create_app(settings))


if __name__ == "__main__":
    main()
