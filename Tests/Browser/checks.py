"""Checks run on every page a journey visits; each returns a list of problems."""
import os
import re
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import ARTIFACTS
from standards import check_standards

UNLABELLED = """
return [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
  .filter(e => e.offsetParent !== null)
  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby')
               && !(e.tagName === 'BUTTON' && e.textContent.trim()) && !e.closest('label') && !e.closest('fieldset legend'))
  .map(e => e.outerHTML.slice(0, 120));
"""

NO_TEXT_ALTERNATIVE = """
return [...document.querySelectorAll('img:not([alt]), svg[role=img]:not([aria-labelledby]):not([aria-label])')]
  .map(e => e.outerHTML.slice(0, 120));
"""

CONTRAST = """
function parse(c) { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
  const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; }
function lum(c) { return [c.r, c.g, c.b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
  .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0); }
function background(e) { let c = {r: 255, g: 255, b: 255, a: 1}; const stack = [];
  for (let n = e; n && n.nodeType === 1; n = n.parentElement) { const b = parse(getComputedStyle(n).backgroundColor);
    if (b && b.a > 0) { stack.push(b); if (b.a >= 1) break; } }
  if (stack.length && stack[stack.length - 1].a >= 1) c = stack.pop();
  else { const root = parse(getComputedStyle(document.documentElement).backgroundColor); if (root && root.a > 0) c = root; }
  while (stack.length) { const b = stack.pop(); c = {r: b.r * b.a + c.r * (1 - b.a), g: b.g * b.a + c.g * (1 - b.a), b: b.b * b.a + c.b * (1 - b.a), a: 1}; }
  return c; }
const problems = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const seen = new Set();
while (walker.nextNode()) { const t = walker.currentNode; if (!t.textContent.trim()) continue;
  const e = t.parentElement; if (!e || seen.has(e) || e.offsetParent === null && getComputedStyle(e).position !== 'fixed') continue; seen.add(e);
  const s = getComputedStyle(e); if (s.visibility === 'hidden' || e.closest('.visually-hidden, .skip-link, .snow, svg')) continue;
  const fg = parse(s.color); if (!fg) continue; const bg = background(e);
  const mix = {r: fg.r * fg.a + bg.r * (1 - fg.a), g: fg.g * fg.a + bg.g * (1 - fg.a), b: fg.b * fg.a + bg.b * (1 - fg.a)};
  const l1 = lum(mix), l2 = lum(bg); const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight) >= 700;
  const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
  if (ratio < need) problems.push(`${ratio.toFixed(2)} < ${need}: "${t.textContent.trim().slice(0, 40)}" (${s.color} on rgb(${bg.r},${bg.g},${bg.b}))`); }
return problems;
"""

# Every form's size: no hidden field over 512 bytes (a hidden field carries an id or a page
# number, never a page's data), and what the form would post under the 64 KB form limit.
FORM_SIZES = """
const problems = [];
for (const form of document.forms) {
  for (const input of form.querySelectorAll('input[type=hidden]')) {
    if (input.value.length > 512) problems.push(`hidden ${input.name} of ${form.getAttribute('action')} is ${input.value.length} bytes`);
  }
  const pairs = [...new FormData(form)].filter(([, v]) => typeof v === 'string');
  const size = new URLSearchParams(pairs).toString().length;
  if (size > 65536) problems.push(`form ${form.getAttribute('action')} would post ${size} bytes`);
}
return problems;
"""

# The state of the page just loaded, in one round trip to the browser (each WebDriver call costs
# 5–30 ms; a navigation used to take nine): null until the load event has ended (while `wait`),
# else the navigation's time and status, the address, the figures the quick checks read
# (UNLABELLED, NO_TEXT_ALTERNATIVE, FORM_SIZES, and CONTRAST when asked) and the page's state for
# axe-core (standards.py): a hash of its markup with the per-request tokens taken out.
PAGE_STATE = """
const [wait, contrast] = arguments;
const n = performance.getEntriesByType('navigation')[0];
if (wait && !(n && n.loadEventEnd > 0)) return null;
function hash(text, seed) { let h1 = 0xdeadbeef ^ seed, h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) { const c = text.charCodeAt(i); h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677); }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16) + (h1 >>> 0).toString(16); }
const markup = document.documentElement.outerHTML.replace(/(name="_(?:csrf|form)" value=")[^"]*"/g, '$1"');
return {
  ms: n ? n.loadEventEnd - n.startTime : -1,
  status: n && n.responseStatus ? n.responseStatus : 0,
  path: location.pathname + location.search,
  href: location.href,
  width: [document.documentElement.scrollWidth, window.innerWidth],
  unlabelled: (() => {UNLABELLED})(), noText: (() => {NO_TEXT_ALTERNATIVE})(), formSizes: (() => {FORM_SIZES})(),
  contrast: contrast ? (() => {CONTRAST})() : [],
  axe: typeof window.axe !== 'undefined',
  state: markup.length + '-' + hash(markup, 1) + hash(markup, 2) + '-' + location.hash,
};
""".replace("{UNLABELLED}", "{" + UNLABELLED + "}").replace("{NO_TEXT_ALTERNATIVE}", "{" + NO_TEXT_ALTERNATIVE + "}") \
   .replace("{FORM_SIZES}", "{" + FORM_SIZES + "}").replace("{CONTRAST}", "{" + CONTRAST + "}")


