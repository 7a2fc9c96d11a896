"""A bank statement's journey: create an account, import a bank statement, fix two categories in the
ledger, re-import an overlapping statement (only its new row is added), reconcile to 0.
Russian on a phone with a Windows-1251 semicolon file, English on a laptop with a UTF-8 CSV."""
import os, re, tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from checks import ARTIFACTS, check_page, screenshot_name
from helpers import api, click_and_wait, click_link, fill, flash, go, page_text, skip_onboarding, submit, warm_up

TEXT = {
    "en": {"recalculate": "Recalculate", "set_category": "Set category", "create_account": "Create an account"},
    "ru": {"recalculate": "Пересчитать", "set_category": "Сменить категорию", "create_account": "Создать счёт"},
    "de": {"create_account": "Konto anlegen"},
}


def statement(language, rows):
    """A bank's CSV as that country's bank writes it: rows are (ISO date, minor units, payee)."""
    if language == "ru":
        lines = ["Выписка по счёту 40817810000000000001", "",
                 "Дата операции;Сумма операции;Описание"]
        for date, minor, payee in rows:
            y, m, d = date.split("-")
            units, cents = divmod(abs(minor), 100)
            amount = ("-" if minor < 0 else "") + f"{units:,}".replace(",", " ") + f",{cents:02d}"
            lines.append(f"{d}.{m}.{y};{amount};{payee}")
        data = "\r\n".join(lines).encode("cp1251")
    else:
        lines = ["Date,Amount,Description"]
        for date, minor, payee in rows:
            lines.append(f"{date},{minor / 100:.2f},\"{payee}\"")
        data = "\n".join(lines).encode("utf-8")
    handle, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    return path


def upload(driver, server, account_id, path):
    go(driver, server, f"/import?account={account_id}")
    driver.find_element(By.ID, "field-file").send_keys(path)
    submit(driver)
    assert "/import/" in driver.current_url, "the upload lands on its preview"


@pytest.mark.parametrize("language,size", [("ru", "phone"), ("en", "laptop")])
def test_statement_import(server, browser_factory, language, size):
    driver = browser_factory(language=language, size=size)
    problems = []
    skip_onboarding(driver, server)

    # An account, opened on the 1st with 1 000.00.
    go(driver, server, "/accounts/new")
    problems += check_page(driver, "account-new")
    fill(driver, {"name": "Card" if language == "en" else "Карта", "type": "checking",
                  "openingBalance": "1000", "openedOn": "2026-11-01"})
    submit(driver)
    accounts = api(driver, server, "/api/v1/accounts")
    assert len(accounts) == 1 and accounts[0]["balance"] == 100_000
    account_id = accounts[0]["id"]

    # The first statement: three rows, nothing written before the commit.
    first = statement(language, [("2026-11-03", -35_000, "PYATEROCHKA 1234"), ("2026-11-05", -120_000, "ACME SERVICES"),
                                 ("2026-11-07", -8_990, "KIOSK 17")])
    upload(driver, server, account_id, first)
    problems += check_page(driver, "import-preview")
    preview = driver.current_url
    assert api(driver, server, f"/api/v1/transactions?account={account_id}")["items"] == []
    driver.get(preview)
    submit(driver)  # Import
    entries = api(driver, server, f"/api/v1/transactions?account={account_id}")["items"]
    assert sorted(e["amount"] for e in entries) == [8_990, 35_000, 120_000]
    assert all(e["cleared"] and e["isActual"] for e in entries)

    # Two rows came without a category: fix both at once in the ledger.
    go(driver, server, f"/transactions?category=none&account={account_id}")
    problems += check_page(driver, "transactions-uncategorised")
    boxes = driver.find_elements(By.CSS_SELECTOR, "input[type=checkbox][name=id]")
    assert len(boxes) == 2
    for box in boxes:
        driver.execute_script("arguments[0].click();", box)
    Select(driver.find_element(By.ID, "tx-bulk-category")).select_by_value("utilities")
    submit(driver, TEXT[language]["set_category"])
    assert "2" in flash(driver)
    assert api(driver, server, f"/api/v1/transactions?category=none&account={account_id}")["items"] == []

    # A later statement overlapping the first: only its one new row is added.
    second = statement(language, [("2026-11-05", -120_000, "ACME SERVICES"), ("2026-11-07", -8_990, "KIOSK 17"),
                                  ("2026-11-12", 500_000, "REFUND ACME")])
    upload(driver, server, account_id, second)
    submit(driver)
    entries = api(driver, server, f"/api/v1/transactions?account={account_id}")["items"]
    assert len(entries) == 4, "the overlapping rows are not imported twice"
    by_payee = {e["payee"]: e for e in entries}
    assert by_payee["ACME SERVICES"]["category"] == "utilities" and by_payee["KIOSK 17"]["category"] == "utilities"
    # Money back from ACME with a refund word: a negative expense in ACME's category, not an income
    # (docs/engine-rules.md, "Refunds in a statement").
    assert by_payee["REFUND ACME"]["kind"] == "expense" and by_payee["REFUND ACME"]["amount"] == -500_000
    balance = 100_000 - 35_000 - 120_000 - 8_990 + 500_000
    account = api(driver, server, "/api/v1/accounts")[0]
    assert account["balance"] == balance and account["clearedBalance"] == balance

    # Reconcile against the bank's closing balance: difference 0, finish.
    go(driver, server, f"/accounts/{account_id}/reconcile")
    typed = f"{balance // 100}{',' if language == 'ru' else '.'}{balance % 100:02d}"
    fill(driver, {"statementDate": "2026-11-20", "statementBalance": typed})
    submit(driver, TEXT[language]["recalculate"])
    problems += check_page(driver, "reconcile")
    submit(driver)  # Finish (the primary button once the difference is 0)
    assert driver.current_url.endswith(f"/accounts/{account_id}")
    assert flash(driver)
    go(driver, server, f"/accounts/{account_id}/reconcile")
    assert not driver.find_elements(By.CSS_SELECTOR, "input[type=checkbox][name=e]"), "every entry is reconciled"
    os.remove(first)
    os.remove(second)
    assert not problems, "\n".join(problems)


