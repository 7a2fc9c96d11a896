import Engine
@testable import Statements

// Sample statements in the export layouts of real banks, built from the banks' public format
// descriptions (header rows, date and amount forms, status words) with made-up merchants and
// amounts — never a user's data. Each sample also says what a correct reading gives: the rows
// imported, the rows skipped and why, the balance and the first and last date.
// docs/engine-rules.md, "Bank layouts", describes each layout's quirks.

/// A merchant the samples draw from: its text as a Russian and an English bank prints it, the
/// MCC its acquirer gives, the bank's category words, and the FinMind category a person files it under.
struct SampleMerchant {
    var ru: String
    var en: String
    var mcc: Int
    var bankRU: String
    var bankEN: String
    var category: String
}

/// What reading a sample must give.
struct SampleExpectation {
    var imported = 0
    var skipped: [Int: String] = [:]
    var balance: Int64 = 0
    var first: Day?
    var last: Day?

    mutating func add(_ amount: Int64, on day: Day) {
        imported += 1
        balance += amount
        first = min(first ?? day, day)
        last = max(last ?? day, day)
    }
}

/// A deterministic pseudo-random stream (SplitMix64), so every sample is the same on every run.
struct SampleRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

enum BankSamples {
    static let merchants: [SampleMerchant] = [
        .init(ru: "ПЯТЁРОЧКА 1234", en: "PYATEROCHKA 1234 MOSCOW", mcc: 5411, bankRU: "Супермаркеты", bankEN: "Groceries", category: "food"),
        .init(ru: "ВКУСВИЛЛ", en: "VKUSVILL 77", mcc: 5411, bankRU: "Супермаркеты", bankEN: "Groceries", category: "food"),
        .init(ru: "ТАНУКИ", en: "TANUKI", mcc: 5812, bankRU: "Рестораны", bankEN: "Eating out", category: "food"),
        .init(ru: "КОФЕ ХАУС", en: "KOFE KHAUS", mcc: 5814, bankRU: "Фастфуд", bankEN: "Eating out", category: "food"),
        .init(ru: "ЯНДЕКС ТАКСИ", en: "YANDEX.TAXI", mcc: 4121, bankRU: "Такси", bankEN: "Transport", category: "transport"),
        .init(ru: "МОСМЕТРО", en: "MOSMETRO", mcc: 4111, bankRU: "Транспорт", bankEN: "Transport", category: "transport"),
        .init(ru: "ЛУКОЙЛ АЗС 77", en: "LUKOIL AZS 77", mcc: 5541, bankRU: "Топливо", bankEN: "Gas", category: "transport"),
        .init(ru: "АПТЕКА РИГЛА", en: "APTEKA RIGLA", mcc: 5912, bankRU: "Аптеки", bankEN: "Health", category: "health"),
        .init(ru: "МТС", en: "MTS MOBILE", mcc: 4814, bankRU: "Мобильная связь", bankEN: "Bills", category: "utilities"),
        .init(ru: "МОСЭНЕРГОСБЫТ", en: "MOSENERGOSBYT", mcc: 4900, bankRU: "Коммунальные услуги", bankEN: "Bills", category: "utilities"),
        .init(ru: "ЯНДЕКС ПЛЮС", en: "YANDEX*PLUS", mcc: 5815, bankRU: "Цифровые товары", bankEN: "Entertainment", category: "subscriptions"),
        .init(ru: "КИНО ОКТЯБРЬ", en: "KINO OKTYABR", mcc: 7832, bankRU: "Развлечения", bankEN: "Entertainment", category: "entertainment"),
        .init(ru: "ЛЕРУА МЕРЛЕН", en: "LEROY MERLIN", mcc: 5200, bankRU: "Дом и ремонт", bankEN: "Home", category: "housing"),
        .init(ru: "ZARA", en: "ZARA", mcc: 5651, bankRU: "Одежда и обувь", bankEN: "Clothes", category: "clothing"),
        .init(ru: "ЛИТРЕС", en: "LITRES", mcc: 5942, bankRU: "Книги", bankEN: "Education", category: "education"),
    ]

