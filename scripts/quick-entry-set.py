#!/usr/bin/env python3
"""Builds the labelled quick-entry phrases (Tests/QuickEntryTests/Data).

Hand-written phrases (handwritten.tsv) plus generated ones, each labelled from the parts it
was built from (not by the parser). The whole set is then split deterministically by a hash
of the phrase: a quarter goes to heldout.tsv, never used for tuning; the rest to tuning.tsv.
Today is 2026-11-24 (a Tuesday). Run: python3 scripts/quick-entry-set.py
"""
import datetime, hashlib, os, random

HERE = os.path.join(os.path.dirname(__file__), "..", "Tests", "QuickEntryTests", "Data")
TODAY = datetime.date(2026, 11, 24)
rng = random.Random(20261124)

def d(days): return (TODAY + datetime.timedelta(days=days)).isoformat()

# (forms as people type them, category) — expenses
RU_EXP = [
    (["кофе", "Кофе", "кофе с собой", "кофэ", "капучино", "латте"], "food", (150, 450)),
    (["обед", "Обед", "бизнес-ланч", "обед в столовой", "абед"], "food", (250, 900)),
    (["продукты", "Продукты", "продукты в магните", "продукты ашан", "продуктв", "продукты на неделю"], "food", (600, 6000)),
    (["ужин", "ужин в кафе", "суши", "роллы", "пицца", "шаурма", "бургер"], "food", (300, 3500)),
    (["такси", "Такси", "такси до работы", "таксі", "яндекс такси"], "transport", (200, 1500)),
    (["метро", "проезд", "автобус", "тройка", "электричка"], "transport", (50, 300)),
    (["бензин", "заправка", "бенз", "азс"], "transport", (1500, 4500)),
    (["аптека", "лекарства", "таблетки", "апткеа", "витамины"], "health", (200, 3000)),
    (["стоматолог", "врач", "анализы", "клиника"], "health", (1500, 12000)),
    (["кино", "билеты в кино", "театр", "концерт", "боулинг", "бар"], "entertainment", (400, 5000)),
    (["интернет", "коммуналка", "мобильная связь", "свет", "жкх"], "utilities", (300, 9000)),
    (["аренда", "аренда квартиры", "ипотека", "квартплата"], "housing", (20000, 60000)),
    (["кроссовки", "куртка", "джинсы", "футболка", "одежда", "обувь"], "clothing", (900, 15000)),
    (["книги", "книга", "курсы", "репетитор", "учебники", "школа"], "education", (500, 20000)),
    (["нетфликс", "спотифай", "подписка", "кинопоиск", "ютуб премиум", "icloud"], "subscriptions", (149, 999)),
    (["стрижка", "цветы", "подарок другу", "химчистка", "корм коту", "ключи"], "other", (300, 4000)),
]
EN_EXP = [
    (["coffee", "Coffee", "coffe", "latte", "cappuccino", "iced coffee"], "food", (3, 7)),
    (["lunch", "Lunch", "lunch w/ team", "lnch", "sandwich"], "food", (8, 25)),
    (["groceries", "Groceries", "grocery run", "grocerys", "food shopping"], "food", (25, 180)),
    (["dinner", "pizza", "sushi", "burger", "takeout", "breakfast"], "food", (10, 90)),
    (["taxi", "uber", "Uber", "lyft", "cab home"], "transport", (9, 45)),
    (["bus", "subway", "metro card", "train ticket", "parking", "toll"], "transport", (2, 40)),
    (["petrol", "fuel", "diesel"], "transport", (30, 90)),
    (["pharmacy", "meds", "medicine", "vitamins", "pharmcy"], "health", (5, 60)),
    (["doctor", "dentist", "clinic visit"], "health", (40, 300)),
    (["movie", "cinema", "concert tickets", "bowling", "bar", "drinks", "museum"], "entertainment", (10, 120)),
    (["internet", "phone bill", "electricity", "water bill", "utilities"], "utilities", (30, 200)),
    (["rent", "Rent", "mortgage"], "housing", (800, 2500)),
    (["sneakers", "jacket", "jeans", "t-shirt", "shoes", "hoodie"], "clothing", (15, 160)),
    (["books", "book", "course", "tutor", "tuition", "textbook"], "education", (10, 400)),
    (["netflix", "Netflix", "spotify", "youtube premium", "icloud", "chatgpt"], "subscriptions", (3, 25)),
    (["haircut", "flowers", "gift for mom", "dry cleaning", "cat food", "laundry"], "other", (8, 70)),
]
RU_INC = ["зарплата", "Зарплата", "зп", "аванс", "премия", "кэшбэк", "возврат", "зарплато", "подарок от бабушки", "фриланс"]
EN_INC = ["salary", "Salary", "paycheck", "refund", "cashback", "bonus", "gift from dad", "freelance"]

