"""Calendar feeds (.ics): the download and a subscribed feed, read by an independent parser
(PyPI icalendar): events, dates (31st → month ends), UIDs stable across an edit, folding,
ETag/304, and a revoked address answering 404."""
import datetime
import re
import urllib.error
import urllib.request

import icalendar
from selenium.webdriver.common.by import By

from helpers import fill, flash, go, skip_onboarding, submit, submit_form

LONG_NAME = "Коммунальные платежи за квартиру на улице Ленина, дом 5; подъезд 2"


def fetch(url, etag=None):
    request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def physical_lines(body):
    assert body.endswith(b"\r\n")
    lines = body[:-2].split(b"\r\n")
    assert not any(b"\n" in line or b"\r" in line for line in lines)
    return lines


def parse(body):
    """The calendar as icalendar reads it, after checking the raw text: CRLF, ≤ 75 octets a
    line, no split UTF-8 sequence, and each unfolded line parsed back to the same value."""
    for line in physical_lines(body):
        assert len(line) <= 75, line
        line.decode("utf-8")  # raises on a split sequence
    calendar = icalendar.Calendar.from_ical(body)
    unfolded = body.decode("utf-8").replace("\r\n ", "").split("\r\n")
    summaries = [line[len("SUMMARY:"):] for line in unfolded if line.startswith("SUMMARY:")]
    parsed = [str(event["SUMMARY"]) for event in calendar.walk("VEVENT")]
    unescape = lambda v: re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), v)
    assert [unescape(s) for s in summaries] == parsed
    # A second round through the parser gives the same events.
    again = icalendar.Calendar.from_ical(calendar.to_ical())
    key = lambda cal: [(str(e["UID"]), e["DTSTART"].dt, str(e["SUMMARY"])) for e in cal.walk("VEVENT")]
    assert key(again) == key(calendar)
    return calendar


def events_of(calendar, name):
    return [e for e in calendar.walk("VEVENT") if str(e["SUMMARY"]).startswith(name)]


def test_ics_download_and_subscribed_feed(server, browser_factory):
    driver = browser_factory(language="en")
    skip_onboarding(driver, server)
    for name, amount, start in [("Rent", "1500", "2026-10-31"), (LONG_NAME, "80", "2026-11-25")]:
        go(driver, server, "/data/expense/new?type=recurring")
        fill(driver, {"name": name, "amount": amount, "category": "housing", "periodicity": "monthly", "start": start})
        submit(driver)
    go(driver, server, "/data/income/new?type=recurring")
    fill(driver, {"name": "Salary", "amount": "5000", "periodicity": "monthly", "start": "2026-11-05"})
    submit(driver)

    # The download: today (2026-11-21) … 2027-03-31.
    url = server.url + "/calendar/export.ics?from=2026-11-21&to=2027-03-31"
    status, headers, body = fetch(url)
    assert status == 200
    assert headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert headers["Content-Disposition"].startswith("attachment")
    calendar = parse(body)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["METHOD"]) == "PUBLISH"
    rent = events_of(calendar, "Rent")
    assert [e["DTSTART"].dt for e in rent] == [datetime.date(2026, 11, 30), datetime.date(2026, 12, 31),
                                               datetime.date(2027, 1, 31), datetime.date(2027, 2, 28),
                                               datetime.date(2027, 3, 31)]
    for event in rent:
        assert event["DTEND"].dt == event["DTSTART"].dt + datetime.timedelta(days=1)
        assert str(event["STATUS"]) == "TENTATIVE" and str(event["TRANSP"]) == "TRANSPARENT"
        assert "$1,500.00" in str(event["SUMMARY"])
    rent_uids = [str(e["UID"]) for e in rent]
    assert all(re.fullmatch(r"recurring-\d+-\d{8}@finmind", uid) for uid in rent_uids)
    long = events_of(calendar, LONG_NAME)
    assert len(long) == 5 and str(long[0]["SUMMARY"]) == LONG_NAME + " −$80.00"
    uids = [str(e["UID"]) for e in calendar.walk("VEVENT")]
    assert len(uids) == len(set(uids))

    # ETag and 304.
    status, _, _ = fetch(url, headers["ETag"])
    assert status == 304
    assert fetch(server.url + "/calendar/export.ics?from=2026-13-01")[0] == 400
    assert fetch(server.url + "/calendar/export.ics?from=2026-01-01&to=2029-01-01")[0] == 400

    # An edit of the amount and name keeps every UID (the calendar updates, never duplicates).
    item = re.match(r"recurring-(\d+)-", rent_uids[0]).group(1)
    go(driver, server, f"/data/expense/{item}/edit")
    fill(driver, {"name": "Rent (new lease)", "amount": "1650"})
    submit(driver)
    status, headers2, body = fetch(url, headers["ETag"])
    assert status == 200 and headers2["ETag"] != headers["ETag"]
    edited = events_of(parse(body), "Rent (new lease)")
    assert [str(e["UID"]) for e in edited] == rent_uids
    assert "$1,650.00" in str(edited[0]["SUMMARY"])

    # A subscription address: created in Settings, shown once, read without a session.
    go(driver, server, "/settings/calendar-feeds")
    driver.find_element(By.ID, "field-daily").click()
    driver.find_element(By.ID, "field-includeAmounts").click()  # off: names only
    submit(driver)
    feed_url = driver.find_element(By.ID, "feed-url").get_attribute("value")
    assert re.fullmatch(re.escape(server.url) + r"/feeds/[A-Za-z0-9_-]{43}\.ics", feed_url)
    status, headers, body = fetch(feed_url)
    assert status == 200 and headers["Content-Type"] == "text/calendar; charset=utf-8"
    feed = parse(body)
    assert events_of(feed, "Rent (new lease)") and all("$" not in str(e["SUMMARY"]) for e in feed.walk("VEVENT"))
    daily = [e for e in feed.walk("VEVENT") if str(e["UID"]).startswith("daily-")]
    assert daily and daily[0]["DTSTART"].dt == datetime.date(2026, 11, 21)
    alarm = daily[0].walk("VALARM")[0]
    assert str(alarm["ACTION"]) == "DISPLAY" and alarm["TRIGGER"].dt == datetime.timedelta(hours=21)
    assert fetch(feed_url, headers["ETag"])[0] == 304
    # The page lists it once, without the address; revoking makes it 404.
    go(driver, server, "/settings/calendar-feeds")
    assert not driver.find_elements(By.ID, "feed-url")
    assert feed_url.split("/feeds/")[1][:-4] not in driver.page_source
    forms = driver.find_elements(By.CSS_SELECTOR, "form[action$='/revoke']")
    assert len(forms) == 1
    submit_form(driver, forms[0].get_attribute("action").replace(server.url, ""))
    assert flash(driver)
    assert fetch(feed_url)[0] == 404
