"""A new household's first day: welcome with a payday, a few recurring
items, a loan, two goals, confirming items on the Calendar, a deleted and restored entry — then
the figures, which must keep planned, actual and still expected apart."""
import pytest
from selenium.webdriver.common.by import By

from checks import check_page
from helpers import api, click_and_wait, fill, flash, go, money_text, page_text, submit, warm_up


def confirm(driver, server, day, amount=""):
    """Confirms the day's first planned recurring item, with another amount when given."""
    go(driver, server, f"/calendar/{day}")
    form = next(f for f in driver.find_elements(By.CSS_SELECTOR, "form.confirm-form")
                if f.find_elements(By.CSS_SELECTOR, "input[name=source]"))
    if amount:
        form.find_element(By.CSS_SELECTOR, "input[name=amount]").send_keys(amount)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))


@pytest.mark.parametrize("language,size", [("en", "phone"), ("ru", "laptop")])
def test_first_day(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    warm_up(driver, server)
    go(driver, server, "/")
    fill(driver, {"language": language, "currency": "USD", "income": "5000", "payday": "5", "emergencyMonths": "3"})
    submit(driver)
    assert driver.current_url.endswith("/data")
    # The welcome page is done: going back to it lands on the Budget page, nothing added.
    go(driver, server, "/welcome")
    assert driver.current_url.endswith("/data")
    for name, amount, category, periodicity, start in [("Rent", "1500", "housing", "monthly", "2026-11-01"),
                                                       ("Internet", "40", "utilities", "monthly", "2026-11-10"),
                                                       ("Groceries", "100", "food", "weekly", "2026-11-02")]:
        go(driver, server, "/data/expense/new?type=recurring")
        fill(driver, {"name": name, "amount": amount, "category": category, "periodicity": periodicity, "start": start})
        submit(driver)
    go(driver, server, "/data/debt/new?mode=loan")
    fill(driver, {"name": "Car loan", "balance": "12000", "asOf": "2026-11-01", "apr": "9.9 %", "term": "24", "paymentDay": "15"})
    submit(driver)
    for name, target, priority in [("Vacation", "3000", "2"), ("Laptop", "1800", "3")]:
        go(driver, server, "/data/goal/new")
        fill(driver, {"name": name, "target": target, "priority": priority})
        submit(driver)
    # The salary came in a little short; the rent as planned.
    confirm(driver, server, "2026-11-05", "4900")
    confirm(driver, server, "2026-11-01")
    problems += check_page(driver, "first-day-calendar-day", True)
    # A coffee logged, deleted by mistake, and restored from the button beside the message.
    go(driver, server, "/calendar/2026-11-21")
    fill(driver, {"kind": "expense", "name": "Milk", "amount": "3.50", "category": "food", "status": "actual"})
    submit(driver)
    go(driver, server, "/calendar/2026-11-21")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a[href*='/delete']"))
    submit(driver)
    restore = driver.find_element(By.CSS_SELECTOR, ".flash form button")
    assert "Milk" in restore.text and "Milk" in flash(driver)
    click_and_wait(driver, restore)
    assert "Milk" in flash(driver)
    assert not driver.find_elements(By.CSS_SELECTOR, ".flash form"), "no undo beside the restored message"

    # The figures. November: salary planned 5,000 and actual 4,900; rent 1,500 planned and actual; internet 40,
    # groceries 5 × 100 (Mondays 2, 9, 16, 23, 30) planned; the loan pays from December; milk 3.50 actual.
    november = api(driver, server, "/api/v1/calendar/2026-11")["days"]
    total = lambda key: sum(day[key] for day in november)
    assert total("plannedIncome") == 500_000
    assert total("actualIncome") == 490_000
    assert total("pendingIncome") == 0
    assert total("plannedExpense") == 150_000 + 4_000 + 50_000
    assert total("actualExpense") == 150_000 + 350
    # Groceries plan their category (the category's purchases consume them): never pending.
    assert total("pendingExpense") == 4_000
    budget = api(driver, server, "/api/v1/budget")
    assert budget["monthlyRecurringIncome"] == 500_000, "one main income, however often the welcome form is opened"
    plan = api(driver, server, "/api/v1/plan")
    assert plan["freeCashFlow"] == budget["monthlyRecurringIncome"] - budget["monthlyExpense"]
    assert [g["name"] for g in plan["goals"]] == ["Laptop", "Vacation"] or len(plan["goals"]) == 2
    go(driver, server, "/calendar/2026-11")
    text = page_text(driver)
    assert money_text(500_000, language, "$") in text and money_text(490_000, language, "$") in text
    problems += check_page(driver, "first-day-calendar", True)
    problems += driver.problems
    assert problems == [], "\n".join(problems)