# (text, date offset in days or absolute ISO)
RU_DATES = [("", 0), ("сегодня", 0), ("вчера", -1), ("Вчера", -1), ("вчира", -1), ("позавчера", -2),
            ("2 дня назад", -2), ("3 дня назад", -3), ("5 дней назад", -5), ("неделю назад", -7),
            ("в пятницу", -4), ("в пт", -4), ("в субботу", -3), ("в воскресенье", -2), ("в понедельник", -1),
            ("в среду", -6), ("в четверг", -5), ("в прошлый понедельник", -1), ("в прошлую субботу", -3),
            ("21.11", "2026-11-21"), ("18.11", "2026-11-18"), ("20/11", "2026-11-20"), ("15.11.2026", "2026-11-15"),
            ("3 ноября", "2026-11-03"), ("1 ноября", "2026-11-01"), ("12 октября", "2026-10-12"),
            ("10-го", "2026-11-10"), ("5-го", "2026-11-05"), ("15 числа", "2026-11-15"),
            ("завтра", 1), ("послезавтра", 2), ("через 3 дня", 3), ("28-го", "2026-11-28"), ("5 декабря", "2026-12-05"),
            ("в следующую пятницу", 3)]
EN_DATES = [("", 0), ("today", 0), ("yesterday", -1), ("Yesterday", -1), ("yesterady", -1), ("day before yesterday", -2),
            ("2 days ago", -2), ("3 days ago", -3), ("a week ago", -7), ("on friday", -4), ("friday", -4),
            ("on saturday", -3), ("sunday", -2), ("on monday", -1), ("last wednesday", -6), ("last thursday", -5),
            ("11/21", "2026-11-21"), ("11/18", "2026-11-18"), ("Nov 3", "2026-11-03"), ("October 12", "2026-10-12"),
            ("the 10th", "2026-11-10"), ("on the 5th", "2026-11-05"), ("May 5", "2026-05-05"),
            ("tomorrow", 1), ("in 3 days", 3), ("next friday", 3), ("on the 28th", "2026-11-28"), ("Dec 5", "2026-12-05")]
RU_PERIODS = [("ежемесячно", "monthly"), ("каждый месяц", "monthly"), ("в месяц", "monthly"), ("каждую неделю", "weekly"),
              ("еженедельно", "weekly"), ("ежегодно", "yearly"), ("раз в год", "yearly"), ("ежеквартально", "quarterly")]
EN_PERIODS = [("monthly", "monthly"), ("every month", "monthly"), ("per month", "monthly"), ("weekly", "weekly"),
              ("every week", "weekly"), ("yearly", "yearly"), ("annually", "yearly"), ("every 2 weeks", "biweekly")]

def ru_amount(value):
    """(text, minor) in a random Russian way of writing `value` roubles."""
    style = rng.choice(["plain", "plain", "space", "nbsp", "dec", "k", "rub", "r", "sym", "tys"])
    if style == "k" and value >= 1000 and value % 100 == 0:
        return (f"{value / 1000:g}".replace(".", ",") + rng.choice(["к", "k", " к"]), value * 100)
    if style == "tys" and value >= 1000 and value % 1000 == 0:
        return (f"{value // 1000} тыс", value * 100)
    if style == "space" and value >= 1000:
        return (f"{value:,}".replace(",", " "), value * 100)
    if style == "nbsp" and value >= 1000:
        return (f"{value:,}".replace(",", "\u00a0"), value * 100)
    if style == "dec":
        cents = rng.choice([50, 90, 99, 30])
        return (f"{value},{cents:02d}", value * 100 + cents)
    if style == "rub": return (f"{value} руб", value * 100)
    if style == "r": return (f"{value}{rng.choice(['р', ' р', 'р.'])}", value * 100)
    if style == "sym": return (f"{value}{rng.choice(['₽', ' ₽'])}", value * 100)
    return (str(value), value * 100)

