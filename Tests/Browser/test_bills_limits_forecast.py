"""Bills, limits and the forecast in one journey: import a statement with a monthly bill, see it suggested on /bills and
confirm it, set a food limit, add an expense and read "% of limit" in the flash, open the
forecast (and the emergency buffer form) and the Calendar's bill dues. Russian on a phone,
English on a laptop; axe-core and the Nu checker on each page (check_page)."""
import os

import pytest

from checks import check_page
from helpers import api, fill, flash, go, page_text, skip_onboarding, submit, submit_form
from test_statement_import import statement, upload

TEXT = {
    "en": {"risk": "Risk", "buffer_saved": "Emergency buffer saved", "tracked_bill": "tracked bill"},
    "ru": {"risk": "Риск", "buffer_saved": "Неприкосновенный запас сохранён", "tracked_bill": "отслеживаемый счёт"},
}


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_bills_limits_forecast(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    skip_onboarding(driver, server)
    decimal = "," if language == "ru" else "."

    # An account and a statement: a streaming service on the 5th for six months, and groceries.
    go(driver, server, "/accounts/new")
    fill(driver, {"name": "Card" if language == "en" else "Карта", "type": "checking",
                  "openingBalance": "100000", "openedOn": "2026-05-01"})
    submit(driver)
    account_id = api(driver, server, "/api/v1/accounts")[0]["id"]
    rows = [(f"2026-{m:02d}-05", -79_900, "NETFLIX.COM 12345678") for m in range(6, 12)]
    rows += [(f"2026-11-{d:02d}", -1_000, "MARKET") for d in range(1, 21)]
    path = statement(language, rows)
    upload(driver, server, account_id, path)
    submit(driver)  # Import
    os.remove(path)

    # The bill is suggested; confirm it.
    go(driver, server, "/bills")
    problems += check_page(driver, "bills-suggested")
    assert "netflix" in page_text(driver).lower()
    submit_form(driver, "/bills/confirm")
    assert flash(driver), "Confirm says the bill is tracked"
    bills = api(driver, server, "/api/v1/bills")
    assert [t["amount"] for t in bills["tracked"]] == [79_900]
    go(driver, server, "/bills")
    problems += check_page(driver, "bills-tracked")

    # A monthly food limit of 1 000.00 and an expense of 650.00: 200.00 + 650.00 = 85 %.
    go(driver, server, "/limits/new")
    problems += check_page(driver, "limit-new")
    fill(driver, {"category": "food", "period": "month", "amount": "1000", "threshold": "80"})
    submit(driver)
    spent = api(driver, server, "/api/v1/limits")[0]["spent"]  # imported groceries, if they were recognised as food
    amount = 85_000 - spent
    go(driver, server, "/data/entry/new?kind=expense")
    fill(driver, {"name": "Groceries" if language == "en" else "Продукты", "amount": f"{amount // 100}{decimal}{amount % 100:02d}",
                  "date": "2026-11-21", "status": "actual", "category": "food"})
    submit(driver)
    assert "85 %" in flash(driver).replace("\u00a0", " "), flash(driver)
    go(driver, server, "/limits")
    problems += check_page(driver, "limits")
    limits = api(driver, server, "/api/v1/limits")
    assert limits[0]["percent"] == 85 and limits[0]["state"] == "warning"

    # The forecast: risk medium or lower, the chart and its table; the emergency buffer form.
    go(driver, server, "/forecast")
    problems += check_page(driver, "forecast")
    # The chosen horizon (30 days) is marked as chosen: filled, unlike the other two.
    fills = driver.execute_script("""return [...document.querySelectorAll('main .button.secondary')]
        .filter(e => /^(30|60|90)\\b/.test(e.textContent.trim()))
        .map(e => [e.getAttribute('aria-current'), getComputedStyle(e).backgroundColor]);""")
    chosen = [colour for current, colour in fills if current == "page"]
    others = {colour for current, colour in fills if current != "page"}
    assert len(fills) == 3 and len(chosen) == 1 and chosen[0] not in others, fills
    assert TEXT[language]["risk"] in page_text(driver)
    forecast = api(driver, server, "/api/v1/forecast?days=30")
    assert len(forecast["days"]) == 30
    assert sum(d["bills"] for d in forecast["days"]) == 79_900, "the confirmed bill counts once"
    go(driver, server, "/forecast/buffer")
    problems += check_page(driver, "forecast-buffer")
    fill(driver, {"amount": "5000"})
    submit(driver)
    assert TEXT[language]["buffer_saved"] in flash(driver)

    # The Calendar lists the bill's next due in December.
    go(driver, server, "/calendar/2026-12")
    problems += check_page(driver, "calendar-bills")
    assert TEXT[language]["tracked_bill"] in page_text(driver)
    assert not problems, "\n".join(problems)
