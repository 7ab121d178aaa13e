"""The four leagues, lowest first (echo-challenge.md §17)."""

from __future__ import annotations

from enum import StrEnum


class League(StrEnum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"
    PLATINUM = "platinum"

    @property
    def rank(self) -> int:
        """0 for Bronze … 3 for Platinum."""
        return _ORDER.index(self)

    @property
    def name_ru(self) -> str:
        """The league's short Russian name: «Бронза»."""
        return _NAME_RU[self]

    @property
    def title_ru(self) -> str:
        """The league as the rules page names it: «Бронзовая лига»."""
        return _TITLE_RU[self]

    @property
    def up(self) -> League | None:
        """The next league up, or None from Platinum."""
        i = self.rank + 1
        return _ORDER[i] if i < len(_ORDER) else None

    @property
    def down(self) -> League | None:
        """The next league down, or None from Bronze."""
        return _ORDER[self.rank - 1] if self.rank > 0 else None


_ORDER: tuple[League, ...] = tuple(League)
_NAME_RU = {
    League.BRONZE: "Бронза",
    League.SILVER: "Серебро",
    League.GOLD: "Золото",
    League.PLATINUM: "Платина",
}
_TITLE_RU = {
    League.BRONZE: "Бронзовая лига",
    League.SILVER: "Серебряная лига",
    League.GOLD: "Золотая лига",
    League.PLATINUM: "Платиновая лига",
}
