// The fxFeed family's words in German: each key of `StringTables.fxFeed` (FXFeedStrings.swift, English and Russian side
// by side) once, in the same order. A key missing here fails TranslationTests.
import Engine

extension StringTables {
    static let fxFeedDE: TranslationTable = [
        "fxfeed_title": "Kurse aus einer Quelle aktualisieren",
        "fxfeed_field_url": "Adresse der Quelle",
        "fxfeed_hint_url": "Das tägliche XML der Russischen Zentralbank (XML_daily.asp) oder die täglichen Referenzkurse der EZB (eurofxref-daily.xml). Leer: aus.",
        "fxfeed_off": "Aus: Die Kurse ändern sich nur, wenn Sie sie bearbeiten.",
        "fxfeed_on": "An: „Kurse aktualisieren“ liest {url}.",
        "fxfeed_explain": "Es wird nichts abgerufen, bis Sie auf „Kurse aktualisieren“ klicken. Die Kurse bleiben Näherungswerte; vergangene Spieltage behalten den Kurs, den sie verwendet haben.",
        "fxfeed_save": "Adresse speichern",
        "fxfeed_refresh": "Kurse aktualisieren",
        "fxfeed_url_invalid": "Geben Sie eine Adresse ein, die mit http:// oder https:// beginnt.",
        "fxfeed_url_required": "Geben Sie zuerst die Adresse der Quelle ein.",
        "fxfeed_flash_off": "Das Aktualisieren aus einer Quelle ist aus.",
        "fxfeed_flash_saved": "Adresse der Quelle gespeichert. Klicken Sie auf „Kurse aktualisieren“, um sie zu lesen.",
        "fxfeed_error_encoding_unsupported": "Die Quelle ist in der Kodierung {encoding}; gelesen werden nur UTF-8 und windows-1251. Die Kurse wurden nicht geändert.",
        "fxfeed_error_encoding": "Die Bytes der Quelle passen nicht zu ihrer angegebenen Kodierung. Die Kurse wurden nicht geändert.",
        "fxfeed_error_xml": "Die Quelle ist kein gültiges XML. Die Kurse wurden nicht geändert.",
        "fxfeed_error_format": "Die Quelle ist weder das tägliche XML der Russischen Zentralbank noch die täglichen Referenzkurse der EZB. Die Kurse wurden nicht geändert.",
        "fxfeed_error_date": "Die Quelle hat kein Datum. Die Kurse wurden nicht geändert.",
        "fxfeed_error_currency": "Die Quelle hat keinen Kurs für {currency}. Die Kurse wurden nicht geändert.",
        "fxfeed_error_rate": "Der Kurs für {currency} in der Quelle ist keine positive Zahl. Die Kurse wurden nicht geändert.",
        "fxfeed_source_cbr": "Russische Zentralbank",
        "fxfeed_source_ecb": "EZB",
        "fxfeed_flash_refreshed": "Kurse aus der Quelle {source} vom {date} aktualisiert:",
        "fxfeed_change": "{from} → {to} {old} → {new}",
        "fxfeed_flash_unchanged": "kein Kurs hat sich geändert.",
        "fxfeed_flash_partial": "Die Quelle hat keinen Kurs für {currency}, daher wurden die Paare mit {currency} beibehalten.",
        "challenge_follow_rate_missing": "Das Spiel folgt der Haushaltswährung: Tragen Sie zuerst in den Spieleinstellungen den Kurs {from} → {to} ein (er wird nie als 1:1 angenommen).",
        "fxfeed_error_fetch": "Die Kurse konnten von dieser Adresse nicht gelesen werden (eine öffentliche http(s)-Adresse, die innerhalb von {seconds} s mit höchstens {kib} KiB antwortet). Die Kurse wurden nicht geändert.",
    ]
}