def en_amount(value):
    style = rng.choice(["plain", "plain", "cents", "cents", "dollar", "usd", "comma", "k"])
    if style == "k" and value >= 1000 and value % 100 == 0:
        return (f"{value / 1000:g}k", value * 100)
    if style == "comma" and value >= 1000:
        return (f"{value:,}", value * 100)
    if style == "cents":
        cents = rng.choice([50, 99, 25, 75, 40, 5])
        return (f"{value}.{cents:02d}", value * 100 + cents)
    if style == "dollar": return (f"${value}", value * 100)
    if style == "usd": return (f"{value} usd", value * 100)
    return (str(value), value * 100)

def resolve(offset):
    return offset if isinstance(offset, str) else d(offset)

def phrase(lang, name, amount, date, period=""):
    parts_order = rng.choice(["nad", "nad", "nad", "and", "dna", "nda", "nda"])
    parts = {"n": name, "a": amount, "d": date}
    words = [parts[c] for c in parts_order if parts[c]]
    if period: words.insert(rng.choice([len(words), len(words) - 1 if len(words) > 1 else len(words)]), period)
    text = " ".join(words)
    if rng.random() < 0.06:  # missing space between name and amount
        text = text.replace(f"{name} {amount}", f"{name}{amount}")
    if rng.random() < 0.05: text = text.upper() if lang == "en" else text.capitalize()
    return text

def generate(lang, count):
    rows = []
    exp, inc, dates, periods = (RU_EXP, RU_INC, RU_DATES, RU_PERIODS) if lang == "ru" else (EN_EXP, EN_INC, EN_DATES, EN_PERIODS)
    amount_of = ru_amount if lang == "ru" else en_amount
    for _ in range(count):
        roll = rng.random()
        date_text, offset = rng.choice(dates)
        period, period_name = ("", "")
        if roll < 0.12:
            name = rng.choice(inc)
            value = rng.choice([1500, 5000, 12000, 45000, 60000, 95000]) if lang == "ru" else rng.choice([20, 35, 150, 1200, 2400, 3100])
            amount_text, minor = amount_of(value)
            if rng.random() < 0.3: amount_text = "+" + amount_text
            kind, category = "income", ""
        else:
            forms, category, (lo, hi) = rng.choice(exp)
            name = rng.choice(forms)
            value = rng.randint(lo, hi)
            if value > 1000: value = value // 10 * 10
            amount_text, minor = amount_of(value)
            kind = "expense"
            if roll > 0.9:
                period, period_name = rng.choice(periods)
                date_text, offset = "", 0
        date = resolve(offset)
        status = "planned" if date > TODAY.isoformat() else "actual"
        rows.append((lang, phrase(lang, name, amount_text, date_text, period), str(minor), kind, date, category, status, period_name))
    return rows

def main():
    rows = []
    with open(os.path.join(HERE, "handwritten.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip(): continue
            cells = line.rstrip("\n").split("\t")
            rows.append(tuple(cells + [""] * (8 - len(cells))))
    rows += generate("ru", 200) + generate("en", 160)
    seen, unique = set(), []
    for row in rows:
        if row[1] not in seen: seen.add(row[1]); unique.append(row)
    header = "# lang\tphrase\tamount(minor)\tkind\tdate\tcategory\tstatus\tperiodicity   (today = 2026-11-24, Tuesday)\n"
    held = [r for r in unique if int(hashlib.sha256(r[1].encode()).hexdigest(), 16) % 4 == 0]
    tune = [r for r in unique if r not in held]
    for name, part in (("tuning.tsv", tune), ("heldout.tsv", held)):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            for r in part: f.write("\t".join(r) + "\n")
    print(f"{len(unique)} phrases: {len(tune)} tuning, {len(held)} held out")

main()
