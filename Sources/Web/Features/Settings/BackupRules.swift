import Engine
import Foundation
import Storage

/// The household rows of an import checked exactly as the forms check them, so an
/// import cannot store what no form accepts: each recurring item, entry, debt and goal goes through its form's validator
/// (`ItemForms.parse`), categories through the category form's name rule with keys as
/// the app makes them (a built-in, or `custom-<n>`), and the avatar through the upload's
/// check of its bytes. Names and notes are stored as the forms would store them (trimmed,
/// NFC). Type errors are left to the schema check that follows.
enum BackupRules {
    /// The most `custom-<n>` keys the app could have made in any household's lifetime.
    static let customCategoryNumbers = 1...999_999_999

    /// The tables with each row made what the forms would store, or the first row a form
    /// would refuse, naming its table, row and column.
    static func checked(_ tables: [BackupTable], today: Day, t: Translations) -> Result<[BackupTable], RestoreProblem> {
        var tables = tables
        // Categories first: the items' category choices are the built-ins and the document's own.
        var categoryKeys = Set(AppDatabase.builtInCategories)
        var takenNames = Set(AppDatabase.builtInCategories)
        if let index = tables.firstIndex(where: { $0.name == "category" }) {
            for (rowIndex, row) in tables[index].rows.enumerated() {
                switch category(row, takenNames: &takenNames, t: t) {
                case .success(let (key, normalised)):
                    categoryKeys.insert(key)
                    if !same(normalised, row) { tables[index].rows[rowIndex] = normalised }
                case .failure(let refusal):
                    return .failure(RestoreProblem(table: "category", row: rowIndex + 1, field: refusal.field, reason: .refused(refusal.message)))
                }
            }
        }
        for index in tables.indices {
            for (rowIndex, row) in tables[index].rows.enumerated() {
                let outcome: Result<[(String, BackupValue)], Refusal>
                switch tables[index].name {
                case "recurringItem", "entry", "debt", "goal":
                    outcome = item(tables[index].name, row, today: today, categories: categoryKeys, t: t)
                case "avatar": outcome = avatar(row, t: t)
                case "account": outcome = account(row, t: t)
                case "feedback": outcome = feedback(row, t: t)
                default: continue
                }
                switch outcome {
                case .success(let normalised): if !same(normalised, row) { tables[index].rows[rowIndex] = normalised }
                case .failure(let refusal):
                    return .failure(RestoreProblem(table: tables[index].name, row: rowIndex + 1, field: refusal.field,
                                                  reason: .refused(refusal.message)))
                }
            }
        }
        return .success(tables)
    }

