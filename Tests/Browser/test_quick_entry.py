"""Quick entry on a phone, in Russian: type "кофе 250" in the Budget page's box,
see the confirmation card, save, and see the flash (with Undo) and the entry. Logging a coffee
takes at most two page loads (the card, then the page it returns to) and two taps; axe and
the Nu checker find nothing on the pages visited."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from checks import check_page, settle
from helpers import api, click_and_wait, flash, go, page_text, skip_onboarding, submit


class PageLoads:
    """Counts the documents the browser loads while a person acts (a 303 followed by its
    page is one load: the browser shows only the last)."""

    def __init__(self, driver):
        self.driver = driver
        self.count = 0
        self.taps = 0

    def tap(self, element):
        self.taps += 1
        click_and_wait(self.driver, element)
        self.count += 1


def test_log_a_coffee_on_a_phone_in_russian(server, browser_factory):
    driver = browser_factory(language="ru", size="phone")
    problems = []
    skip_onboarding(driver, server)
    go(driver, server, "/data")
    problems += check_page(driver, "quick-box-budget")

    loads = PageLoads(driver)
    box = driver.find_element(By.CSS_SELECTOR, "form[data-quick-box]")
    assert box.get_attribute("action").endswith("/quick")
    box.find_element(By.CSS_SELECTOR, "input[name=text]").send_keys("кофе 250")
    loads.tap(box.find_element(By.CSS_SELECTOR, "button[type=submit]"))

    # The card: the entry form pre-filled, a "why" under each field, nothing saved yet.
    assert "/quick?" in driver.current_url
    card = driver.find_element(By.CSS_SELECTOR, "form.quick-card")
    assert card.find_element(By.ID, "field-d0_amount").get_attribute("value") == "250,00"
    assert card.find_element(By.ID, "field-d0_category").get_attribute("value") == "food"
    assert card.find_element(By.ID, "field-d0_date").get_attribute("value") == "2026-11-21"
    assert "кофе → " in card.text
    problems += check_page(driver, "quick-card")
    loads.tap(card.find_element(By.CSS_SELECTOR, "button.primary"))

    # Back on the Budget page with the flash, its Undo, and the entry.
    assert driver.current_url.split("#")[0].endswith("/data")
    assert flash(driver).startswith("Сохранено: Кофе 250,00 ₽"), flash(driver)
    assert driver.find_elements(By.XPATH, "//div[@id='flash']//button[normalize-space()='Отменить']")
    assert "Кофе" in page_text(driver)
    problems += check_page(driver, "quick-saved")
    assert loads.count <= 2, f"logging a coffee took {loads.count} page loads"
    assert loads.taps <= 2, f"logging a coffee took {loads.taps} taps"
    print(f"log a coffee: {loads.count} page loads, {loads.taps} taps (one field)")

    entries = api(driver, server, "/api/v1/transactions")["items"]
    assert [(e["name"], e["amount"], e["category"], e["date"]) for e in entries] == [("Кофе", 25_000, "food", "2026-11-21")]
    problems += [p for p in driver.problems if "axe" in p or "console" in p]
    assert not problems, "\n".join(problems)  # its pages' HTML: the Nu checker at the session's end (conftest.py)


def test_countdown_saves_a_confident_card_and_can_be_stopped(server, browser_factory):
    """With Settings' switch on and JavaScript, a confident card saves itself after 3 s
    unless Stop is pressed (off by default; without the switch it never does)."""
    driver = browser_factory(language="en", size="laptop")
    skip_onboarding(driver, server)
    go(driver, server, "/quick?text=tea%203&back=%2Fcalendar")
    driver.implicitly_wait(0)
    assert not driver.find_elements(By.CSS_SELECTOR, "form[data-quick-countdown]"), "off by default"
    go(driver, server, "/settings/appearance")
    driver.find_element(By.ID, "field-quickAutoSave").click()
    submit(driver)

    # Stopped: nothing is saved.
    go(driver, server, "/quick?text=coffee%204.50&back=%2Fcalendar")
    status = driver.find_element(By.CSS_SELECTOR, "[data-quick-status]")
    assert status.is_displayed() and "Saving in" in status.text
    driver.find_element(By.CSS_SELECTOR, "[data-quick-stop]").click()
    # Stop cancels the countdown's timer in the same step as it hides the status, so the
    # hidden status is the condition that the card will not save itself.
    WebDriverWait(driver, 10).until(lambda d: not status.is_displayed())
    assert "/quick" in driver.current_url
    assert api(driver, server, "/api/v1/transactions")["items"] == []

    # Left alone: saved after the countdown, back where it came from (the wait's 10 s only
    # ends a broken run; the page leaves /quick when the countdown submits).
    go(driver, server, "/quick?text=coffee%204.50&back=%2Fcalendar")
    WebDriverWait(driver, 10).until(lambda d: "/quick" not in d.current_url)
    assert "/calendar" in driver.current_url
    settle(driver)
    assert flash(driver).startswith("Saved: Coffee $4.50")
    assert [e["amount"] for e in api(driver, server, "/api/v1/transactions")["items"]] == [450]