REFUNDS = 2  # rows of money back each big statement starts with


def tbank_statement(rows, currency="RUB", failed_every=250):
    """A T-Bank export of `rows` card payments (cp1251, `;`, dotted dates with a time, Статус,
    MCC), built from the bank's published column layout; every `failed_every`-th row FAILED.
    It starts with two refunds (docs/engine-rules.md, "Refunds in a statement"): «Возврат покупки
    KOFE KHAUS» (a refund word) and money back from TANUKI (a merchant the statement paid).
    Returns the file's path, the sum of the rows that count and the food spent (the restaurants',
    groceries' and coffee's payments less the refunds), in minor units. The account's currency is
    `currency` (T-Bank keeps accounts in roubles, dollars and euros)."""
    merchants = [("TANUKI", 5812, "Рестораны"), ("PYATEROCHKA 1234", 5411, "Супермаркеты"), ("YANDEX.TAXI", 4121, "Такси"),
                 ("APTEKA RIGLA", 5912, "Аптеки"), ("MTS", 4814, "Мобильная связь"), ("KOFE KHAUS", 5814, "Фастфуд")]
    lines = ['"Дата операции";"Дата платежа";"Номер карты";"Статус";"Сумма операции";"Валюта операции";"Сумма платежа";'
             '"Валюта платежа";"Кэшбэк";"Категория";"MCC";"Описание"']
    refunds = [(12_345, "Фастфуд", 5814, "Возврат покупки KOFE KHAUS"), (5_000, "Рестораны", 5812, "TANUKI 6")]
    total, food = sum(amount for amount, *_ in refunds), -sum(amount for amount, *_ in refunds)
    for amount, category, mcc, text in refunds:
        money = f"{amount // 100},{amount % 100:02d}"
        lines.append(";".join(f'"{c}"' for c in ["15.10.2026 12:00:00", "15.10.2026", "*1234", "OK", money, currency,
                                                  money, currency, "", category, str(mcc), text]))
    for index in range(rows):
        day = 1 + index * 30 // rows
        amount = -(100 + (index * 7919) % 500_000)
        name, mcc, category = merchants[index % len(merchants)]
        status = "FAILED" if index % failed_every == 7 else "OK"
        if status == "OK":
            total += amount
            if mcc in (5812, 5411, 5814):
                food -= amount
        money = f"-{abs(amount) // 100},{abs(amount) % 100:02d}"
        lines.append(";".join(f'"{c}"' for c in [f"{day:02d}.10.2026 12:00:00", f"{day:02d}.10.2026", "*1234", status, money, currency,
                                                  money, currency, "", category, str(mcc), f"{name} {index}"]))
    handle, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(handle, "wb") as file:
        file.write("\r\n".join(lines).encode("cp1251"))
    return path, total, food


