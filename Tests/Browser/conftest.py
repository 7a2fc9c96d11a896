"""Browser journeys against the real FinMind server: fixtures for the server and Chromium."""
import os, re, shutil, subprocess, tempfile, time, urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webelement import WebElement

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.environ.get("BROWSER_ARTIFACTS", os.path.join(ROOT, "browser-artifacts"))
SIZES = {"phone": (390, 844), "laptop": (1280, 900)}
TODAY = "2026-11-21"


# On a phone the destinations are a bar fixed at the bottom of the screen: a person scrolls what
# they tap above it. WebDriver only scrolls an element that is off screen, so a button just
# behind the bar would be "intercepted"; every click first brings its element to mid-screen.
_click = WebElement.click


def _click_mid_screen(self):
    self.parent.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", self)
    _click(self)


WebElement.click = _click_mid_screen


class Server:
    """finmind on a free loopback port over a fresh database."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="finmind-browser-")
        self.db = os.path.join(self.folder, "db.sqlite")
        self.start()

    def start(self):
        binary = os.environ.get("FINMIND_BIN", os.path.join(ROOT, ".build", "debug", "finmind"))
        env = dict(os.environ, XDG_DATA_HOME=self.folder)
        self.process = subprocess.Popen([binary, "--port", "0", "--db", self.db, "--today", TODAY, "--tz", "UTC"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        line = self.process.stdout.readline()
        self.port = int(re.search(r":(\d+)/", line).group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def restart(self):
        self.stop()
        self.start()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(15)

    def close(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _is_worker(config):
    return hasattr(config, "workerinput")  # a pytest-xdist worker (scripts/browser-test runs two)


def pytest_sessionstart(session):
    if not _is_worker(session.config):
        from standards import clear_saved_html
        clear_saved_html()
        for name in os.listdir(ARTIFACTS) if os.path.isdir(ARTIFACTS) else []:
            if name.startswith("navigation-times-"):
                os.remove(os.path.join(ARTIFACTS, name))


def report_navigation_times(reporter):
    """Prints how long the journeys' navigations took (checks.record_navigation_time): the count,
    the median, the 95th percentile and the five slowest. Information only: the speed goals are
    WebBenchmark's and scripts/bench's, on a machine that is not running Chromium twice."""
    times = []
    for name in os.listdir(ARTIFACTS) if os.path.isdir(ARTIFACTS) else []:
        if name.startswith("navigation-times-"):
            with open(os.path.join(ARTIFACTS, name), encoding="utf-8") as lines:
                times += [(float(ms), url) for ms, url in (line.rstrip("\n").split("\t", 1) for line in lines if "\t" in line)]
    if not times:
        return
    times.sort()
    median, p95 = times[len(times) // 2][0], times[min(len(times) - 1, int(len(times) * 0.95))][0]
    reporter.write_sep("-", "navigation times (information: not judged here)")
    reporter.write_line(f"{len(times)} page loads: median {median:.0f} ms, 95th percentile {p95:.0f} ms; slowest:")
    for ms, url in times[-5:][::-1]:
        reporter.write_line(f"  {ms:.0f} ms  {url}")


def pytest_sessionfinish(session, exitstatus):
    """The W3C Nu HTML checker, once, over the HTML of every page the session's tests visited
    (standards.py saves one of each kind of page, status and language): run by the process that
    ran the tests or started the workers, after all of them. An error fails the run."""
    if _is_worker(session.config) or exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        return
    from standards import nu_errors, saved_pages
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    report_navigation_times(reporter)
    pages = saved_pages()
    if not pages:
        return
    errors = nu_errors()
    if errors:
        reporter.write_sep("=", f"FAILED: the Nu HTML checker over {len(pages)} pages", red=True)
        for line in errors[:60]:
            reporter.write_line(line)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    else:
        reporter.write_line(f"The Nu HTML checker over {len(pages)} pages: no error.")


# The longest tests start first: pytest-xdist hands tests out in collection order, and the axe
# crawl (a third of a worker's time) started last would leave the other worker idle at the end.
FIRST = ("test_every_page_passes_axe_and_the_nu_checker", "test_dates_and_quotes_in_each_language",
         "test_contrast_with_every_accent")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: FIRST.index(item.originalname) if item.originalname in FIRST else len(FIRST))


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def make_driver(language="en", size="laptop", javascript=True, dark=False):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={SIZES[size][0]},{SIZES[size][1]}", f"--lang={language}"]:
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.language, driver.javascript = language, javascript
    driver.origins = set()  # every server this browser was sent to (reset_driver empties their storage)
    load = driver.get

    def get(url):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("http", "https"):
            driver.origins.add(f"{parts.scheme}://{parts.netloc}")
        load(url)
    driver.get = get
    return prepare_driver(driver, size, dark)


def prepare_driver(driver, size, dark):
    """A new test's browser: its size and theme, and nothing found yet."""
    driver.set_window_size(*SIZES[size])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}] if dark else []})
    driver.size, driver.dark = size, dark
    driver.problems = []  # what light_check finds after every navigation
    driver.standards_seen = set()  # the pages check_standards has seen in this test (standards.py)
    return driver


def reset_driver(driver):
    """Takes away what a test left in its browser, so that the next test gets it as if new
    (the language and JavaScript, set when Chromium starts, are the pool's key): the page, every
    cookie, the cache, and the storage of every server it visited (localStorage remembers the
    Budget page's open sections, and a new server may get an old one's port)."""
    driver.get("about:blank")
    for origin in driver.origins:
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.origins = set()
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.implicitly_wait(0)
    driver.set_script_timeout(30)
    driver.get_log("browser")


# One pool of Chromiums per worker process, keyed by what is fixed when Chromium starts (language,
# JavaScript): starting one costs about a second (60 a run), and a test takes as many as it uses
# at once. Each is reset between tests (reset_driver).
_pool = {}
POOL_LIMIT = 2  # idle browsers kept per key; more are quit


@pytest.fixture
def browser_factory():
    drivers = []

    def factory(language="en", size="laptop", javascript=True, dark=False):
        idle = _pool.get((language, javascript), [])
        driver = prepare_driver(idle.pop(), size, dark) if idle else make_driver(language, size, javascript, dark)
        drivers.append(driver)
        return driver
    yield factory
    for driver in drivers:
        idle = _pool.setdefault((driver.language, driver.javascript), [])
        try:
            if len(idle) >= POOL_LIMIT:
                raise RuntimeError("enough idle browsers")
            reset_driver(driver)
            idle.append(driver)
        except Exception:
            driver.quit()


def pytest_unconfigure(config):
    for idle in _pool.values():
        for driver in idle:
            driver.quit()
    _pool.clear()