# Page speed is measured by WebBenchmark and scripts/bench* (docs/PERFORMANCE.md), not asserted
# here: a wall-clock limit in a test fails on a loaded machine for no fault of the page. The
# journeys only write down each navigation's time (navigation-times-<worker>.tsv beside the
# screenshots), and the session prints the slowest ones at its end (conftest.py).
NAVIGATION_TIMES = os.path.join(ARTIFACTS, f"navigation-times-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.tsv")


def record_navigation_time(page):
    """Appends this navigation's time (ms, from the start of the navigation to its load event) and
    its address to the worker's list."""
    if page["ms"] < 0:
        return
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(NAVIGATION_TIMES, "a", encoding="utf-8") as out:
        out.write(f"{page['ms']:.0f}\t{page['href']}\n")


def page_state(driver, contrast=False):
    """PAGE_STATE once the page's load event has ended (or after 4 s of waiting for it)."""
    for _ in range(200):
        page = driver.execute_script(PAGE_STATE, True, contrast)
        if page is not None:
            return page
        time.sleep(0.02)
    return driver.execute_script(PAGE_STATE, False, contrast)


def settle(driver):
    """Waits until the page's load event has ended."""
    for _ in range(200):
        if driver.execute_script("const n = performance.getEntriesByType('navigation')[0]; return !!n && n.loadEventEnd > 0;"):
            return
        time.sleep(0.02)


def quick_problems(driver, page, console=True):
    """What the quick checks found in PAGE_STATE's figures, and the console's errors."""
    problems = []
    if console and getattr(driver, "javascript", True):
        problems += [f"console: {e['message']}" for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    width = page["width"]
    if width[0] > width[1] + 1:
        problems.append(f"horizontal scrolling: {width[0]} > {width[1]}")
    problems += [f"no label: {h}" for h in page["unlabelled"]]
    problems += [f"no text alternative: {h}" for h in page["noText"]]
    problems += page["formSizes"]
    return problems


def light_check(driver):
    """The quick checks run after every navigation of a journey, once its load event has ended:
    console errors, sideways scrolling, unlabelled controls, missing text alternatives, form
    sizes; the navigation's time is written down (not judged: record_navigation_time); axe-core
    and the saving of the HTML for the Nu checker (standards.py)."""
    page = page_state(driver)
    if getattr(driver, "javascript", True):
        record_navigation_time(page)
    problems = quick_problems(driver, page)
    problems += check_standards(driver, page)
    return [f"{page['path']} [{driver.language} {driver.size}]: {p}" for p in problems]


def screenshot_name(name, driver):
    """A file name no other test writes: the test's id (PYTEST_CURRENT_TEST), then the check's name,
    the language and the size: `first-visit-en-laptop--welcome-en-laptop.png`."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").split("::")[-1].split(" ")[0]
    test = re.sub(r"[^A-Za-z0-9]+", "-", re.sub(r"^test_", "", test)).strip("-")
    return f"{test + '--' if test else ''}{name}-{driver.language}-{driver.size}.png"


_screenshots = set()


def check_page(driver, name, javascript=True, contrast=True):
    """Every check of the issue on the current page; saves a screenshot. Returns problems."""
    page = page_state(driver, contrast)
    os.makedirs(ARTIFACTS, exist_ok=True)
    file = screenshot_name(name, driver)
    assert file not in _screenshots, f"two screenshots of one test named {file}"
    _screenshots.add(file)
    driver.save_screenshot(os.path.join(ARTIFACTS, file))
    problems = quick_problems(driver, page, console=javascript)
    problems += [f"contrast {p}" for p in page["contrast"]]
    problems += check_standards(driver, page)
    problems += focus_problems(driver)
    problems += zoom_problems(driver)
    return [f"{name} [{driver.language} {driver.size}]: {p}" for p in problems]


def focus_problems(driver, steps=8):
    """Tabs through the first focusable elements; each must show a visible focus indicator.
    The Tab key goes to whatever has the focus (a key action), and one script reads the focused
    element: two round trips to the browser a step."""
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    problems = []
    for _ in range(steps):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        invisible = driver.execute_script("""
            const e = document.activeElement; if (!e || e === document.body) return null;
            const s = getComputedStyle(e);
            const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
            return visible ? null : e.outerHTML.slice(0, 100);""")
        if invisible is not None:
            problems.append("focus not visible on " + invisible)
    return problems


def zoom_problems(driver):
    """200 % zoom: the same page at half the width (at least the 320 px of WCAG reflow)
    must not scroll sideways. Resizing the window keeps the page's nodes intact."""
    size = driver.get_window_size()
    driver.set_window_size(max(320, size["width"] // 2), size["height"])
    try:
        sizes = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
        return [f"at 200% zoom the page scrolls sideways ({sizes[0]} > {sizes[1]})"] if sizes[0] > sizes[1] + 1 else []
    finally:
        driver.set_window_size(size["width"], size["height"])