def sparkasse_statement(rows, pending_every=50):
    """A Sparkasse CSV-CAMT export of `rows` rows (cp1252, every cell quoted, dd.mm.yy, a decimal
    comma, "Umsatz gebucht" / "Umsatz vorgemerkt" in Info; docs/engine-rules.md, "Bank layouts"):
    German card payments and debits, a salary every 60th row, every `pending_every`-th row still
    pending. It starts with two refunds: REWE's "Rückerstattung" (a refund word) and money back
    from Lidl (a merchant the statement paid). Returns the file's path, the sum of the booked rows
    and the food spent (the groceries' and the bakery's payments less the refunds), in minor units."""
    merchants = [("REWE Markt GmbH", "REWE SAGT DANKE"), ("EDEKA Center Müller", "EDEKA SAGT DANKE"), ("Lidl sagt Danke", "Lidl Filiale"),
                 ("ALDI SÜD", "ALDI SAGT DANKE"), ("dm-drogerie markt", "dm Filiale"), ("DB Vertrieb GmbH", "Fahrschein"),
                 ("Telekom Deutschland GmbH", "Festnetz"), ("Bäckerei Köhler", "Brötchen und Kaffee")]
    header = ["Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck", "Glaeubiger ID", "Mandatsreferenz",
              "Kundenreferenz (End-to-End)", "Sammlerreferenz", "Lastschrift Ursprungsbetrag", "Auslagenersatz Ruecklastschrift",
              "Beguenstigter/Zahlungspflichtiger", "Kontonummer/IBAN", "BIC (SWIFT-Code)", "Betrag", "Waehrung", "Info"]
    lines = [";".join(f'"{c}"' for c in header)]
    refunds = [(2_345, "REWE Markt GmbH", "Rückerstattung Pfand"), (1_000, "Lidl sagt Danke", "Lidl Filiale")]
    total, food = sum(amount for amount, *_ in refunds), -sum(amount for amount, *_ in refunds)
    for amount, name, purpose in refunds:
        lines.append(";".join(f'"{c}"' for c in ["DE12370501980012345678", "15.10.26", "15.10.26", "GUTSCHRIFT", purpose,
                                                  "", "", "NOTPROVIDED", "", "", "", name, "DE02120300000000202051", "BYLADEM1001",
                                                  f"{amount // 100},{amount % 100:02d}", "EUR", "Umsatz gebucht"]))
    for index in range(rows):
        day = 1 + index * 30 // rows
        salary = index % 60 == 5
        amount = 285_000 if salary else -(100 + (index * 7919) % 50_000)
        name, purpose = ("ACME Software GmbH", "Gehalt Oktober 2026") if salary else merchants[index % len(merchants)]
        pending = index % pending_every == 7
        if not pending:
            total += amount
            if not salary and index % len(merchants) in (0, 1, 2, 3, 7):
                food -= amount
        money = ("-" if amount < 0 else "") + f"{abs(amount) // 100},{abs(amount) % 100:02d}"
        kind = "GUTSCHR. UEBERWEISUNG" if salary else "KARTENZAHLUNG"
        lines.append(";".join(f'"{c}"' for c in ["DE12370501980012345678", f"{day:02d}.10.26", f"{day:02d}.10.26", kind, f"{purpose} {index}",
                                                  "", "", "NOTPROVIDED", "", "", "", name, "DE02120300000000202051", "BYLADEM1001",
                                                  money, "EUR", "Umsatz vorgemerkt" if pending else "Umsatz gebucht"]))
    handle, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(handle, "wb") as file:
        file.write("\r\n".join(lines).encode("cp1252"))
    return path, total, food


