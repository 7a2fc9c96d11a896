"""Splits in the browser: an expense's form links to its split form; a split that does
not add up is refused (422, the rows kept, the message by the parts); one that does is saved (303
with a flash) and the ledger row names the parts. Russian on a phone, English on a laptop; every
check of check_page (axe-core, the Nu checker, labels, focus, zoom) on the split form, refused and
saved."""
import pytest

from checks import check_page
from helpers import api, click_link, fill, flash, go, page_text, skip_onboarding, submit

TEXT = {
    "en": {"split": "Split into categories", "short": "short of", "saved": "split: Food", "more": "Add a row"},
    "ru": {"split": "Разделить по категориям", "short": "не хватает", "saved": "разделено: Еда", "more": "Добавить строку"},
}


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_split_an_expense(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    text = TEXT[language]
    decimal = "," if language == "ru" else "."
    problems = []
    skip_onboarding(driver, server)

    go(driver, server, "/data/entry/new?kind=expense")
    fill(driver, {"name": "Supermarket", "amount": f"42{decimal}50", "date": "2026-11-20", "category": "food", "status": "actual"})
    submit(driver)
    entry = api(driver, server, "/api/v1/transactions")["items"][0]["id"]

    go(driver, server, f"/data/entry/{entry}/edit")
    click_link(driver, text["split"])
    problems += check_page(driver, "split-form")
    submit(driver, text["more"])
    assert driver.find_elements("name", "category3"), "a fourth row"

    fill(driver, {"category0": "food", "amount0": "30", "category1": "clothing", "amount1": "10"})
    submit(driver)
    assert text["short"] in page_text(driver)
    problems += check_page(driver, "split-refused")

    fill(driver, {"amount1": f"12{decimal}50"})
    submit(driver)
    assert text["saved"] in flash(driver)
    go(driver, server, "/transactions")
    assert text["saved"] in page_text(driver)
    assert problems == [], "\n".join(problems)
