"""The URLs players use reach the same pages after Echo Challenge's scripts joined the other games' folders
(`/echo/js/`): the home is Echo's page, each game's folder its page, and a script asked for where it was
(`/js/…`, a page cached from before) is redirected for good to where it is."""

import httpx
import pytest

pytestmark = pytest.mark.integration

PAGES = {"/": "/echo/js/app.js", "/ghost/": "/ghost/js/app.js", "/ark/": "/ark/js/app.js", "/eot/": "/eot/js/app.js"}


async def test_each_game_page_loads_its_own_scripts(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        for page, script in PAGES.items():
            response = await client.get(page)
            assert response.status_code == 200, page
            assert f'<script type="module" src="{script}">' in response.text, page
            assert (await client.get(script)).status_code == 200, script
        assert (await client.get("/shell/connection.js")).status_code == 200  # the shell all four share


async def test_a_script_asked_for_where_it_was_is_redirected_to_where_it_is(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        for name in ("app.js", "i18n.js", "game.js"):
            moved = await client.get(f"/js/{name}")
            assert moved.status_code == 301, name
            assert moved.headers["location"] == f"/echo/js/{name}"
            served = await client.get(moved.headers["location"])
            assert served.status_code == 200
            assert "javascript" in served.headers["content-type"]
        assert (await client.get("/js/never-there.js")).status_code == 404


async def test_the_echo_folder_leads_to_the_home_which_is_echo_s_page(system: str) -> None:
    async with httpx.AsyncClient(base_url=system) as client:
        for path in ("/echo", "/echo/"):
            moved = await client.get(path)
            assert moved.status_code == 301, path
            assert moved.headers["location"] == "/"
