"""eotctl: the command-line tool of the rules (not written yet)."""

import sys


def main() -> int:
    print("eotctl: not implemented yet", file=sys.stderr)
    return 2
