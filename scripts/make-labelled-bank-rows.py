#!/usr/bin/env python3
"""Writes Tests/StatementsTests/Fixtures/labelled-bank-rows.tsv: bank statement rows as Russian
and English banks print them (payee text as card acquirers send it, the MCC the merchant's
acquirer uses, the bank's own category word), each with the FinMind category a person files it
under. Merchants are well-known public brands; amounts and dates are left out (they do not
categorise). A quarter of the merchants (every row of them) is held out: `split` = holdout.
The held-out quarter is chosen by a hash of the merchant's name, before any tuning, and the
keyword list is never tuned on it (docs/PERFORMANCE.md, "Categorisation quality").

Columns: split, language, payee, mcc (empty: none), bank category (empty: none), expected.
Every merchant gives a row with what the bank says (MCC and, for some layouts, the bank's
category) and a row with the payee text alone."""
import hashlib, os

# (ru text, en/latin text, MCC, bank category ru, bank category en, FinMind category)
RU = [
    ("ПЯТЁРОЧКА", "PYATEROCHKA", 5411, "Супермаркеты", "food"), ("МАГНИТ", "MAGNIT", 5411, "Супермаркеты", "food"),
    ("ПЕРЕКРЁСТОК", "PEREKRESTOK", 5411, "Супермаркеты", "food"), ("ВКУСВИЛЛ", "VKUSVILL", 5411, "Супермаркеты", "food"),
    ("ЛЕНТА", "LENTA", 5411, "Супермаркеты", "food"), ("АШАН", "AUCHAN", 5411, "Супермаркеты", "food"),
    ("ДИКСИ", "DIXY", 5411, "Супермаркеты", "food"), ("САМОКАТ", "SAMOKAT", 5411, "Супермаркеты", "food"),
    ("ЧИЖИК", "CHIZHIK", 5411, "Супермаркеты", "food"), ("КРАСНОЕ И БЕЛОЕ", "KRASNOE&BELOE", 5921, "Супермаркеты", "food"),
    ("ТАНУКИ", "TANUKI", 5812, "Рестораны", "food"), ("ШОКОЛАДНИЦА", "SHOKOLADNITSA", 5812, "Рестораны", "food"),
    ("КОФЕ ХАУС", "KOFE KHAUS", 5814, "Фастфуд", "food"), ("ВКУСНО И ТОЧКА", "VKUSNO I TOCHKA", 5814, "Фастфуд", "food"),
    ("ТЕРЕМОК", "TEREMOK", 5814, "Фастфуд", "food"), ("РОСТИКС", "ROSTICS", 5814, "Фастфуд", "food"),
    ("ДОДО ПИЦЦА", "DODO PIZZA", 5814, "Фастфуд", "food"), ("ЯНДЕКС ЕДА", "YANDEX.EDA", 5814, "Рестораны", "food"),
    ("COFIX", "COFIX", 5814, "Фастфуд", "food"), ("БУШЕ", "BUSHE", 5462, "Рестораны", "food"),
    ("ЯНДЕКС ТАКСИ", "YANDEX.TAXI", 4121, "Такси", "transport"), ("ЯНДЕКС GO", "YANDEX GO", 4121, "Такси", "transport"),
    ("СИТИМОБИЛ", "CITYMOBIL", 4121, "Такси", "transport"), ("МОСМЕТРО", "MOSMETRO", 4111, "Транспорт", "transport"),
    ("МЕТРОПОЛИТЕН СПБ", "METROPOLITEN SPB", 4111, "Транспорт", "transport"), ("ТРОЙКА", "TROIKA", 4111, "Транспорт", "transport"),
    ("РЖД", "RZD", 4112, "Ж/д билеты", "transport"), ("АЭРОФЛОТ", "AEROFLOT", 3011, "Авиабилеты", "transport"),
    ("S7 AIRLINES", "S7 AIRLINES", 4511, "Авиабилеты", "transport"), ("ЛУКОЙЛ", "LUKOIL", 5541, "Топливо", "transport"),
    ("ГАЗПРОМНЕФТЬ", "GAZPROMNEFT", 5542, "Топливо", "transport"), ("РОСНЕФТЬ", "ROSNEFT", 5541, "Топливо", "transport"),
    ("ДЕЛИМОБИЛЬ", "DELIMOBIL", 7512, "Каршеринг", "transport"), ("МОСКОВСКИЙ ПАРКИНГ", "MOSCOW PARKING", 7523, "Транспорт", "transport"),
    ("АВТОДОР ПЛАТНЫЕ ДОРОГИ", "AVTODOR", 4784, "Транспорт", "transport"),
    ("АПТЕКА РИГЛА", "APTEKA RIGLA", 5912, "Аптеки", "health"), ("АПТЕКА 36,6", "APTEKA 36,6", 5912, "Аптеки", "health"),
    ("ГОРЗДРАВ", "GORZDRAV", 5912, "Аптеки", "health"), ("ЕАПТЕКА", "EAPTEKA", 5912, "Аптеки", "health"),
    ("АСНА", "ASNA", 5912, "Аптеки", "health"), ("ИНВИТРО", "INVITRO", 8071, "Медицина", "health"),
    ("ГЕМОТЕСТ", "GEMOTEST", 8071, "Медицина", "health"), ("СМ-КЛИНИКА", "SM-CLINIC", 8011, "Медицина", "health"),
    ("МЕДСИ", "MEDSI", 8062, "Медицина", "health"), ("СТОМАТОЛОГИЯ ДЕНТА", "STOMATOLOGIYA DENTA", 8021, "Медицина", "health"),
    ("ОЧКАРИК", "OCHKARIK", 8043, "Медицина", "health"),
    ("МТС", "MTS", 4814, "Мобильная связь", "utilities"), ("БИЛАЙН", "BEELINE", 4814, "Мобильная связь", "utilities"),
    ("МЕГАФОН", "MEGAFON", 4814, "Мобильная связь", "utilities"), ("ТЕЛЕ2", "TELE2", 4814, "Мобильная связь", "utilities"),
    ("РОСТЕЛЕКОМ", "ROSTELECOM", 4814, "Связь", "utilities"), ("МОСЭНЕРГОСБЫТ", "MOSENERGOSBYT", 4900, "Коммунальные услуги", "utilities"),
    ("МОСВОДОКАНАЛ", "MOSVODOKANAL", 4900, "Коммунальные услуги", "utilities"), ("ЖКУ МОСКВЫ", "GKU MOSKVY", 4900, "Коммунальные услуги", "utilities"),
    ("МОСГАЗ", "MOSGAZ", 4900, "Коммунальные услуги", "utilities"), ("ДОМ.РУ", "DOM.RU", 4816, "Связь", "utilities"),
    ("ЯНДЕКС ПЛЮС", "YANDEX*PLUS", 5815, "Цифровые товары", "subscriptions"), ("КИНОПОИСК", "KINOPOISK", 5815, "Цифровые товары", "subscriptions"),
    ("OKKO", "OKKO", 5815, "Цифровые товары", "subscriptions"), ("IVI", "IVI.RU", 5815, "Цифровые товары", "subscriptions"),
    ("START", "START.RU", 5815, "Цифровые товары", "subscriptions"), ("VK МУЗЫКА", "VK MUSIC", 5815, "Цифровые товары", "subscriptions"),
    ("МТС PREMIUM", "MTS PREMIUM", 5815, "Цифровые товары", "subscriptions"), ("APPLE.COM/BILL", "APPLE.COM/BILL", 5818, "Цифровые товары", "subscriptions"),
    ("КИНО ОКТЯБРЬ", "KINO OKTYABR", 7832, "Кино", "entertainment"), ("КАРО ФИЛЬМ", "KARO FILM", 7832, "Кино", "entertainment"),
    ("СИНЕМА ПАРК", "CINEMA PARK", 7832, "Кино", "entertainment"), ("ЯНДЕКС АФИША", "YANDEX.AFISHA", 7922, "Развлечения", "entertainment"),
    ("КАССИР.РУ", "KASSIR.RU", 7922, "Развлечения", "entertainment"), ("БОЛЬШОЙ ТЕАТР", "BOLSHOI THEATRE", 7922, "Развлечения", "entertainment"),
    ("ПАРК ГОРЬКОГО", "GORKY PARK", 7996, "Развлечения", "entertainment"), ("БОУЛИНГ КОСМИК", "COSMIK BOWLING", 7933, "Развлечения", "entertainment"),
    ("WORLD CLASS", "WORLD CLASS", 7997, "Спорттовары", "entertainment"), ("ТРЕТЬЯКОВСКАЯ ГАЛЕРЕЯ", "TRETYAKOV GALLERY", 7991, "Развлечения", "entertainment"),
    ("ЛЕРУА МЕРЛЕН", "LEROY MERLIN", 5200, "Дом и ремонт", "housing"), ("ОБИ", "OBI", 5200, "Дом и ремонт", "housing"),
    ("ИКЕА", "IKEA", 5712, "Дом и ремонт", "housing"), ("HOFF", "HOFF", 5712, "Дом и ремонт", "housing"),
    ("ПЕТРОВИЧ", "PETROVICH", 5211, "Дом и ремонт", "housing"), ("ВСЕИНСТРУМЕНТЫ", "VSEINSTRUMENTI", 5251, "Дом и ремонт", "housing"),
    ("КЛИНИНГ ЧИСТЫЙ ДОМ", "CLEANING CHISTY DOM", 7349, "Дом и ремонт", "housing"),
    ("ZARA", "ZARA", 5651, "Одежда и обувь", "clothing"), ("H&M", "H&M", 5651, "Одежда и обувь", "clothing"),
    ("UNIQLO", "UNIQLO", 5651, "Одежда и обувь", "clothing"), ("GLORIA JEANS", "GLORIA JEANS", 5651, "Одежда и обувь", "clothing"),
    ("СПОРТМАСТЕР", "SPORTMASTER", 5655, "Одежда и обувь", "clothing"), ("ЛАМОДА", "LAMODA", 5651, "Одежда и обувь", "clothing"),
    ("BEFREE", "BEFREE", 5621, "Одежда и обувь", "clothing"), ("ОСТИН", "OSTIN", 5651, "Одежда и обувь", "clothing"),
    ("ЭКОНИКА", "ECONIKA", 5661, "Одежда и обувь", "clothing"), ("ЦЕНТРОБУВЬ", "CENTROBUV", 5661, "Одежда и обувь", "clothing"),
    ("ЧИТАЙ-ГОРОД", "CHITAI-GOROD", 5942, "Книги", "education"), ("БУКВОЕД", "BUKVOED", 5942, "Книги", "education"),
    ("SKYENG", "SKYENG", 8299, "Образование", "education"), ("НЕТОЛОГИЯ", "NETOLOGIYA", 8299, "Образование", "education"),
    ("SKILLBOX", "SKILLBOX", 8299, "Образование", "education"), ("ЯНДЕКС ПРАКТИКУМ", "YANDEX PRAKTIKUM", 8299, "Образование", "education"),
    ("КОМУС", "KOMUS", 5943, "Канцтовары", "education"), ("МГУ", "MSU", 8220, "Образование", "education"),
    ("WILDBERRIES", "WILDBERRIES", 5399, "Маркетплейсы", "other"), ("OZON", "OZON.RU", 5399, "Маркетплейсы", "other"),
    ("ПЕРЕВОД СБП", "SBP PEREVOD", 4829, "Переводы", "other"), ("БАНКОМАТ", "ATM", 6011, "Наличные", "other"),
]
EN = [
    ("TESCO STORES", 5411, "Groceries", "food"), ("SAINSBURYS", 5411, "Groceries", "food"), ("WAITROSE", 5411, "Groceries", "food"),
    ("ALDI", 5411, "Groceries", "food"), ("LIDL GB", 5411, "Groceries", "food"), ("WHOLEFDS", 5411, "Groceries", "food"),
    ("TRADER JOE S", 5411, "Groceries", "food"), ("KROGER", 5411, "Groceries", "food"), ("SAFEWAY", 5411, "Groceries", "food"),
    ("COSTCO WHSE", 5300, "Groceries", "food"), ("PRET A MANGER", 5814, "Eating out", "food"), ("STARBUCKS", 5814, "Food & Drink", "food"),
    ("MCDONALDS", 5814, "Food & Drink", "food"), ("CHIPOTLE", 5814, "Food & Drink", "food"), ("DELIVEROO", 5812, "Eating out", "food"),
    ("UBER *EATS", 5812, "Eating out", "food"), ("DOORDASH", 5812, "Food & Drink", "food"), ("NANDOS", 5812, "Eating out", "food"),
    ("GREGGS", 5462, "Eating out", "food"), ("PIZZA EXPRESS", 5812, "Eating out", "food"),
    ("UBER *TRIP", 4121, "Transport", "transport"), ("LYFT *RIDE", 4121, "Travel", "transport"), ("TFL TRAVEL CH", 4111, "Transport", "transport"),
    ("TRAINLINE", 4112, "Transport", "transport"), ("NATIONAL RAIL", 4112, "Transport", "transport"), ("SHELL", 5541, "Gas", "transport"),
    ("BP", 5541, "Transport", "transport"), ("ESSO", 5541, "Transport", "transport"), ("CHEVRON", 5542, "Gas", "transport"),
    ("EXXONMOBIL", 5542, "Gas", "transport"), ("RYANAIR", 4511, "Travel", "transport"), ("EASYJET", 4511, "Travel", "transport"),
    ("DELTA AIR", 3058, "Travel", "transport"), ("NCP PARKING", 7523, "Transport", "transport"), ("ZIPCAR", 7512, "Travel", "transport"),
    ("BOLT.EU", 4121, "Transport", "transport"), ("MTA*NYCT PAYGO", 4111, "Travel", "transport"),
    ("BOOTS", 5912, "Health & Wellness", "health"), ("SUPERDRUG", 5912, "Personal care", "health"), ("CVS/PHARMACY", 5912, "Health & Wellness", "health"),
    ("WALGREENS", 5912, "Health & Wellness", "health"), ("LLOYDS PHARMACY", 5912, "Personal care", "health"), ("BUPA", 8099, "Health & Wellness", "health"),
    ("MYDENTIST", 8021, "Health & Wellness", "health"), ("SPECSAVERS", 8043, "Personal care", "health"), ("QUEST DIAGNOSTICS", 8071, "Health & Wellness", "health"),
    ("KAISER PERMANENTE", 8062, "Health & Wellness", "health"),
    ("VODAFONE", 4814, "Bills", "utilities"), ("EE LIMITED", 4814, "Bills", "utilities"), ("O2 UK", 4814, "Bills", "utilities"),
    ("BRITISH GAS", 4900, "Bills", "utilities"), ("OCTOPUS ENERGY", 4900, "Bills", "utilities"), ("THAMES WATER", 4900, "Bills", "utilities"),
    ("COMCAST XFINITY", 4899, "Bills & Utilities", "utilities"), ("VERIZON WRLS", 4814, "Bills & Utilities", "utilities"),
    ("AT&T", 4814, "Bills & Utilities", "utilities"), ("PG&E", 4900, "Bills & Utilities", "utilities"), ("CON ED", 4900, "Bills & Utilities", "utilities"),
    ("BT GROUP", 4814, "Bills", "utilities"),
    ("NETFLIX.COM", 4899, "Entertainment", "subscriptions"), ("SPOTIFY", 5815, "Entertainment", "subscriptions"),
    ("GOOGLE *GOOGLE ONE", 5818, "Bills & Utilities", "subscriptions"), ("AMAZON PRIME", 5968, "Shopping", "subscriptions"),
    ("DISNEY PLUS", 4899, "Entertainment", "subscriptions"), ("ADOBE", 5818, "Bills & Utilities", "subscriptions"),
    ("DROPBOX", 5818, "Bills & Utilities", "subscriptions"), ("MICROSOFT*365", 5818, "Bills & Utilities", "subscriptions"),
    ("AUDIBLE", 5815, "Entertainment", "subscriptions"), ("YOUTUBE PREMIUM", 5815, "Entertainment", "subscriptions"),
    ("ODEON", 7832, "Entertainment", "entertainment"), ("VUE CINEMAS", 7832, "Entertainment", "entertainment"),
    ("AMC THEATRES", 7832, "Entertainment", "entertainment"), ("TICKETMASTER", 7922, "Entertainment", "entertainment"),
    ("STEAMGAMES.COM", 5816, "Entertainment", "entertainment"), ("PLAYSTATION NETWORK", 5816, "Entertainment", "entertainment"),
    ("XBOX", 5816, "Entertainment", "entertainment"), ("NINTENDO", 5816, "Entertainment", "entertainment"),
    ("PUREGYM", 7997, "Personal", "entertainment"), ("NATIONAL TRUST", 7991, "Entertainment", "entertainment"),
    ("BOOKING.COM", 4722, "Holidays", "entertainment"), ("PREMIER INN", 7011, "Holidays", "entertainment"),
    ("B&Q", 5200, "Home", "housing"), ("HOMEBASE", 5200, "Home", "housing"), ("IKEA LTD", 5712, "Home", "housing"),
    ("THE HOME DEPOT", 5200, "Home", "housing"), ("LOWES", 5200, "Home", "housing"), ("WAYFAIR", 5712, "Home", "housing"),
    ("DUNELM", 5719, "Home", "housing"), ("HELPLING", 7349, "Home", "housing"),
    ("PRIMARK", 5651, "Shopping", "clothing"), ("NEXT RETAIL", 5651, "Shopping", "clothing"), ("ASOS.COM", 5651, "Clothes", "clothing"),
    ("GAP", 5651, "Shopping", "clothing"), ("NIKE", 5661, "Shopping", "clothing"), ("JD SPORTS", 5655, "Clothes", "clothing"),
    ("CLARKS", 5661, "Clothes", "clothing"), ("OLD NAVY", 5651, "Shopping", "clothing"), ("H&M UK", 5651, "Clothes", "clothing"),
    ("WATERSTONES", 5942, "Education", "education"), ("BARNES & NOBLE", 5942, "Education", "education"), ("COURSERA", 8299, "Education", "education"),
    ("UDEMY", 8299, "Education", "education"), ("UNIVERSITY OF LEEDS", 8220, "Education", "education"), ("STAPLES", 5943, "Shopping", "education"),
    ("OPEN UNIVERSITY", 8220, "Education", "education"), ("WHSMITH", 5942, "Shopping", "education"),
    ("AMAZON MKTPLACE", 5942, "Shopping", "other"), ("EBAY", 5399, "Shopping", "other"), ("TRANSFER TO J SMITH", 4829, "Transfers", "other"),
    ("ATM WITHDRAWAL", 6011, "Cash", "other"),
]


