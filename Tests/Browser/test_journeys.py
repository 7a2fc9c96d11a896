"""The main journeys, each in Russian and English at phone and laptop size."""
import pytest

from checks import check_page
from helpers import api, click_link, fill, flash, go, money_text, page_text, submit, warm_up

COMBINATIONS = [(l, s) for l in ("en", "ru") for s in ("phone", "laptop")]
TEXT = {
    "en": {"skip": "Skip", "recalculate": "Recalculate", "confirm": "Confirm as actual", "show": "Show"},
    "ru": {"skip": "Пропустить", "recalculate": "Пересчитать", "confirm": "Отметить фактическим", "show": "Показать"},
}


def first_visit(driver, server, problems, javascript=True):
    """Empty states guide; add salary (onboarding), a bonus, rent, groceries, a loan, two goals."""
    lang = driver.language
    warm_up(driver, server)
    go(driver, server, "/")
    assert "/welcome" in driver.current_url
    problems += check_page(driver, "welcome", javascript)
    fill(driver, {"language": lang, "currency": "USD", "income": "5000", "emergencyMonths": "3"})
    submit(driver)
    assert driver.current_url.endswith("/data")
    problems += check_page(driver, "data-start", javascript)
    go(driver, server, "/data/income/new")
    problems += check_page(driver, "income-choice", javascript)
    go(driver, server, "/data/entry/new?kind=income")
    fill(driver, {"name": "Bonus", "amount": {"ru": "1 200,50", "de": "1.200,50"}.get(lang, "1200.50"),
                  "date": "2026-11-10", "status": "actual"})
    submit(driver)
    for name, amount, category, periodicity in [("Rent", "1500", "housing", "monthly"), ("Groceries", "120", "food", "weekly")]:
        go(driver, server, "/data/expense/new?type=recurring")
        fill(driver, {"name": name, "amount": amount, "category": category, "periodicity": periodicity, "start": "2026-01-01"})
        submit(driver)
    go(driver, server, "/data/debt/new?mode=loan")
    problems += check_page(driver, "loan-form", javascript)
    fill(driver, {"name": "Car loan", "balance": "12000", "asOf": "2026-11-01", "apr": "9.9", "term": "24", "paymentDay": "15"})
    submit(driver)
    for name, target, priority in [("Vacation", "3000", "2"), ("Laptop", "1800", "3")]:
        go(driver, server, "/data/goal/new")
        fill(driver, {"name": name, "target": target, "priority": priority})
        submit(driver)
    problems += check_page(driver, "data-full", javascript)
    # The Data totals, the Calendar and the Plan agree.
    budget = api(driver, server, "/api/v1/budget")
    plan = api(driver, server, "/api/v1/plan")
    assert plan["freeCashFlow"] == budget["monthlyRecurringIncome"] - budget["monthlyExpense"]
    go(driver, server, "/data")
    text = page_text(driver)
    assert money_text(budget["monthlyRecurringIncome"], lang, "$") in text
    assert money_text(budget["monthlyExpense"], lang, "$") in text
    go(driver, server, "/plan")
    assert money_text(plan["freeCashFlow"], lang, "$") in page_text(driver)
    problems += check_page(driver, "plan", javascript)
    calendar = api(driver, server, "/api/v1/calendar/2026-11")
    go(driver, server, "/calendar/2026-11")
    problems += check_page(driver, "calendar", javascript)
    planned_income = sum(d["plannedIncome"] for d in calendar["days"])
    assert money_text(planned_income, lang, "$") in page_text(driver)


@pytest.mark.parametrize("language,size", COMBINATIONS)
def test_first_visit(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    first_visit(driver, server, problems)
    problems += driver.problems
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language,size", [("en", "phone"), ("ru", "laptop")])
def test_first_visit_without_javascript(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size, javascript=False)
    problems = []
    first_visit(driver, server, problems, javascript=False)
    problems += driver.problems
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language,size", COMBINATIONS)
def test_calendar_day(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    warm_up(driver, server)
    go(driver, server, "/")
    submit(driver, TEXT[language]["skip"])
    go(driver, server, "/data/expense/new?type=recurring")
    fill(driver, {"name": "Gym", "amount": "40", "category": "health", "periodicity": "monthly", "start": "2026-11-20"})
    submit(driver)
    before = api(driver, server, "/api/v1/calendar/2026-11")["days"][19]
    go(driver, server, "/calendar/2026-11-20")
    problems += check_page(driver, "calendar-day", True)
    # Add an actual expense.
    fill(driver, {"kind": "expense", "name": "Coffee", "amount": "3.50", "category": "food", "status": "actual"})
    submit(driver)
    assert "Coffee" in page_text(driver)
    # Confirm the planned gym payment with another amount.
    from selenium.webdriver.common.by import By
    driver.find_element(By.CSS_SELECTOR, "form.confirm-form input[name=amount]").send_keys("45")
    from helpers import click_and_wait
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.confirm-form button"))
    after = api(driver, server, "/api/v1/calendar/2026-11")["days"][19]
    # Confirmed: still planned at its planned amount, no longer pending (changed 2026-11-22).
    assert before["plannedExpense"] == 4000 and after["plannedExpense"] == 4000
    assert before["pendingExpense"] == 4000 and after["pendingExpense"] == 0
    assert after["actualExpense"] == 350 + 4500
    go(driver, server, "/calendar/2026-11")
    assert "4850" in page_text(driver).replace(",", "").replace(".", "").replace("\u00a0", "") or "48" in page_text(driver)
    problems += driver.problems
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language,size", COMBINATIONS)
def test_plan(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    warm_up(driver, server)
    go(driver, server, "/")
    fill(driver, {"language": language, "currency": "EUR", "income": "3000", "emergencyMonths": "3"})
    submit(driver)
    go(driver, server, "/data/expense/new?type=recurring")
    fill(driver, {"name": "Rent", "amount": "1000", "category": "housing", "periodicity": "monthly", "start": "2026-01-01"})
    submit(driver)
    for interval in ["week", "quarter", "month"]:
        go(driver, server, f"/plan?interval={interval}&from=2026-09-01&to=2026-12-31")
        from selenium.webdriver.common.by import By
        for details in driver.find_elements(By.CSS_SELECTOR, "details.data-table"):
            details.find_element(By.TAG_NAME, "summary").click()
        rows = driver.find_elements(By.CSS_SELECTOR, "details.data-table tbody tr")
        assert rows, interval
        problems += check_page(driver, f"plan-{interval}", True)
    submit(driver, TEXT[language]["recalculate"])
    assert flash(driver)
    problems += driver.problems
    assert problems == [], "\n".join(problems)
