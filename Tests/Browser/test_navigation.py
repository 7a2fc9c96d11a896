"""Finding things, as a new household on a 390 px phone in Russian and on a laptop in
English: the header is one row (at most 64 px on the phone), the six destinations are a bottom bar
on the phone that never wraps, the logo leads to Today, and the current place is always marked.
From Today each of the Challenge, the achievements, the wishlist, the statement import, the
reconcile page, the limits, the forecast and the advisor's tone is reached in at most two taps,
each link tapped visible on the screen it is on; safe to spend is on Today's first screen."""
import pytest
from selenium.webdriver.common.by import By

from checks import check_page
from helpers import click_and_wait, fill, go, skip_onboarding, submit

# Each target: the links tapped from Today (by their text in each language), and where they lead.
JOURNEYS = {
    "challenge": ([{"ru": "Игра", "en": "Play"}], "/challenge"),
    "achievements": ([{"ru": "Игра", "en": "Play"}, {"ru": "Достижения", "en": "Achievements"}], "/achievements"),
    "wishlist": ([{"ru": "План", "en": "Plan"}, {"ru": "Желания", "en": "Wishlist"}], "/wishlist"),
    "import": ([{"ru": "Деньги", "en": "Money"}, {"ru": "Импорт", "en": "Import"}], "/import"),
    "reconcile": ([{"ru": "Деньги", "en": "Money"}, {"ru": "Сверить с выпиской", "en": "Reconcile"}], "/reconcile"),
    "limits": ([{"ru": "Деньги", "en": "Money"}, {"ru": "Лимиты", "en": "Limits"}], "/limits"),
    "forecast": ([{"ru": "План", "en": "Plan"}, {"ru": "Прогноз", "en": "Forecast"}], "/forecast"),
    "tone": ([{"ru": "Советник", "en": "Advisor"}, {"ru": "Тон и настройки", "en": "Tone and settings"}], "/advisor/settings"),
}


def visible_link(driver, text):
    """The link whose text is `text` (a hidden name of the row may follow) and that the screen shows now (no scrolling)."""
    for link in driver.find_elements(By.TAG_NAME, "a"):
        words = " ".join((link.get_attribute("textContent") or "").split())
        if not (words == text or words.startswith(text + " ")) or not link.is_displayed():
            continue
        box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.top, b.bottom];", link)
        if box[0] >= 0 and box[1] <= driver.execute_script("return window.innerHeight;"):
            return link
    raise AssertionError(f"no link “{text}” on the screen of {driver.current_url}")


def current_place(driver):
    """The marked destination and, where the destination has places of its own, the marked place."""
    marked = driver.find_elements(By.CSS_SELECTOR, "nav.main-nav a[aria-current]")
    places = driver.find_elements(By.CSS_SELECTOR, "nav.section-nav a[aria-current=page]")
    has_places = bool(driver.find_elements(By.CSS_SELECTOR, "nav.section-nav"))
    return len(marked), (len(places) if has_places else 1)


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_everything_within_two_taps_of_today(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    skip_onboarding(driver, server)
    go(driver, server, "/accounts/new")
    fill(driver, {"name": "Card", "type": "checking", "openingBalance": "1000", "openedOn": "2026-11-01"})
    submit(driver)

    go(driver, server, "/today")
    header = driver.execute_script("return document.querySelector('header.top').getBoundingClientRect().height;")
    rows = driver.execute_script(
        "return new Set([...document.querySelectorAll('nav.main-nav li')].map(li => li.getBoundingClientRect().top)).size;")
    bar = driver.execute_script("return document.querySelector('nav.main-nav').getBoundingClientRect();")
    assert rows == 1, f"the destinations wrap into {rows} rows"
    assert len(driver.find_elements(By.CSS_SELECTOR, "nav.main-nav li")) <= 6
    if size == "phone":
        assert header <= 64, f"the header takes {header} px"
        assert bar["height"] <= 64 and bar["bottom"] <= driver.execute_script("return window.innerHeight;") + 1, bar
        safe = driver.execute_script("return document.querySelector('#safe h2, #safe').getBoundingClientRect().bottom;")
        assert safe <= bar["top"], "safe to spend on the first screen, above the bottom bar"
    assert driver.find_element(By.CSS_SELECTOR, "a.brand").get_attribute("href").endswith("/today")
    assert current_place(driver) == (1, 1)
    problems += check_page(driver, "navigation-today")

    counts = {}
    for name, (taps, target) in JOURNEYS.items():
        go(driver, server, "/today")
        for tap in taps:
            click_and_wait(driver, visible_link(driver, tap[language]))
            assert current_place(driver) == (1, 1), f"{name}: the place is not marked on {driver.current_url}"
        path = driver.current_url.split(server.url, 1)[1].split("?")[0]
        assert path.endswith(target), f"{name}: {path}"
        counts[name] = len(taps)
    tone = driver.find_element(By.CSS_SELECTOR, "input[name=tone]")
    assert driver.execute_script("return arguments[0].getBoundingClientRect().bottom <= window.innerHeight;", tone), \
        "the tone is on the first screen of the advisor's settings"
    problems += check_page(driver, "navigation-advisor-settings")
    go(driver, server, "/accounts")
    problems += check_page(driver, "navigation-accounts")
    print(f"taps from Today ({language}, {size}): {counts}; header {header:.0f} px, bar {bar['height']:.0f} px")
    assert max(counts.values()) <= 2
    problems += driver.problems
    assert problems == [], "\n".join(problems)
