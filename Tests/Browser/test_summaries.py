"""Summaries first, as a household with a real statement (600 rows imported) sees it on a
390 px phone in Russian and on a laptop in English: the first screen of an account, of the ledger
and of Plan shows the page's figure; the account and the ledger show "Show all N entries" there
too, and following it walks all N entries, 50 a page; Plan shows three goals of four and the
fourth behind "Show all (4)"."""
import os, re

import pytest
from selenium.webdriver.common.by import By

from checks import check_page
from helpers import click_and_wait, fill, go, submit
from test_statement_import import tbank_statement, upload

ROWS = 600


def first_screen_limit(driver):
    """The bottom of what the first screen shows: the phone's bottom bar covers the rest."""
    return driver.execute_script("""
        const bar = document.querySelector('nav.main-nav');
        return bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : window.innerHeight;""")


def on_first_screen(driver, element):
    top, bottom = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.top, b.bottom];", element)
    return element.is_displayed() and top >= 0 and bottom <= first_screen_limit(driver)


def screens(driver):
    return driver.execute_script("return document.documentElement.scrollHeight / window.innerHeight;")


def show_all_on_first_screen(driver, figure):
    """The page's figure and its "Show all N entries" link on the first screen; returns the link and N."""
    assert driver.execute_script("return window.scrollY;") == 0
    assert on_first_screen(driver, driver.find_element(By.CSS_SELECTOR, figure)), f"{figure} below the first screen"
    link = driver.find_element(By.CSS_SELECTOR, "a.show-all")
    assert on_first_screen(driver, link), "“Show all” below the first screen"
    return link, int(re.sub(r"\D", "", link.text))


def walk(driver, rows):
    """Counts the rows of every page of the full list, following "Older"."""
    count = 0
    while True:
        count += len(driver.find_elements(By.CSS_SELECTOR, rows))
        older = driver.find_elements(By.CSS_SELECTOR, "nav.pager a[rel=next]")
        if not older:
            return count
        click_and_wait(driver, older[0])


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_summaries_first(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    go(driver, server, "/")
    currency = "RUB" if language == "ru" else "USD"
    fill(driver, {"language": language, "currency": currency, "income": "5000", "payday": "5", "emergencyMonths": "3"})
    submit(driver)
    for name in ["Vacation", "Laptop", "Bike", "Sofa"]:
        go(driver, server, "/data/goal/new")
        fill(driver, {"name": name, "target": "1800", "priority": "2"})
        submit(driver)
    go(driver, server, "/accounts/new")
    fill(driver, {"name": "T-Bank", "type": "card", "openingBalance": "0", "openedOn": "2026-09-01"})
    submit(driver)
    account = int(driver.current_url.rsplit("/", 1)[1])
    path, _, _ = tbank_statement(ROWS, currency)
    upload(driver, server, account, path)
    click_and_wait(driver, driver.find_elements(By.CSS_SELECTOR, "form.import-choices button.primary")[0])
    # The statement's FAILED rows are not imported; its two refunds at the top are.
    imported = ROWS + 2 - len(range(7, ROWS, 250))
    measured = {}

    # The account: its balance and "Show all 599 entries" first; the full list walks them all.
    go(driver, server, f"/accounts/{account}")
    measured["account"] = screens(driver)
    problems += check_page(driver, "summary-account")
    link, count = show_all_on_first_screen(driver, "#account-balance")
    assert count == imported
    assert len(driver.find_elements(By.CSS_SELECTOR, "ul.account-days li.row")) == 10
    click_and_wait(driver, link)
    measured["account all"] = screens(driver)
    assert walk(driver, "table.account-entries tbody tr") == imported

    # The ledger: the count and totals first, the newest ten by day, then all of them.
    go(driver, server, "/transactions")
    measured["transactions"] = screens(driver)
    problems += check_page(driver, "summary-transactions")
    link, count = show_all_on_first_screen(driver, "#tx-totals")
    assert count >= imported and str(count) in driver.find_element(By.ID, "tx-totals").text
    assert len(driver.find_elements(By.CSS_SELECTOR, "li.tx-row")) == 10
    click_and_wait(driver, link)
    measured["transactions all"] = screens(driver)
    problems += check_page(driver, "summary-transactions-all")
    assert walk(driver, "li.tx-row") == count

    # Plan: free per month on the first screen; three goals, the fourth behind "Show all (4)".
    go(driver, server, "/plan")
    measured["plan"] = screens(driver)
    problems += check_page(driver, "summary-plan")
    assert on_first_screen(driver, driver.find_element(By.CSS_SELECTOR, "dl.figure-grid dd.num"))
    goals = driver.find_elements(By.CSS_SELECTOR, "li.row.goal")
    assert len(goals) == 4 and sum(goal.is_displayed() for goal in goals) == 3
    summary = driver.find_element(By.XPATH, "//details[@class='show-more']/summary[contains(., '(4)')]")
    summary.click()
    assert all(goal.is_displayed() for goal in goals), "“Show all (4)” shows the fourth goal"
    print(f"screens at {size} ({language}), {ROWS}-row statement: " + ", ".join(f"{k} {v:.1f}" for k, v in measured.items()))
    os.remove(path)
    problems += driver.problems
    assert problems == [], "\n".join(problems)