    /// Rows are replaced only when normalising changed them, so the document's rows are not copied.
    private static func same(_ a: [(String, BackupValue)], _ b: [(String, BackupValue)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// The column a form would have refused, and its message.
    struct Refusal: Error {
        var field: String
        var message: String
        init(_ field: String, _ message: String) { self.field = field; self.message = message }
    }

    // MARK: - Items through their forms

    /// Form field → column, where they differ.
    private static let columns = ["start": "startDate", "end": "endDate", "status": "isActual", "apr": "aprHundredths",
                                  "term": "termMonths", "grace": "graceMonths", "minimum": "minimumPayment"]

    private static func item(_ table: String, _ row: [(String, BackupValue)], today: Day, categories: Set<String>,
                             t: Translations) -> Result<[(String, BackupValue)], Refusal> {
        var values: [String: String] = [:]
        let value = Dictionary(row, uniquingKeysWith: { a, _ in a })
        func text(_ column: String) -> String? {
            switch value[column] {
            // Cleaned by the one rule for stored text (TextRule), so an export made before the rule still imports.
            case .string(let text)?: return column == "name" || column == "note"
                ? TextRule.cleaned(text.precomposedStringWithCanonicalMapping, lineBreaks: column == "note") : text
            case .null?, nil: return ""
            default: return nil
            }
        }
        func integer(_ column: String) -> Int64?? {
            switch value[column] {
            case .integer(let number)?: return .some(number)
            case .null?, nil: return .some(nil)
            default: return nil
            }
        }
        func money(_ column: String) -> String? {
            integer(column).map { $0.map { MoneyFormat.formatPlain(Money(minorUnits: $0), .en) } ?? "" }
        }
        func whole(_ column: String) -> String? { integer(column).map { $0.map(String.init) ?? "" } }
        // A value of the wrong JSON type: the schema check names it.
        guard let name = text("name") else { return .success(row) }
        values["name"] = name
        let kind: ItemKind
        switch table {
        case "recurringItem":
            guard let flow = text("kind"), let amount = money("amount"), let periodicity = text("periodicity"),
                  let start = text("startDate"), let end = text("endDate"), let category = text("category") else { return .success(row) }
            kind = flow == "income" ? .income : .expense
            values.merge(["amount": amount, "periodicity": periodicity, "start": start, "end": end, "category": category]) { $1 }
        case "entry":
            guard let flow = text("kind"), let amount = money("amount"), let date = text("date"), let category = text("category"),
                  let note = text("note"), case .some(let actual) = integer("isActual") else { return .success(row) }
            kind = .entry
            // A confirmation records what happened on an occurrence's day; the future rule is the day form's.
            let confirms = text("confirmsDate").map { !$0.isEmpty } ?? true
            let status = actual == 1 ? (confirms ? "planned" : "actual") : actual == 0 ? "planned" : "?"
            values.merge(["kind": flow, "amount": amount, "date": date, "category": category, "note": note, "status": status]) { $1 }
        case "debt":
            guard let mode = text("mode"), let day = whole("paymentDay"), let payment = money("monthlyPayment"),
                  let balance = money("balance"), let asOf = text("asOf"), case .some(let apr) = integer("aprHundredths"),
                  let term = whole("termMonths"), let grace = whole("graceMonths"), let minimum = money("minimumPayment")
            else { return .success(row) }
            kind = .debt
            let aprText = apr.map { $0 < 0 ? "-" : "\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" } ?? ""
            values.merge(["mode": mode, "paymentDay": day, "monthlyPayment": payment, "balance": balance, "asOf": asOf,
                          "apr": aprText, "term": term, "grace": grace, "minimum": minimum]) { $1 }
        default:
            guard let target = money("target"), let saved = money("saved"), let deadline = text("deadline"),
                  let priority = whole("priority") else { return .success(row) }
            kind = .goal
            values.merge(["target": target, "saved": saved, "deadline": deadline, "priority": priority]) { $1 }
        }
        var state = FormState(t, values: values)
        guard let parsed = ItemForms.parse(kind, &state, today: today, categories: categories, refunds: true) else {
            let (field, message) = state.errors.sorted { $0.key < $1.key }.first ?? ("name", t["validation_choice"])
            return .failure(Refusal(columns[field] ?? field, message))
        }
        // Store what the form would: the trimmed, NFC name and note.
        var normalised = row
        for index in normalised.indices {
            switch (normalised[index].0, parsed) {
            case ("name", _): normalised[index].1 = .string(state.name("name") ?? name)
            case ("note", .entry(let entry)): normalised[index].1 = .string(entry.note)
            default: break
            }
        }
        return .success(normalised)
    }

    // MARK: - Categories

    /// A built-in key without a name, or `custom-<n>` with a name the category form accepts
    /// and no other category has (case-insensitively, built-in keys included).
    private static func category(_ row: [(String, BackupValue)], takenNames: inout Set<String>,
                                 t: Translations) -> Result<(String, [(String, BackupValue)]), Refusal> {
        let value = Dictionary(row, uniquingKeysWith: { a, _ in a })
        guard case .string(let key)? = value["key"] else { return .failure(Refusal("key", t["validation_choice"])) }
        if AppDatabase.builtInCategories.contains(key) {
            switch value["name"] {
            case .null?, nil: return .success((key, row))
            default: return .failure(Refusal("name", t["validation_choice"]))
            }
        }
        let digits = key.dropFirst("custom-".count)
        guard key.hasPrefix("custom-"), !digits.hasPrefix("0"), digits.allSatisfy(\.isASCII),
              let number = Int(digits), customCategoryNumbers.contains(number) else {
            return .failure(Refusal("key", t["validation_choice"]))
        }
        guard case .string(let typed)? = value["name"] else { return .failure(Refusal("name", t["validation_required"])) }
        var state = FormState(t, values: ["name": typed])
        guard let name = state.name("name") else { return .failure(Refusal("name", state.errors["name"] ?? t["validation_required"])) }
        guard takenNames.insert(name.lowercased()).inserted else {
            return .failure(Refusal("name", t.format("flash_category_exists", ["name": name])))
        }
        return .success((key, row.map { $0.0 == "name" ? ("name", .string(name)) : $0 }))
    }

    // MARK: - Feedback

    /// Email, Telegram and description as the feedback form checks them.
    private static func feedback(_ row: [(String, BackupValue)], t: Translations) -> Result<[(String, BackupValue)], Refusal> {
        var values: [String: String] = [:]
        for (column, value) in row where ["email", "telegram", "description"].contains(column) {
            switch value {
            case .string(let text): values[column] = text
            case .null: break
            default: return .success(row)   // the schema check names a wrong type
            }
        }
        var state = FormState(t, values: values)
        _ = SettingsFeature.validateFeedback(&state)
        if let (field, message) = state.errors.sorted(by: { $0.key < $1.key }).first { return .failure(Refusal(field, message)) }
        return .success(row)
    }

    // MARK: - Avatar

    /// The picture must pass the upload's check of its bytes and be stored as the upload
    /// stores it (its type from the bytes, JPEG metadata stripped).
    private static func avatar(_ row: [(String, BackupValue)], t: Translations) -> Result<[(String, BackupValue)], Refusal> {
        let value = Dictionary(row, uniquingKeysWith: { a, _ in a })
        guard case .string(let base64)? = value["bytes"], let data = Data(base64Encoded: base64) else { return .success(row) }
        guard let image = try? AvatarImage([UInt8](data)) else { return .failure(Refusal("bytes", t["settings_avatar_type"])) }
        guard case .string(image.kind.rawValue)? = value["mediaType"] else { return .failure(Refusal("mediaType", t["validation_choice"])) }
        return .success(row.map { $0.0 == "bytes" ? ("bytes", .string(Data(image.bytes).base64EncodedString())) : $0 })
    }
}
