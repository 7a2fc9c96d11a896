"""The Challenge over a week: days saved with a server restarted on each new date
(--today), a missed day that only pauses the doubling, the celebration at a small maximum,
and the reset to the start amount the next day."""
import re, subprocess

from selenium.webdriver.common.by import By

import conftest
from checks import check_page
from helpers import fill, go, page_text, skip_onboarding, submit_form


class DayServer(conftest.Server):
    """The shared Server with a settable --today over the same database."""

    today = "2026-11-16"

    def start(self):
        original = conftest.TODAY
        conftest.TODAY = self.today
        try:
            super().start()
        finally:
            conftest.TODAY = original


def budget(driver):
    return driver.find_element(By.ID, "challenge-budget").text.replace("\u00a0", " ")


def play(driver, server, amount):
    go(driver, server, "/challenge")
    fill(driver, {"title": "Book", "amount": amount})
    submit_form(driver, "/challenge/items")
    submit_form(driver, "/challenge/save")


def test_challenge_week(browser_factory):
    server = DayServer()
    try:
        driver = browser_factory(language="en", size="phone")
        skip_onboarding(driver, server)
        # A small maximum: 5 → 10 → 20 → 40 reaches it on the fourth saved day.
        go(driver, server, "/challenge/settings")
        fill(driver, {"currency": "USD", "start_USD": "5", "max_USD": "40"})
        submit_form(driver, "/challenge/settings")
        problems = []
        # The 18th is missed: the 19th keeps the budget the 18th would have had (doubling paused).
        expected = {"2026-11-16": "$5.00", "2026-11-17": "$10.00", "2026-11-19": "$20.00", "2026-11-20": "$40.00"}
        for date, shown in expected.items():
            server.today = date
            server.restart()
            go(driver, server, "/challenge")
            assert budget(driver) == shown, (date, budget(driver))
            if date == "2026-11-16":
                problems += check_page(driver, "challenge")
            play(driver, server, re.sub(r"[$,]", "", shown))
        # The fourth saved day is at the maximum: the celebration.
        assert driver.current_url.endswith("/challenge/celebration")
        text = page_text(driver)
        assert "Maximum reached!" in text
        assert driver.find_elements(By.CSS_SELECTOR, ".confetti")
        problems += check_page(driver, "challenge-celebration")
        # Reset: the next day starts again at the start amount; the 18th is listed as missed.
        server.today = "2026-11-21"
        server.restart()
        go(driver, server, "/challenge")
        assert budget(driver) == "$5.00"
        assert "Day 1" in page_text(driver)
        go(driver, server, "/challenge/history")
        history = page_text(driver)
        assert "missed" in history and history.count("saved") >= 4
        problems += check_page(driver, "challenge-history")
        go(driver, server, "/achievements")
        assert "Maximum reached" in page_text(driver)
        problems += check_page(driver, "achievements")
        assert problems == [], problems
    finally:
        server.close()
