"""Where the web client's files were: Echo Challenge's scripts lived in `/js/` before they joined the other
games' folders as `/echo/js/`. A page a browser kept from before (an installed app's cached page) still asks
for them there, so each is redirected, permanently; a name that was never there stays a 404 of the static
files. Echo's page itself is the site's home, `/`: `/echo/` leads there, as `/ghost/` leads to Ghost Five."""

from __future__ import annotations

from pathlib import Path

from litestar import Request, get
from litestar.response import Redirect

ECHO_SCRIPTS = Path(__file__).parent / "web" / "echo" / "js"
OLD_SCRIPTS = sorted(f"/js/{script.name}" for script in ECHO_SCRIPTS.glob("*.js"))


@get(OLD_SCRIPTS, include_in_schema=False)
async def moved_script(request: Request) -> Redirect:
    return Redirect(f"/echo{request.url.path}", status_code=301)


@get("/echo", include_in_schema=False)
async def echo_page() -> Redirect:
    return Redirect("/", status_code=301)


WEB_MOVES = [moved_script, echo_page]