def held_out(name):
    return hashlib.sha256(name.encode()).digest()[0] % 4 == 0


def main():
    out = ["split\tlanguage\tpayee\tmcc\tbank category\texpected"]
    for index, (ru, latin, mcc, bank, category) in enumerate(RU):
        split = "holdout" if held_out(latin) else "tune"
        # What Russian banks print: the acquirer's Latin text (T-Bank, Sber, Alfa) or the Cyrillic name (Ozon, VTB's СБП).
        out.append(f"{split}\tru\t{latin} {1000 + index * 7} MOSCOW RUS\t{mcc}\t{bank}\t{category}")
        out.append(f"{split}\tru\tОплата товаров и услуг. {ru}\t{mcc}\t\t{category}")
        out.append(f"{split}\tru\t{latin} {2000 + index * 3} MOSCOW RUS\t\t\t{category}")
        out.append(f"{split}\tru\t{ru}\t\t\t{category}")
    for index, (name, mcc, bank, category) in enumerate(EN):
        split = "holdout" if held_out(name) else "tune"
        out.append(f"{split}\ten\t{name} {3000 + index * 11} LONDON GB\t{mcc}\t{bank}\t{category}")
        out.append(f"{split}\ten\tCARD PAYMENT TO {name} ON 0{1 + index % 9} OCT\t{mcc}\t\t{category}")
        out.append(f"{split}\ten\t{name} {4000 + index * 13}\t\t\t{category}")
        out.append(f"{split}\ten\tPOS {name} NEW YORK NY\t\t\t{category}")
    path = os.path.join(os.path.dirname(__file__), "..", "Tests", "StatementsTests", "Fixtures", "labelled-bank-rows.tsv")
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(out) + "\n")
    print(f"{len(out) - 1} rows, {sum(1 for line in out if line.startswith('holdout'))} held out")


main()