@pytest.mark.parametrize("language,size,rows", [("ru", "phone", 2000), ("en", "laptop", 600), ("de", "phone", 300)])
def test_big_statement(server, browser_factory, language, size, rows):
    """A real-sized bank export previews with its summary first, 50 rows a page,
    and commits through the real form (the Import button at the top) onto the account's ledger:
    T-Bank's in Russian and English, a Sparkasse's (cp1252, German amounts) in German. Each starts
    with two refunds: the preview shows them as money back, and after the commit the ledger's food
    figure is the food payments less the refunds, with no income from them. Russian is dark."""
    driver = browser_factory(language=language, size=size, dark=language == "ru")
    problems = []
    if language == "de":
        # A German household keeps euros: the welcome form, not the skip (which keeps the default currency).
        warm_up(driver, server)
        go(driver, server, "/")
        fill(driver, {"language": "de", "currency": "EUR", "income": "3000", "emergencyMonths": "3"})
        submit(driver)
    else:
        skip_onboarding(driver, server)
    # The detour: "Create an account" on /import comes back with the new account chosen.
    go(driver, server, "/import")
    click_link(driver, TEXT[language]["create_account"])
    bank = "Sparkasse" if language == "de" else "T-Bank"
    fill(driver, {"name": bank, "type": "checking" if language == "de" else "card", "openingBalance": "0", "openedOn": "2026-09-01"})
    submit(driver)
    assert "/import?account=" in driver.current_url
    account_id = int(driver.current_url.split("account=")[1])
    assert Select(driver.find_element(By.ID, "field-account")).first_selected_option.get_attribute("value") == str(account_id)

    if language == "de":
        path, total, food = sparkasse_statement(rows)
        skipped = len(range(7, rows, 50))
        salaries = 285_000 * len(range(5, rows, 60))
    else:
        path, total, food = tbank_statement(rows, "RUB" if language == "ru" else "USD")
        skipped = len(range(7, rows, 250))
        salaries = 0
    rows += REFUNDS
    driver.find_element(By.ID, "field-file").send_keys(path)
    submit(driver)
    assert "/import/" in driver.current_url
    problems += check_page(driver, f"import-preview-{rows}")
    summary = driver.find_element(By.CSS_SELECTOR, "table.import-summary")
    table = driver.find_element(By.CSS_SELECTOR, "table.import-rows")
    assert summary.location["y"] < table.location["y"], "the summary comes first"
    assert len(driver.find_elements(By.CSS_SELECTOR, "table.import-rows tbody tr")) == 50
    recognised = {"en": "Recognised as: ", "ru": "Распознано как: ", "de": "Erkannt als: "}[language]
    assert recognised + bank in page_text(driver), "the preview names the bank's layout"
    assert str(rows - skipped) in summary.text and str(skipped) in summary.text
    # The two refunds lead the file: money back, each with its category (food).
    refund = {"en": "Refund", "ru": "Возврат", "de": "Erstattung"}[language]
    badges = driver.find_elements(By.CSS_SELECTOR, "table.import-rows .badge.refund")
    assert [badge.text for badge in badges] == [refund, refund]
    for position in range(REFUNDS):
        assert Select(driver.find_element(By.ID, f"cat-{position}")).first_selected_option.get_attribute("value") == "food"
    # Import: the button at the top of the rows.
    buttons = driver.find_elements(By.CSS_SELECTOR, "form.import-choices button.primary")
    assert len(buttons) == 2
    click_and_wait(driver, buttons[0])
    assert f"/transactions?account={account_id}" in driver.current_url
    assert str(rows - skipped) in flash(driver)
    problems += check_page(driver, f"ledger-after-import-{rows}")
    account = next(a for a in api(driver, server, "/api/v1/accounts") if a["id"] == account_id)
    assert account["balance"] == total
    # The ledger's food figure: the payments less the refunds; the account's income: the salaries, no refund.
    for query, expected in [("&category=food", [0, food]), ("&kind=income", [salaries, 0])]:
        go(driver, server, f"/transactions?account={account_id}{query}")
        totals = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#tx-totals .num")]
        assert [int(re.sub(r"[^0-9]", "", text)) for text in totals] == expected, f"{query}: {totals}, expected {expected}"
    os.remove(path)
    assert not problems, "\n".join(problems)


