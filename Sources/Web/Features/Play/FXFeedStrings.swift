// Refreshing the game's FX table from a feed: each key with its English and Russian text side by
// side.
import Engine

extension StringTables {
    static let fxFeed: StringTable = [
        "fxfeed_title": .init(en: "Refresh rates from a feed", ru: "Обновлять курсы из источника"),
        "fxfeed_field_url": .init(en: "Feed address", ru: "Адрес источника"),
        "fxfeed_hint_url": .init(en: "The Central Bank of Russia daily XML (XML_daily.asp) or the ECB daily reference rates (eurofxref-daily.xml). Empty: off.", ru: "Ежедневный XML Банка России (XML_daily.asp) или ежедневные курсы ЕЦБ (eurofxref-daily.xml). Пусто — выключено."),
        "fxfeed_off": .init(en: "Off: the rates change only when you edit them.", ru: "Выключено: курсы меняются, только когда вы их правите."),
        "fxfeed_on": .init(en: "On: “Refresh rates” reads {url}.", ru: "Включено: «Обновить курсы» читает {url}."),
        "fxfeed_explain": .init(en: "Nothing is fetched until you press “Refresh rates”. The rates stay approximate; past game days keep the rate they used.", ru: "Ничего не загружается, пока вы не нажмёте «Обновить курсы». Курсы остаются примерными; прошлые дни игры сохраняют свой курс."),
        "fxfeed_save": .init(en: "Save address", ru: "Сохранить адрес"),
        "fxfeed_refresh": .init(en: "Refresh rates", ru: "Обновить курсы"),
        "fxfeed_url_invalid": .init(en: "Enter an address starting with http:// or https://.", ru: "Введите адрес, начинающийся с http:// или https://."),
        "fxfeed_url_required": .init(en: "Enter the feed's address first.", ru: "Сначала введите адрес источника."),
        "fxfeed_flash_off": .init(en: "Refreshing from a feed is off.", ru: "Обновление из источника выключено."),
        "fxfeed_flash_saved": .init(en: "Feed address saved. Press “Refresh rates” to read it.", ru: "Адрес источника сохранён. Нажмите «Обновить курсы», чтобы прочитать его."),
        "fxfeed_error_fetch": .init(en: "The feed could not be read from this address (a public http(s) address that answers within {seconds} s with at most {kib} KiB). The rates were not changed.", ru: "Не удалось получить курсы по этому адресу (нужен общедоступный адрес http(s), который отвечает за {seconds} с и присылает не больше {kib} КиБ). Курсы не изменились."),
        "fxfeed_error_encoding_unsupported": .init(en: "The feed is in the {encoding} encoding; only UTF-8 and windows-1251 are read. The rates were not changed.", ru: "Источник в кодировке {encoding}; читаются только UTF-8 и windows-1251. Курсы не изменены."),
        "fxfeed_error_encoding": .init(en: "The feed's bytes do not match its declared encoding. The rates were not changed.", ru: "Байты источника не соответствуют объявленной кодировке. Курсы не изменены."),
        "fxfeed_error_xml": .init(en: "The feed is not valid XML. The rates were not changed.", ru: "Источник — не корректный XML. Курсы не изменены."),
        "fxfeed_error_format": .init(en: "The feed is neither the CBR daily XML nor the ECB daily reference rates. The rates were not changed.", ru: "Это не дневной XML Банка России и не курсы ЕЦБ. Курсы не изменены."),
        "fxfeed_error_date": .init(en: "The feed has no date. The rates were not changed.", ru: "В источнике нет даты. Курсы не изменены."),
        "fxfeed_error_currency": .init(en: "The feed has no {currency} rate. The rates were not changed.", ru: "В источнике нет курса {currency}. Курсы не изменены."),
        "fxfeed_error_rate": .init(en: "The feed's {currency} rate is not a positive number. The rates were not changed.", ru: "Курс {currency} в источнике — не положительное число. Курсы не изменены."),
        "fxfeed_source_cbr": .init(en: "Central Bank of Russia", ru: "Банка России"),
        "fxfeed_source_ecb": .init(en: "ECB", ru: "ЕЦБ"),
        "fxfeed_flash_refreshed": .init(en: "Rates refreshed from the {source} feed of {date}:", ru: "Курсы обновлены по данным {source} на {date}:"),
        "fxfeed_change": .init(en: "{from} → {to} {old} → {new}", ru: "{from} → {to} {old} → {new}"),
        "fxfeed_flash_unchanged": .init(en: "no rate changed.", ru: "ни один курс не изменился."),
        "fxfeed_flash_partial": .init(en: "The feed has no {currency} rate, so the {currency} pairs were kept.", ru: "В источнике нет курса {currency}, поэтому пары с {currency} остались прежними."),
        "challenge_follow_rate_missing": .init(en: "The game follows the household currency: fill in the rate {from} → {to} in the game\u{2019}s settings first (it is never taken as 1:1).", ru: "Игра следует за валютой семьи: сначала укажите курс {from} → {to} в настройках игры (1:1 не подставляется)."),
    ]
}
