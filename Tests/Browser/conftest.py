"""Browser journeys against the real FinMind server: fixtures for the server and Chromium."""
import os, re, shutil, subprocess, tempfile, time

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
    driver.set_window_size(*SIZES[size])
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.language, driver.size, driver.javascript, driver.dark = language, size, javascript, dark
    driver.problems = []  # what light_check finds after every navigation
    return driver


@pytest.fixture
def browser_factory():
    drivers = []

    def factory(**kwargs):
        driver = make_driver(**kwargs)
        drivers.append(driver)
        return driver
    yield factory
    for driver in drivers:
        driver.quit()
