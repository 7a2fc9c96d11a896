"""Playful saving: round-ups turned on from their settings; an amount hidden — first
refused above what the safety buffer allows (422, the input kept), then accepted — shows as "hidden"
on Today; its reveal is asked for with a delay. Russian on a phone, English on a laptop."""
import pytest
from selenium.webdriver.common.by import By

from checks import check_page
from helpers import fill, flash, go, page_text, skip_onboarding, submit, submit_form


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_saving(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    skip_onboarding(driver, server)
    go(driver, server, "/data/goal/new")
    fill(driver, {"name": "Vacation", "target": "3000", "priority": "2"})
    submit(driver)
    go(driver, server, "/accounts/new")
    # The safety buffer is the currency's default (500 USD, 50 000 RUB): the balance is above it.
    balance = "2000" if language == "en" else "60000"
    fill(driver, {"name": "Card", "type": "checking", "openingBalance": balance, "openedOn": "2026-05-01"})
    submit(driver)

    # The page says FinMind moves no real money; round-ups are off until turned on.
    go(driver, server, "/saving")
    assert driver.find_element(By.ID, "no-real-money")
    assert driver.find_element(By.ID, "roundups-off")
    problems += check_page(driver, f"saving-{language}")
    go(driver, server, "/saving/roundups")
    problems += check_page(driver, f"saving-roundups-{language}")
    driver.find_element(By.ID, "field-enabled").click()
    fill(driver, {"step": "1", "multiplier": "2", "period": "week", "goal": "1"})
    submit(driver)
    assert driver.current_url.endswith("/saving") and flash(driver)
    assert driver.find_element(By.ID, "roundups-summary")

    # Hiding more than balance − buffer is refused with the input kept; the most is hidden.
    go(driver, server, "/saving/hidden/new")
    fill(driver, {"amount": balance + (".01" if language == "en" else ",01"), "purpose": "forced", "delay": "3"})
    submit(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ".error-summary"), "refused with a summary"
    assert driver.find_element(By.ID, "field-amount").get_attribute("value") in (balance + ".01", balance + ",01")
    problems += check_page(driver, f"saving-hide-refused-{language}")
    # Chrome logs the deliberate 422 itself as a failed resource: that one is expected.
    driver.problems = [p for p in driver.problems if "status of 422" not in p]
    fill(driver, {"amount": "500"})
    submit(driver)
    assert driver.current_url.endswith("/saving") and flash(driver)
    submit_form(driver, "/saving/hidden/1/reveal")
    assert "2026" in flash(driver)
    problems += check_page(driver, f"saving-hidden-{language}")

    # Today says what is hidden.
    go(driver, server, "/today")
    assert driver.find_element(By.ID, "hidden-note")
    assert "500" in page_text(driver)
    driver.get_log("browser")
    problems += driver.problems
    assert problems == [], "\n".join(problems)