def mt940_statement(rows, opening=123_456):
    """A Sparkasse MT940 ("STA") export of `rows` entries: one statement a day in October 2026
    (:20: STARTUMSE, :25: BLZ/account, :28C:, :60F:, :61: with value and entry date, :86: with
    GVC?00 Buchungstext ?20 SVWZ+ purpose ?30 BIC ?31 IBAN ?32 name, :62F:), ISO-8859-1, CR LF,
    :86: cut at 65 characters as the banks cut it; a salary every 60th entry. Shaped after the
    German MT940 samples of the open mt940 parsers; every name and number is made up.
    Returns the file's path, the sum of the entries and the closing balance, in minor units."""
    merchants = [("REWE Markt GmbH", "REWE SAGT DANKE"), ("Bäckerei Köhler", "Brötchen und Kaffee"),
                 ("Drogerie Müller", "Einkauf Filiale Süd"), ("Stadtwerke Düsseldorf", "Abschlag Strom Oktober"),
                 ("DB Fernverkehr AG", "Fahrschein Köln Hbf"), ("Apotheke am Markt", "Rezeptgebühr")]

    def money(minor):
        return f"{abs(minor) // 100},{abs(minor) % 100:02d}"

    def balance(tag, day, minor):
        return f":{tag}:{'C' if minor >= 0 else 'D'}2610{day:02d}EUR{money(minor)}"

    lines, total, current = [], 0, opening
    days = 30
    for day in range(1, days + 1):
        lines += [":20:STARTUMSE", ":25:50050201/0123456789", f":28C:{day:05d}/001", balance("60F", day, current)]
        for index in range((day - 1) * rows // days, day * rows // days):
            salary = index % 60 == 5
            amount = 285_000 if salary else -(100 + (index * 7919) % 5_000)
            name, purpose = ("ACME Software GmbH", "Gehalt Oktober 2026") if salary else merchants[index % len(merchants)]
            gvc, text = ("166", "GUTSCHRIFT") if salary else ("106", "KARTENZAHLUNG")
            lines.append(f":61:2610{day:02d}10{day:02d}{'C' if amount > 0 else 'D'}R{money(amount)}N{gvc[:3]}NONREF")
            details = f":86:{gvc}?00{text}?20SVWZ+{purpose} {index}?30BYLADEM1001?31DE02120300000000202051?32{name}?34000"
            lines += [details[start:start + 65] for start in range(0, len(details), 65)]
            total += amount
            current += amount
        lines += [balance("62F", day, current), "-"]
    handle, path = tempfile.mkstemp(suffix=".sta")
    with os.fdopen(handle, "wb") as file:
        file.write("\r\n".join(lines).encode("iso-8859-1"))
    return path, total, current


def test_mt940_statement(server, browser_factory):
    """A German household imports its Sparkasse's MT940 export (300 entries, ISO-8859-1) on a
    phone: the preview says MT940, shows the umlauts and the bank's closing balance, the Import
    button commits every entry, and the account then agrees with the statement."""
    driver = browser_factory(language="de", size="phone")
    problems = []
    warm_up(driver, server)
    go(driver, server, "/")
    fill(driver, {"language": "de", "currency": "EUR", "income": "3000", "emergencyMonths": "3"})
    submit(driver)
    opening = 123_456
    go(driver, server, "/accounts/new")
    fill(driver, {"name": "Sparkasse Giro", "type": "checking", "openingBalance": "1234,56", "openedOn": "2026-09-01"})
    submit(driver)
    account_id = next(a["id"] for a in api(driver, server, "/api/v1/accounts") if a["name"] == "Sparkasse Giro")

    path, total, closing = mt940_statement(300, opening)
    upload(driver, server, account_id, path)
    problems += check_page(driver, "import-preview-mt940")
    text = page_text(driver)
    assert "MT940" in text and "Bäckerei Köhler" in text and "Brötchen und Kaffee" in text
    assert f"Saldo laut Auszug: {closing // 100:,}".replace(",", ".") in text, "the preview shows the bank's closing balance"
    summary = driver.find_element(By.CSS_SELECTOR, "table.import-summary")
    assert "300" in summary.text
    # The rows as a person scrolls to them: the other party, the purpose under it.
    driver.execute_script("arguments[0].scrollIntoView()", driver.find_element(By.CSS_SELECTOR, "table.import-rows"))
    driver.save_screenshot(os.path.join(ARTIFACTS, screenshot_name("import-preview-mt940-rows", driver)))
    click_and_wait(driver, driver.find_elements(By.CSS_SELECTOR, "form.import-choices button.primary")[0])
    assert f"/transactions?account={account_id}" in driver.current_url
    assert "300" in flash(driver)
    account = next(a for a in api(driver, server, "/api/v1/accounts") if a["id"] == account_id)
    assert account["balance"] == opening + total == closing
    go(driver, server, f"/accounts/{account_id}")
    assert "FinMind ebenfalls" in page_text(driver), "the account agrees with the statement's closing balance"
    os.remove(path)
    assert not problems, "\n".join(problems)