    /// A sample: the file's bytes and what reading it must give.
    struct Sample {
        var name: String
        var bytes: [UInt8]
        var expected: SampleExpectation
        var currency: String
    }

    static let start = Day(year: 2026, month: 8, day: 1)!

    /// The day of row `index` of `count`: spread evenly over 1 Aug – 31 Oct 2026 (92 days).
    static func day(_ index: Int, of count: Int) -> Day { start.adding(days: index * 91 / max(count - 1, 1)) }

    static func rubles(_ minor: Int64, mark: String = ",", groups: Bool = false) -> String {
        let units = abs(minor) / 100, cents = abs(minor) % 100
        var whole = String(units)
        if groups, units >= 1000 { whole = String(units / 1000) + "\u{00A0}" + String(format3(units % 1000)) }
        return (minor < 0 ? "-" : "") + whole + mark + (cents < 10 ? "0" : "") + String(cents)
    }

    static func format3(_ value: Int64) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }
    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    static func dotted(_ day: Day, shortYear: Bool = false) -> String {
        two(day.day) + "." + two(day.month) + "." + (shortYear ? two(day.year % 100) : String(day.year))
    }
    static func slashed(_ day: Day, monthFirst: Bool) -> String {
        monthFirst ? two(day.month) + "/" + two(day.day) + "/" + String(day.year) : two(day.day) + "/" + two(day.month) + "/" + String(day.year)
    }

    /// An expense of 1.00 … 5 000.00 and, every 40th row, an income.
    static func amount(_ random: inout SampleRandom, _ index: Int) -> Int64 {
        index % 40 == 7 ? Int64(5_000_000 + random.next(100) * 1000) : -Int64(100 + random.next(499_900))
    }

    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    // MARK: - Russian banks

    /// T-Bank: cp1251, `;`, quoted cells, date with time; every 50th row FAILED; every 30th a
    /// purchase in USD charged in roubles ("Сумма платежа").
    static func tbank(rows count: Int = 320) -> Sample {
        var random = SampleRandom(state: 1)
        var expected = SampleExpectation()
        var lines = ["\"Дата операции\";\"Дата платежа\";\"Номер карты\";\"Статус\";\"Сумма операции\";\"Валюта операции\";\"Сумма платежа\";\"Валюта платежа\";\"Кэшбэк\";\"Категория\";\"MCC\";\"Описание\";\"Бонусы (включая кэшбэк)\";\"Округление на инвесткопилку\";\"Сумма операции с округлением\""]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let failed = index % 50 == 3
            let foreign = index % 30 == 11 && amount < 0
            let operation = foreign ? rubles(amount / 95) : rubles(amount)
            let payee = amount > 0 ? "Пополнение. Зарплата" : merchant.ru
            let cells = [dotted(day) + " 12:" + two(index % 60) + ":00", dotted(day), "*1234", failed ? "FAILED" : "OK", operation,
                         foreign ? "USD" : "RUB", rubles(amount), "RUB", "", amount > 0 ? "Пополнения" : merchant.bankRU,
                         amount > 0 ? "" : String(merchant.mcc), payee, "0,00", "0,00", operation]
            lines.append(cells.map(quoted).joined(separator: ";"))
            if failed { expected.skipped[index + 2] = "FAILED" } else { expected.add(amount, on: day) }
        }
        return Sample(name: "T-Bank", bytes: cp1251Bytes(lines.joined(separator: "\r\n") + "\r\n"), expected: expected, currency: "RUB")
    }

    /// Sber: the "Тип операции" column holds the MCC; the operation's currency cells are empty.
    static func sber(rows count: Int = 310) -> Sample {
        var random = SampleRandom(state: 2)
        var expected = SampleExpectation()
        var lines = ["Тип карты;Номер карты;Дата совершения операции;Дата обработки операции;Код авторизации;Тип операции;Город совершения операции;Страна совершения операции;Описание;Валюта операции;Сумма в валюте операции;Сумма в валюте счета;"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let text = (amount > 0 ? "SBOL перевод 4276****1234 И. ИВАН ИВАНОВИЧ" : merchant.en)
            lines.append("Основная;*6833;\(dotted(day));\(dotted(day.adding(days: 1)));\(200000 + index);\(amount > 0 ? "4829" : String(merchant.mcc));MOSCOW;RUS;\(text);;;\(rubles(amount));")
            expected.add(amount, on: day)
        }
        return Sample(name: "Sber", bytes: cp1251Bytes(lines.joined(separator: "\r\n") + "\r\n"), expected: expected, currency: "RUB")
    }

    /// Alfa-Bank: dd.mm.yy, Приход/Расход, RUR, the MCC inside the description.
    static func alfa(rows count: Int = 305) -> Sample {
        var random = SampleRandom(state: 3)
        var expected = SampleExpectation()
        var lines = ["Тип счёта;Номер счета;Валюта;Дата операции;Референс проводки;Описание операции;Приход;Расход;"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let text = amount > 0 ? "{VO11111} Перечисление ден. средств (зарплата)"
                : "123456++++++6789    11111111\\\\RUS\\\\MOSCOW\\\\\(merchant.en)    \(dotted(day, shortYear: true)) \(dotted(day, shortYear: true))    \(rubles(-amount, mark: ".")) RUR MCC\(merchant.mcc)"
            let inflow = amount > 0 ? rubles(amount) : "0", outflow = amount < 0 ? rubles(-amount) : "0"
            lines.append("Мой счет;40817810000000000001;RUR;\(dotted(day, shortYear: true));CRD_\(100000 + index);\(text);\(inflow);\(outflow);")
            expected.add(amount, on: day)
        }
        return Sample(name: "Alfa-Bank", bytes: cp1251Bytes(lines.joined(separator: "\r\n") + "\r\n"), expected: expected, currency: "RUB")
    }

    /// VTB: a preamble with the period and balances, ISO date-times, EUR purchases charged in
    /// roubles, every 45th row still "В обработке".
    static func vtb(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 4)
        var expected = SampleExpectation()
        var lines = ["Начало периода;2026-08-01", "Конец периода;2026-10-31", "", "Выписка по счету/карте;Номер",
                     "Дебетовая карта;'462235******0069", "", "", "Валюта;Баланс на конец периода;Поступления;Списания;Заблокировано",
                     "RUR;82 604,01;0,00;-17 351,00;-2 426,96", "", "",
                     "Номер карты/счета/договора;Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание;Статус"]
        let headerLine = lines.count
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let pending = index % 45 == 44
            let foreign = index % 25 == 5 && amount < 0
            lines.append("'462235******7428;\(day.iso) 10:\(two(index % 60)):00;\(pending ? "" : day.adding(days: 1).iso);\(foreign ? rubles(amount / 100) : rubles(amount));\(foreign ? "EUR" : "RUR");\(rubles(amount));RUR;Карта *7428 \(amount > 0 ? "Зачисление зарплаты" : merchant.en);\(pending ? "В обработке" : "Исполнено")")
            if pending { expected.skipped[headerLine + index + 1] = "В обработке" } else { expected.add(amount, on: day) }
        }
        return Sample(name: "VTB", bytes: cp1251Bytes(lines.joined(separator: "\r\n") + "\r\n"), expected: expected, currency: "RUB")
    }

    /// Ozon Bank: UTF-8, a title line, signed amounts with a plus on incomes, a document number.
    static func ozon(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 5)
        var expected = SampleExpectation()
        var lines = ["Выписка по договору № 2026-0001 за период с 01.08.2026 по 31.10.2026", "",
                     "Дата операции;Документ;Назначение платежа;Сумма операции"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let text = amount > 0 ? "Входящий перевод СБП от Иван И." : "Оплата товаров и услуг. \(merchant.ru)"
            lines.append("\(dotted(day)) 09:15:00;\(700_000 + index);\(text);\(amount > 0 ? "+" : "")\(rubles(amount, groups: true))")
            expected.add(amount, on: day)
        }
        return Sample(name: "Ozon Bank", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "RUB")
    }

    // MARK: - English-language banks

    /// Chase credit card: MM/DD/YYYY (every day ≤ 12 in the first rows), purchases negative,
    /// Type Sale/Payment/Return, Chase's Category.
    static func chase(rows count: Int = 320) -> Sample {
        var random = SampleRandom(state: 6)
        var expected = SampleExpectation()
        var lines = ["Transaction Date,Post Date,Description,Category,Type,Amount,Memo"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let type = amount > 0 ? "Payment" : "Sale"
            lines.append("\(slashed(day, monthFirst: true)),\(slashed(day.adding(days: 1), monthFirst: true)),\(amount > 0 ? "AUTOMATIC PAYMENT - THANK" : merchant.en),\(amount > 0 ? "" : merchant.bankEN),\(type),\(rubles(amount, mark: ".")),")
            expected.add(amount, on: day)
        }
        return Sample(name: "Chase (card)", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "USD")
    }

    /// Bank of America: a summary block, then "Beginning balance as of" as the first row, and
    /// thousands separators in quoted amounts.
    static func bankOfAmerica(rows count: Int = 310) -> Sample {
        var random = SampleRandom(state: 7)
        var expected = SampleExpectation()
        var lines = ["Description,,Summary Amt.", "Beginning balance as of 08/01/2026,,\"1,000.00\"", "Total credits,,\"0.00\"",
                     "Total debits,,\"0.00\"", "Ending balance as of 10/31/2026,,\"1,000.00\"", "",
                     "Date,Description,Amount,Running Bal.", "08/01/2026,Beginning balance as of 08/01/2026,,\"1,000.00\""]
        var running: Int64 = 100_000
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            running += amount
            func money(_ value: Int64) -> String {
                let units = abs(value) / 100
                let whole = units >= 1000 ? "\(units / 1000),\(format3(units % 1000))" : "\(units)"
                return "\"" + (value < 0 ? "-" : "") + whole + "." + two(Int(abs(value) % 100)) + "\""
            }
            lines.append("\(slashed(day, monthFirst: true)),\(amount > 0 ? "PAYROLL ACME CORP DES:PAYROLL" : "CHECKCARD \(merchant.en)"),\(money(amount)),\(money(running))")
            expected.add(amount, on: day)
        }
        return Sample(name: "Bank of America", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "USD")
    }

    /// Revolut: ISO date-times, Fee charged on top, State COMPLETED / PENDING / REVERTED / DECLINED.
    static func revolut(rows count: Int = 330) -> Sample {
        var random = SampleRandom(state: 8)
        var expected = SampleExpectation()
        var lines = ["Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let fee: Int64 = index % 20 == 4 ? 50 : 0
            let state = index % 60 == 13 ? "REVERTED" : index % 60 == 29 ? "DECLINED" : index % 60 == 44 ? "PENDING" : "COMPLETED"
            let completed = state == "PENDING" ? "" : "\(day.iso) 14:00:00"
            lines.append("\(amount > 0 ? "TOPUP" : "CARD_PAYMENT"),Current,\(day.iso) 13:59:00,\(completed),\(amount > 0 ? "Top-Up by *1234" : merchant.en),\(rubles(amount, mark: ".")),\(rubles(fee, mark: ".")),GBP,\(state),")
            if state == "COMPLETED" { expected.add(amount - fee, on: day) } else { expected.skipped[index + 2] = state }
        }
        return Sample(name: "Revolut", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "GBP")
    }

    /// Monzo: dd/mm/yyyy, Name is the merchant, Local amount in the purchase's currency.
    static func monzo(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 9)
        var expected = SampleExpectation()
        var lines = ["Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let foreign = index % 20 == 9 && amount < 0
            let money = rubles(amount, mark: ".")
            lines.append("tx_\(index),\(slashed(day, monthFirst: false)),10:00:00,\(amount > 0 ? "Faster payment" : "Card payment"),\(amount > 0 ? "ACME LTD" : merchant.en),,\(amount > 0 ? "income" : merchant.bankEN.lowercased().replacingOccurrences(of: " ", with: "_")),\(money),GBP,\(foreign ? rubles(amount * 117 / 100, mark: ".") : money),\(foreign ? "EUR" : "GBP"),,,,\(amount > 0 ? "SALARY" : merchant.en + " LONDON GBR"),,\(amount < 0 ? money : ""),\(amount > 0 ? money : "")")
            expected.add(amount, on: day)
        }
        return Sample(name: "Monzo", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "GBP")
    }

    /// Wise: dd-mm-yyyy, the merchant or payee name, Amount already net of "Total fees".
    static func wise(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 10)
        var expected = SampleExpectation()
        var lines = ["TransferWise ID,Date,Amount,Currency,Description,Payment Reference,Running Balance,Exchange From,Exchange To,Exchange Rate,Payer Name,Payee Name,Payee Account Number,Merchant,Card Last Four Digits,Card Holder Full Name,Attachment,Note,Total fees"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let date = two(day.day) + "-" + two(day.month) + "-" + String(day.year)
            let fee = amount < 0 && index % 10 == 0 ? "0.35" : "0.00"
            let row = amount > 0
                ? "TRANSFER-\(index),\(date),\(rubles(amount, mark: ".")),EUR,Received money from ACME GMBH,Invoice \(index),0.00,,,,ACME GMBH,,,,,,,,0.00"
                : "CARD-\(index),\(date),\(rubles(amount, mark: ".")),EUR,Card transaction of \(rubles(-amount, mark: ".")) EUR issued by \(merchant.en),,0.00,,,,,,,\(merchant.en),1234,A HOLDER,,,\(fee)"
            lines.append(row)
            expected.add(amount, on: day)
        }
        return Sample(name: "Wise", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "EUR")
    }

    /// N26 (2023 on): quoted cells, ISO dates, Amount (EUR), Original Amount/Currency for foreign purchases.
    static func n26(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 11)
        var expected = SampleExpectation()
        var lines = ["\"Booking Date\",\"Value Date\",\"Partner Name\",\"Partner Iban\",\"Type\",\"Payment Reference\",\"Account Name\",\"Amount (EUR)\",\"Original Amount\",\"Original Currency\",\"Exchange Rate\""]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let foreign = index % 15 == 2 && amount < 0
            let cells = [day.iso, day.iso, amount > 0 ? "ACME GMBH" : merchant.en, amount > 0 ? "DE89370400440532013000" : "",
                         amount > 0 ? "Credit Transfer" : "Presentment", amount > 0 ? "Salary" : "", "Main Account",
                         rubles(amount, mark: "."), foreign ? rubles(amount * 108 / 100, mark: ".") : "", foreign ? "USD" : "",
                         foreign ? "1.08" : ""]
            lines.append(cells.map(quoted).joined(separator: ","))
            expected.add(amount, on: day)
        }
        return Sample(name: "N26", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "EUR")
    }

    // MARK: - OFX and QIF

    /// OFX 1.x SGML (cp1251, Russian payees, SIC codes) or 2.x XML (a QFX with INTU.BID).
    static func ofx(rows count: Int = 320, xml: Bool) -> Sample {
        var random = SampleRandom(state: xml ? 12 : 13)
        var expected = SampleExpectation()
        var body = ""
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            let date = String(day.year) + two(day.month) + two(day.day)
            let name = amount > 0 ? (xml ? "PAYROLL" : "ЗАРПЛАТА") : (xml ? merchant.en : merchant.ru)
            if xml {
                body += "<STMTTRN><TRNTYPE>\(amount > 0 ? "CREDIT" : "DEBIT")</TRNTYPE><DTPOSTED>\(date)120000[-5:EST]</DTPOSTED><TRNAMT>\(rubles(amount, mark: "."))</TRNAMT><FITID>\(90_000 + index)</FITID><SIC>\(merchant.mcc)</SIC><NAME>\(name.replacingOccurrences(of: "&", with: "&amp;"))</NAME></STMTTRN>\n"
            } else {
                body += "<STMTTRN>\n<TRNTYPE>\(amount > 0 ? "CREDIT" : "DEBIT")\n<DTPOSTED>\(date)\n<TRNAMT>\(rubles(amount))\n<FITID>\(80_000 + index)\n<SIC>\(merchant.mcc)\n<NAME>\(name)\n<MEMO>Карта *1234\n</STMTTRN>\n"
            }
            expected.add(amount, on: day)
        }
        if xml {
            let text = """
                <?xml version="1.0" encoding="UTF-8" standalone="no"?>
                <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
                <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261101</DTSERVER><LANGUAGE>ENG</LANGUAGE><INTU.BID>10898</INTU.BID></SONRS></SIGNONMSGSRSV1>
                <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4000123412341234</ACCTID></CCACCTFROM>
                <BANKTRANLIST><DTSTART>20260801</DTSTART><DTEND>20261031</DTEND>
                \(body)</BANKTRANLIST><LEDGERBAL><BALAMT>\(rubles(expected.balance, mark: "."))</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
                """
            return Sample(name: "QFX (OFX 2.x XML)", bytes: Array(text.utf8), expected: expected, currency: "USD")
        }
        let text = "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1251\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n"
            + "<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>20261101\n<LANGUAGE>RUS\n</SONRS>\n</SIGNONMSGSRSV1>\n"
            + "<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>RUB\n<BANKACCTFROM>\n<BANKID>044525974\n<ACCTID>40817810000000000001\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n"
            + "<BANKTRANLIST>\n<DTSTART>20260801\n<DTEND>20261031\n" + body + "</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>\(rubles(expected.balance))\n<DTASOF>20261031\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n"
        return Sample(name: "OFX 1.x SGML", bytes: cp1251Bytes(text), expected: expected, currency: "RUB")
    }

    /// QIF with splits: every 10th expense split into food and household parts; US dates
    /// with the apostrophe year.
    static func qif(rows count: Int = 300) -> Sample {
        var random = SampleRandom(state: 14)
        var expected = SampleExpectation()
        var lines = ["!Type:Bank"]
        for index in 0..<count {
            let day = day(index, of: count), merchant = merchants[random.next(merchants.count)]
            let amount = amount(&random, index)
            lines += ["D\(day.month)/\(two(day.day))'\(two(day.year % 100))", "T\(rubles(amount, mark: "."))", "P\(amount > 0 ? "Payroll" : merchant.en)"]
            if amount < 0, index % 10 == 0 {
                let food = amount / 3
                lines += ["SFood:Groceries", "EReceipt food", "$\(rubles(food, mark: "."))", "SHousehold", "$\(rubles(amount - food, mark: "."))"]
            } else {
                lines.append("L\(amount > 0 ? "Salary" : merchant.bankEN)")
            }
            lines.append("^")
            expected.add(amount, on: day)
        }
        return Sample(name: "QIF with splits", bytes: Array(lines.joined(separator: "\n").utf8), expected: expected, currency: "USD")
    }

    static let all: [Sample] = [tbank(), sber(), alfa(), vtb(), ozon(), chase(), bankOfAmerica(), revolut(), monzo(), wise(), n26(),
                                ofx(xml: false), ofx(xml: true), qif()]
}
