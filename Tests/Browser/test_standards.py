"""Standards in the browser: phone layouts, chart text size, and every page
checked by axe-core and the W3C Nu HTML checker in every language (en, ru, de) and both themes."""
import re

import pytest
from selenium.webdriver.common.by import By

from checks import settle
from conftest import make_driver
from helpers import click_and_wait, go, warm_up
from standards import page_key, saved_pages
from test_journeys import first_visit

START = ["/data", "/plan", "/plan?schedule=1", "/plan?interval=week", "/plan?view=actual&categories=actual",
         "/calendar", "/calendar/2026-11-21", "/advisor", "/advisor/settings", "/settings", "/settings/feedback",
         "/settings/privacy", "/settings/data", "/no-such-page"]
SKIP = ("/static/", "/api/", "/settings/data/export", "/logout")

CHART_TEXT_PX = """
return [...document.querySelectorAll('svg.chart text')].filter(t => t.getBoundingClientRect().width > 0).map(t => {
  const svg = t.ownerSVGElement, scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]; });
"""

OVERFLOWING_TABLES = """
return [...document.querySelectorAll('.table-wrap')].filter(w => w.querySelector('table.stack') && w.offsetParent !== null && w.scrollWidth > w.clientWidth + 1)
  .map(w => w.id || w.getAttribute('aria-labelledby'));
"""


# Text a person reads (inputs, their values and the code blocks that show an address aside).
READ_TEXT = """
const skip = 'input, textarea, select, option, code, pre, script, style, [hidden]';
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const parts = [];
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.parentElement.closest(skip) && node.parentElement.offsetParent !== null) parts.push(node.textContent);
}
return parts.join(' ');
"""
ISO_DATE = re.compile(r"\b(19|20|21)\d\d-[01]\d-[0-3]\d\b")


def crawl(driver, server):
    """Every page reachable by a link from the start pages, one of each kind (page_key)."""
    seen, pages = set(), []
    for path in START:
        for href in [path] + links(driver, server, path):
            if href.startswith(SKIP) or page_key(href) in seen:
                continue
            seen.add(page_key(href))
            pages.append(href)
    return pages


def links(driver, server, path):
    go(driver, server, path)
    found = driver.execute_script("""return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))
        .filter(h => h.startsWith('/')).map(h => h.split('#')[0]);""")
    return [h for h in found if h]


def test_every_page_passes_axe_and_the_nu_checker(server, browser_factory):
    """A household with every kind of item; then every page, en, ru and de, light and dark, phone
    and laptop: axe-core finds nothing. Their HTML is saved for the Nu checker, which runs once
    over every page the session visited (the journeys' too) when the session ends (conftest.py)."""
    owner = browser_factory(language="en", size="laptop")
    problems = []
    first_visit(owner, server, problems)
    # A refused form (422) is a page too.
    go(owner, server, "/data/goal/new")
    click_and_wait(owner, owner.find_element(By.CSS_SELECTOR, "form button.primary"))
    pages = crawl(owner, server)
    assert len(pages) > 25, pages
    for language, size, dark in [("en", "phone", True), ("ru", "phone", False), ("ru", "laptop", True),
                                 ("de", "phone", False), ("de", "laptop", True)]:
        driver = browser_factory(language=language, size=size, dark=dark)
        warm_up(driver, server)
        driver.add_cookie({"name": "fm_lang", "value": language})
        for path in pages:
            go(driver, server, path)
        problems += [p for p in driver.problems if "axe" in p]
    problems += [p for p in owner.problems if "axe" in p]
    assert problems == [], "\n".join(problems)
    assert saved_pages(), "the pages' HTML is saved for the Nu checker"


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_phone_layouts_and_chart_text(server, browser_factory, language, size):
    """Plan: no table is cut off (the payoff table and the schedule stack into cards on a phone);
    every chart text shown is at least 12 CSS px; weeks read as dates. Budget: the day's actions
    come first; on a phone the sections are open on the first visit and closed on the next."""
    driver = browser_factory(language=language, size=size)
    first_visit(driver, server, [])
    go(driver, server, "/plan?schedule=1")
    assert driver.execute_script(OVERFLOWING_TABLES) == []
    for interval in ["month", "week"]:
        go(driver, server, f"/plan?interval={interval}")
        sizes = driver.execute_script(CHART_TEXT_PX)
        assert sizes, "the chart has axis text"
        assert all(px >= 12 for _, px in sizes), sizes
    labels = [text for text, _ in sizes]
    assert not any(label.startswith(("W", "Н")) and label[1:].isdigit() for label in labels), labels
    assert any(label.split()[-1].isdigit() or label.split()[0].isdigit() for label in labels), labels
    # The Budget page in a browser that has not seen it yet.
    owner_problems = driver.problems
    driver = browser_factory(language=language, size=size)
    warm_up(driver, server)
    driver.add_cookie({"name": "fm_lang", "value": language})
    # Not go(): its timing check may load a slow page again, which would be the second visit.
    driver.get(server.url + "/data")
    settle(driver)
    # The figure a person came for first, then the day's card with its actions.
    first_cards = [card.get_attribute("class") for card in driver.find_elements(By.CSS_SELECTOR, "main .card")[:2]]
    assert "safe-to-spend" in first_cards[0] and "today" in first_cards[1], first_cards
    sections = driver.find_elements(By.CSS_SELECTOR, "details.section")
    assert sections and all(d.get_attribute("open") is not None for d in sections), "all open on the first visit"
    first_height = driver.execute_script("return document.documentElement.scrollHeight;")
    go(driver, server, "/data")
    settle(driver)
    closed = [d for d in driver.find_elements(By.CSS_SELECTOR, "details.section") if d.get_attribute("open") is None]
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    if size == "phone":
        assert len(closed) == len(sections), "collapsed on the second visit on a phone"
        assert height < first_height / 2, (height, first_height)
        # Opening one is remembered; the address of a section opens it.
        driver.find_element(By.CSS_SELECTOR, "#incomes > summary").click()
        go(driver, server, "/plan")
        go(driver, server, "/data#expenses")
        assert driver.find_element(By.ID, "incomes").get_attribute("open") is not None
        assert driver.find_element(By.ID, "expenses").get_attribute("open") is not None
        assert driver.find_element(By.ID, "goals").get_attribute("open") is None
    else:
        assert closed == [], "a laptop keeps them open"
    assert owner_problems + driver.problems == [], "\n".join(owner_problems + driver.problems)


def test_dates_and_quotes_in_each_language(server, browser_factory):
    """Dates and quotes in the household's words: every page, English and Russian: no ISO date (2026-11-21) in the text a person
    reads (inputs, addresses and the API keep it), and no «» on an English page (“ ” there)."""
    owner = browser_factory(language="en", size="laptop")
    first_visit(owner, server, [])
    pages = crawl(owner, server)
    problems = []
    for language in ("en", "ru"):
        driver = browser_factory(language=language, size="phone")
        warm_up(driver, server)
        driver.add_cookie({"name": "fm_lang", "value": language})
        for path in pages:
            # The crawl and the axe test check these pages; this one only reads their text.
            driver.get(server.url + path)
            settle(driver)
            text = driver.execute_script(READ_TEXT)
            problems += [f"{language} {path}: ISO date “{m.group(0)}”" for m in ISO_DATE.finditer(text)]
            if language == "en" and ("«" in text or "»" in text):
                found = re.findall(r".{0,30}[«»].{0,30}", text)
                problems.append(f"en {path}: «» in {found[:3]}")
    assert problems == [], "\n".join(sorted(set(problems)))
