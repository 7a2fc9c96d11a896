"""Small actions a person takes: follow a link, fill a form, read a figure."""
import json
import re
import time

from selenium.webdriver.common.by import By
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import Select

from checks import light_check


def click_and_wait(driver, element, timeout=15):
    """Clicks `element` and waits until the next page has replaced this one and loaded.
    The current document is marked first; the wait ends when a document without the mark
    has finished loading (robust against chromedriver's errors while a page is swapped)."""
    mark = f"visit-{time.monotonic_ns()}"
    driver.execute_script("document.documentElement.dataset.visit = arguments[0];", mark)
    try:
        element.click()
    except WebDriverException as error:
        if "does not belong to the document" not in str(error):
            raise
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = driver.execute_script("return [document.documentElement.dataset.visit || '', document.readyState];")
            if state[0] != mark and state[1] == "complete":
                driver.problems += light_check(driver)
                return
        except WebDriverException:
            pass
        time.sleep(0.02)
    raise TimeoutError("the click did not lead to a new page")


def go(driver, server, path):
    driver.get(server.url + path)
    driver.problems += light_check(driver)


def fill(driver, values):
    """Types each value into the field named by its key (text, date, select or radio)."""
    for name, value in values.items():
        radios = driver.find_elements(By.CSS_SELECTOR, f"input[type=radio][name='{name}']")
        if radios:
            next(r for r in radios if r.get_attribute("value") == value).click()
            continue
        element = driver.find_element(By.ID, f"field-{name}")
        if element.tag_name == "select":
            Select(element).select_by_value(value)
        elif element.get_attribute("type") == "date":
            driver.execute_script("arguments[0].value = arguments[1];", element, value)
        else:
            element.clear()
            element.send_keys(value)


def submit(driver, label=None):
    """Clicks the form's primary button (or the button with `label`) and waits for the next page."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "form button[type=submit]")
    button = next((b for b in buttons if label and b.text.strip() == label), None) or \
        next(b for b in buttons if "primary" in (b.get_attribute("class") or ""))
    click_and_wait(driver, button)


def click_link(driver, text):
    click_and_wait(driver, driver.find_element(By.PARTIAL_LINK_TEXT, text))


def api(driver, server, path):
    """Reads a JSON API the way the browser would (same cookies)."""
    driver.get(server.url + path)
    value = json.loads(driver.find_element(By.TAG_NAME, "body").text)
    driver.get_log("browser")  # a raw JSON view asks for /favicon.ico; pages themselves never do
    return value


def flash(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".flash p")
    return found[0].text if found else ""


def money_text(minor, language, symbol):
    """The display format (docs/engine-rules.md, "Typed amounts and rates"): en "$1,234.50", ru "1 234,50 $" with no-break spaces,
    de "1.234,50 $"."""
    sign = "−" if minor < 0 else ""
    units, cents = divmod(abs(minor), 100)
    if language == "en":
        return f"{sign}{symbol}{units:,}.{cents:02d}"
    if language == "de":
        return f"{sign}{units:,},{cents:02d} {symbol}".replace(",", ".", f"{units:,}".count(","))
    grouped = f"{units:,}".replace(",", " ")
    return f"{sign}{grouped},{cents:02d} {symbol}"  # no-break spaces, as page_text reports them


def page_text(driver):
    """The visible text, with no-break spaces as plain spaces (as WebDriver reports them)."""
    return driver.find_element(By.TAG_NAME, "body").text.replace("\u00a0", " ")


def wait_for_text(driver, text, timeout=20):
    """Waits until the page shows `text`, tolerating a page that is being replaced meanwhile
    (script-driven navigation: the body read may belong to the document just unloaded)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if driver.execute_script("return document.readyState") == "complete" and text in page_text(driver):
                return True
        except WebDriverException:
            pass
        time.sleep(0.05)
    return False


def submit_form(driver, action, label=None):
    """Clicks the submit button (or the one showing `label`) of the form posting to `action`."""
    form = driver.find_element(By.CSS_SELECTOR, f"form[action='{action}']")
    buttons = form.find_elements(By.CSS_SELECTOR, "button[type=submit]")
    button = next((b for b in buttons if label and b.text.strip() == label), buttons[0])
    click_and_wait(driver, button)


def warm_up(driver, server):
    """A new browser's first load pays for starting its network stack: do it on a static
    file before any page is timed."""
    driver.get(server.url + "/static/app.css")
    driver.get_log("browser")


def skip_onboarding(driver, server):
    warm_up(driver, server)
    go(driver, server, "/")
    submit_form(driver, "/welcome", {"en": "Skip", "ru": "Пропустить"}[driver.language])
