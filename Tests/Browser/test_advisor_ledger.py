"""The Advisor answers a question over the ledger with the figure and a link to exactly the
entries counted: in Russian on a 390 px phone, in English on a laptop; the evidence
link is followed to the ledger. Screenshots of the answers go to browser-artifacts/."""
import sqlite3

from selenium.webdriver.common.by import By

from checks import check_page
from helpers import click_and_wait, go, money_text, page_text, skip_onboarding

# (date, name, amount in cents, category): the household's purchases.
PURCHASES = [
    ("2026-10-02", "Пятёрочка", 23_45, "food"),
    ("2026-10-09", "Пятёрочка", 31_10, "food"),
    ("2026-10-12", "Starbucks", 5_45, "entertainment"),
    ("2026-10-19", "Whole Foods", 64_20, "food"),
    ("2026-11-03", "Пятёрочка", 27_80, "food"),
    ("2026-11-14", "Whole Foods", 58_05, "food"),
    ("2026-11-15", "Uber", 14_80, "transport"),
]


def seed(server):
    """Stops the server, writes the purchases and USD as the currency, starts it again."""
    server.stop()
    with sqlite3.connect(server.db) as db:
        db.execute("INSERT INTO setting (key, value) VALUES ('currency', 'USD') ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        for date, name, amount, category in PURCHASES:
            db.execute("INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt) "
                       "VALUES (?, 'expense', ?, ?, ?, 1, '', '2026-01-01T00:00:00Z')", (date, name, amount, category))
    server.start()


def total(category, start, end):
    counted = [p for p in PURCHASES if p[3] == category and start <= p[0] <= end]
    return sum(p[2] for p in counted), counted


def ask(driver, question):
    box = driver.find_element(By.ID, "advisor-q")
    box.clear()
    box.send_keys(question)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.advisor-form button.primary"))


def last_answer(driver):
    return driver.find_elements(By.CSS_SELECTOR, "li.msg-advisor")[-1]


def follow_evidence(driver, answer, label, counted, left_out):
    """Opens the answer's evidence link: the ledger lists the entries counted and no other."""
    click_and_wait(driver, answer.find_element(By.LINK_TEXT, label))
    assert "/transactions?" in driver.current_url
    text = page_text(driver)
    for date, name, amount, _ in counted:
        assert name in text, name
    for name in left_out:
        assert name not in text, name


def test_ledger_question_on_a_phone_in_russian(server, browser_factory):
    driver = browser_factory(language="ru", size="phone")
    skip_onboarding(driver, server)
    seed(server)
    go(driver, server, "/advisor")
    ask(driver, "сколько ушло на продукты в октябре")   # a direct answer, even as the first one
    amount, counted = total("food", "2026-10-01", "2026-10-31")
    answer = last_answer(driver)
    assert money_text(amount, "ru", "$") in answer.text.replace("\u00a0", " "), answer.text
    problems = check_page(driver, "advisor-ledger-answer")
    ask(driver, "как изменились мои траты на продукты")
    this_month, _ = total("food", "2026-11-01", "2026-11-21")
    compared = last_answer(driver).text.replace("\u00a0", " ")
    assert money_text(this_month, "ru", "$") in compared and money_text(amount, "ru", "$") in compared, compared
    problems += check_page(driver, "advisor-ledger-change")
    ask(driver, "сколько ушло на продукты в октябре")
    follow_evidence(driver, last_answer(driver), "Показать эти записи", counted, ["Uber", "Starbucks"])
    assert "category=food" in driver.current_url and "from=2026-10-01" in driver.current_url
    problems += check_page(driver, "advisor-ledger-evidence")
    assert problems == [], problems


def test_ledger_question_on_a_laptop_in_english(server, browser_factory):
    driver = browser_factory(language="en", size="laptop")
    skip_onboarding(driver, server)
    seed(server)
    go(driver, server, "/advisor")
    ask(driver, "How much did I spend on food this month vs last month?")
    now, counted = total("food", "2026-11-01", "2026-11-21")
    before, _ = total("food", "2026-10-01", "2026-10-31")
    answer = last_answer(driver)
    assert money_text(now, "en", "$") in answer.text and money_text(before, "en", "$") in answer.text, answer.text
    problems = check_page(driver, "advisor-ledger-compare")
    follow_evidence(driver, answer, "Show these entries", counted, ["Uber", "Starbucks"])
    assert "from=2026-11-01" in driver.current_url and "to=2026-11-21" in driver.current_url
    assert problems == [], problems


def test_merchant_questions_on_a_phone_in_english_dark(server, browser_factory):
    """A merchant typed in any case, a sum and a count: each answer carries its figure and the link
    lists exactly those purchases."""
    driver = browser_factory(language="en", size="phone", dark=True)
    skip_onboarding(driver, server)
    seed(server)
    go(driver, server, "/advisor")
    ask(driver, "what did i spend at whole foods in october")
    answer = last_answer(driver)
    assert money_text(64_20, "en", "$") in answer.text and "Whole Foods" in answer.text, answer.text
    problems = check_page(driver, "advisor-ledger-merchant")
    ask(driver, "how many times did I go to pyaterochka last month")
    answer = last_answer(driver)
    assert "2" in answer.text and money_text(23_45 + 31_10, "en", "$") in answer.text, answer.text
    problems += check_page(driver, "advisor-ledger-count")
    follow_evidence(driver, answer, "Show these entries",
                    [p for p in PURCHASES if p[1] == "Пятёрочка" and p[0] < "2026-11-01"], ["Whole Foods", "Uber"])
    assert "from=2026-10-01" in driver.current_url and "to=2026-10-31" in driver.current_url
    assert problems == [], problems
