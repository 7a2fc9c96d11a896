"""Advisor and Settings journeys in a real browser, plus colour contrast with every accent in both themes."""
import os
import tempfile
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from checks import CONTRAST, check_page, settle
from conftest import make_driver
from helpers import click_and_wait, fill, flash, go, page_text, skip_onboarding, submit_form

COMBINATIONS = [(l, s) for l in ("en", "ru") for s in ("phone", "laptop")]
ASK = {
    "en": {"fund": "How big should my emergency fund be?", "off": "What will the weather be tomorrow?",
           "who": "Who are you?", "me": "financial consultant in FinMind", "used": "Today: 1/1"},
    "ru": {"fund": "Какой должна быть подушка безопасности?", "off": "Какая завтра будет погода?",
           "who": "Кто ты?", "me": "финансовый консультант", "used": "Сегодня: 1/1"},
}


def ask(driver, question):
    box = driver.find_element(By.ID, "advisor-q")
    box.clear()
    box.send_keys(question)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.advisor-form button.primary"))


@pytest.mark.parametrize("language,size", COMBINATIONS)
def test_advisor(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    words = ASK[language]
    problems = []
    skip_onboarding(driver, server)
    go(driver, server, "/advisor")
    problems += check_page(driver, "advisor")
    # The live counter follows what is typed.
    driver.find_element(By.ID, "advisor-q").send_keys("abcde")
    assert driver.find_element(By.ID, "advisor-counter").text.startswith("5/")
    ask(driver, words["fund"])
    answers = driver.find_elements(By.CSS_SELECTOR, "li.msg")
    assert answers, "an answer appears"
    ask(driver, words["off"])
    ask(driver, words["who"])
    text = page_text(driver)
    assert words["me"] in text
    assert "OpenAI" not in text and "GPT" not in text
    # A chip asks its question in one click.
    before = len(driver.find_elements(By.CSS_SELECTOR, "li.msg"))
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.chip"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "li.msg")) > before
    problems += check_page(driver, "advisor-conversation")
    # The daily limit: set it to 1 after a reset of today's count, use it, and see the banner.
    go(driver, server, "/advisor/settings")
    problems += check_page(driver, "advisor-settings")
    fill(driver, {"dailyLimit": "1"})
    submit_form(driver, "/advisor/settings")
    go(driver, server, "/advisor/settings")
    submit_form(driver, "/advisor/settings/reset-count")
    go(driver, server, "/advisor")
    ask(driver, words["fund"])
    assert words["used"] in page_text(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "[role=alert], .advisor-banner, .banner")
    problems += driver.problems
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language,size", COMBINATIONS)
def test_settings(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    skip_onboarding(driver, server)
    go(driver, server, "/settings")
    problems += check_page(driver, "settings")
    # Theme and accent show on the very next page.
    go(driver, server, "/settings/appearance")
    fill(driver, {"theme": "dark", "accent": "teal"})
    submit_form(driver, "/settings/appearance")
    html = driver.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("data-theme") == "dark" and html.get_attribute("data-accent") == "teal"
    problems += check_page(driver, "settings-dark")
    # Hide a Data section.
    go(driver, server, "/settings/visibility")
    driver.find_element(By.ID, "field-goals").click()
    submit_form(driver, "/settings/visibility")
    go(driver, server, "/data")
    assert not driver.find_elements(By.ID, "goals")
    # Feedback: too short, then valid.
    go(driver, server, "/settings/feedback")
    problems += check_page(driver, "feedback")
    fill(driver, {"description": "Too short"})
    submit_form(driver, "/settings/feedback")
    assert driver.find_elements(By.ID, "error-description")
    # Chrome logs the deliberate 422 itself as a failed resource: that one is expected.
    driver.problems = [p for p in driver.problems if "status of 422" not in p]
    fill(driver, {"description": "The calendar could show week numbers on the left."})
    submit_form(driver, "/settings/feedback")
    assert flash(driver)
    # Export, delete all, import back: the household is as before.
    go(driver, server, "/data/income/new?type=recurring")
    fill(driver, {"name": "Salary", "amount": "4000", "periodicity": "monthly", "start": "2026-01-01"})
    submit_form(driver, "/data/income")
    before = urllib.request.urlopen(server.url + "/api/v1/budget").read()
    exported = urllib.request.urlopen(server.url + "/settings/data/export.json").read()
    path = os.path.join(tempfile.mkdtemp(), "finmind-export.json")
    with open(path, "wb") as f:
        f.write(exported)
    go(driver, server, "/settings/data")
    problems += check_page(driver, "your-data")
    fill(driver, {"confirmDelete": {"en": "DELETE", "ru": "УДАЛИТЬ"}[language]})
    submit_form(driver, "/settings/data/delete")
    assert urllib.request.urlopen(server.url + "/api/v1/budget").read() != before
    go(driver, server, "/settings/data")
    driver.find_element(By.CSS_SELECTOR, "input[type=file][name=file]").send_keys(path)
    submit_form(driver, "/settings/data/import")
    assert urllib.request.urlopen(server.url + "/api/v1/budget").read() == before
    # Settings survive a restart.
    server.restart()
    go(driver, server, "/data")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == "dark"
    assert not driver.find_elements(By.ID, "goals")
    # Language switch from Settings.
    go(driver, server, "/settings/language")
    other = "ru" if language == "en" else "en"
    fill(driver, {"language": other})
    submit_form(driver, "/settings/language")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == other
    problems += driver.problems
    assert problems == [], "\n".join(problems)


ACCENTS = ["blue", "green", "teal", "purple", "pink", "orange", "red", "graphite"]


def test_contrast_with_every_accent(server, browser_factory):
    """WCAG AA contrast of all text on the busiest pages, light and dark, with each accent."""
    driver = browser_factory(language="en", size="laptop")
    skip_onboarding(driver, server)
    go(driver, server, "/data/expense/new?type=recurring")
    fill(driver, {"name": "Rent", "amount": "900", "category": "housing", "periodicity": "monthly", "start": "2026-01-01"})
    submit_form(driver, "/data/expense")
    problems = []
    for theme in ["light", "dark"]:
        for accent in ACCENTS:
            go(driver, server, "/settings/appearance")
            fill(driver, {"theme": theme, "accent": accent})
            submit_form(driver, "/settings/appearance")
            for path in ["/data", "/plan", "/settings", "/calendar"]:
                go(driver, server, path)
                problems += [f"{theme}/{accent} {path}: {p}" for p in driver.execute_script(CONTRAST)]
    problems += driver.problems
    assert problems == [], "\n".join(problems[:40])
