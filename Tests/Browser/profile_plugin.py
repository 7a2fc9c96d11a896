"""A profile of where the browser suite's time goes (`-p profile_plugin`; not loaded by default).
Times every WebDriver command by kind (axe-core's injection and run apart from other scripts),
starting and quitting Chromium, the server's start and stop, the HTML fetched for the Nu checker
and the polling sleeps; each worker writes its totals to browser-artifacts/profile-<worker>.tsv
and the session prints the sum. Information only: nothing is judged."""
import collections
import os
import time

import pytest
import conftest
import helpers
import checks
import standards
from selenium.webdriver.remote.webdriver import WebDriver

TOTALS = collections.defaultdict(lambda: [0, 0.0])  # kind -> [count, seconds]
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
FILE = os.path.join(conftest.ARTIFACTS, f"profile-{WORKER}.tsv")


def _add(kind, started):
    total = TOTALS[kind]
    total[0] += 1
    total[1] += time.perf_counter() - started


def _timed(kind, function):
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _add(kind, started)
    return wrapper


_execute = WebDriver.execute


# What a script is, by a piece of its text (the first that matches; axe-core itself by its size).
SCRIPT_KINDS = [
    ("axe.run", "script: run axe-core"),
    ("const [wait, contrast]", "script: page state (quick checks)"),
    ("typeof window.axe", "script: is axe there"),
    ("loadEventEnd > 0", "script: settle poll"),
    ("dataset.visit", "script: click_and_wait poll"),
    ("createTreeWalker(document.body, NodeFilter.SHOW_TEXT);\nconst seen", "script: contrast"),
]


def _execute_timed(self, command, params=None):
    kind = command
    if command in ("executeScript", "w3cExecuteScript", "executeAsyncScript", "w3cExecuteScriptAsync") and params:
        script = params.get("script", "")
        kind = "script: inject axe-core" if len(script) > 100000 else \
            next((name for piece, name in SCRIPT_KINDS if piece in script), "script: other")
    started = time.perf_counter()
    try:
        return _execute(self, command, params)
    finally:
        _add(kind, started)


WebDriver.execute = _execute_timed
WebDriver.quit = _timed("quit Chromium", WebDriver.quit)
conftest.make_driver = _timed("start Chromium (make_driver)", conftest.make_driver)
conftest.Server.start = _timed("server start", conftest.Server.start)
conftest.Server.stop = _timed("server stop", conftest.Server.stop)
standards.save_html = _timed("save_html (fetch for Nu)", standards.save_html)
standards.check_standards = _timed("check_standards (axe + save)", standards.check_standards)
standards.axe_problems = _timed("axe_problems (answer asked for, run or remembered)", standards.axe_problems)
checks.check_standards = standards.check_standards
checks.check_page = _timed("check_page (all)", checks.check_page)
checks.focus_problems = _timed("check_page: focus", checks.focus_problems)
checks.zoom_problems = _timed("check_page: zoom", checks.zoom_problems)
checks.light_check = _timed("light_check (all)", checks.light_check)
helpers.light_check = checks.light_check
_sleep = time.sleep
time.sleep = _timed("time.sleep (polling)", _sleep)
standards.nu_errors = _timed("Nu checker", standards.nu_errors)


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput") and os.path.isdir(conftest.ARTIFACTS):
        for name in os.listdir(conftest.ARTIFACTS):
            if name.startswith("profile-"):
                os.remove(os.path.join(conftest.ARTIFACTS, name))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    os.makedirs(conftest.ARTIFACTS, exist_ok=True)
    with open(FILE, "w", encoding="utf-8") as out:
        for kind, (count, seconds) in TOTALS.items():
            out.write(f"{kind}\t{count}\t{seconds:.3f}\n")
    if hasattr(session.config, "workerinput"):
        return
    merged = collections.defaultdict(lambda: [0, 0.0])
    for name in os.listdir(conftest.ARTIFACTS):
        if name.startswith("profile-") and name.endswith(".tsv"):
            with open(os.path.join(conftest.ARTIFACTS, name), encoding="utf-8") as lines:
                for line in lines:
                    kind, count, seconds = line.rstrip("\n").split("\t")
                    merged[kind][0] += int(count)
                    merged[kind][1] += float(seconds)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    reporter.write_sep("-", "profile (seconds summed over the workers; nested kinds overlap)")
    for kind, (count, seconds) in sorted(merged.items(), key=lambda item: -item[1][1]):
        reporter.write_line(f"{seconds:9.1f} s {count:7d}  {kind}  ({1000 * seconds / max(count, 1):.1f} ms each)")
