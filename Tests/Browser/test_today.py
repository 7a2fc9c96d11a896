"""Today: the phone's first screen holds safe to spend and the quick-entry box; a planned
item is confirmed from Today and the browser comes back to Today; a checklist step is marked done
and undone; the web app manifest the layout links resolves. Russian on a phone, English on a laptop."""
import json

import pytest
from selenium.webdriver.common.by import By

from checks import check_page
from helpers import fill, flash, go, submit, submit_form, warm_up

LABELS = {"en": {"done": "Done", "undo": "Undo", "confirm": "Confirm"},
          "ru": {"done": "Сделано", "undo": "Отменить", "confirm": "Подтвердить"}}


def on_first_screen(driver, selector):
    """True when the element's box ends within the window without scrolling."""
    return driver.execute_script("""
        window.scrollTo(0, 0);
        const box = document.querySelector(arguments[0]).getBoundingClientRect();
        return box.height > 0 && box.bottom <= window.innerHeight;""", selector)


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_today(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    warm_up(driver, server)
    go(driver, server, "/")
    fill(driver, {"language": language, "currency": "USD", "income": "5000", "payday": "5", "emergencyMonths": "3"})
    submit(driver)
    go(driver, server, "/data/expense/new?type=recurring")
    fill(driver, {"name": "Rent", "amount": "1500", "category": "housing", "periodicity": "monthly", "start": "2026-01-21"})
    submit(driver)
    go(driver, server, "/data/goal/new")
    fill(driver, {"name": "Vacation", "target": "3000", "priority": "2"})
    submit(driver)

    # Once the onboarding is done, / opens Today.
    go(driver, server, "/")
    assert driver.current_url.endswith("/today")
    assert on_first_screen(driver, "#safe"), "safe to spend on the first screen"
    assert on_first_screen(driver, "#quick"), "the quick-entry box on the first screen"
    assert driver.find_element(By.CSS_SELECTOR, "form[action='/quick'] input[name=text]")
    assert driver.find_element(By.CSS_SELECTOR, "nav a").get_attribute("href").endswith("/today"), "Today first in the menu"
    problems += check_page(driver, "today", True)

    # Confirm today's rent from Today: back on Today, the item gone from the list.
    submit_form(driver, "/calendar/2026-11-21/confirm")
    assert driver.current_url.endswith("/today")
    assert "Rent" in (driver.find_element(By.CSS_SELECTOR, ".flash p").get_attribute("textContent") or ""), driver.page_source[:3000]
    assert not driver.find_elements(By.CSS_SELECTOR, "form[action='/calendar/2026-11-21/confirm']")

    # Mark the fund's step done, then undo it.
    submit_form(driver, "/today/checklist/emergency/done")
    assert driver.current_url.endswith("/today")
    assert driver.find_elements(By.CSS_SELECTOR, "form[action='/today/checklist/emergency/undo']")
    problems += check_page(driver, "today-done", True)
    submit_form(driver, "/today/checklist/emergency/undo")
    assert driver.find_elements(By.CSS_SELECTOR, "form[action='/today/checklist/emergency/done']")

    # The manifest the layout links resolves and is valid JSON starting on Today.
    href = driver.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href")
    driver.get(href)
    manifest = json.loads(driver.find_element(By.TAG_NAME, "body").text)
    assert manifest["start_url"] == "/today" and manifest["display"] == "standalone"
    driver.get_log("browser")
    problems += driver.problems
    assert problems == [], "\n".join(problems)
