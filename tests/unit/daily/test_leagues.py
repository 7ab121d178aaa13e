import pytest
from echo_daily.calendar.leagues import League
from echo_events.daily import LEAGUES

pytestmark = pytest.mark.unit


def test_four_leagues_in_order_with_russian_names():
    assert [lg.value for lg in League] == ["bronze", "silver", "gold", "platinum"]
    assert [lg.name_ru for lg in League] == ["Бронза", "Серебро", "Золото", "Платина"]
    assert League.SILVER.title_ru == "Серебряная лига"
    assert [lg.rank for lg in League] == [0, 1, 2, 3]
    assert League.BRONZE.down is None and League.PLATINUM.up is None
    assert League.SILVER.up is League.GOLD and League.SILVER.down is League.BRONZE


def test_the_event_contract_knows_the_same_leagues():
    assert tuple(lg.value for lg in League) == LEAGUES
