import Engine
import Foundation
import HTTPCore
import Storage

// Routes (the wishlist):
//   GET  /wishlist                 the list (priority, price, link, goal, "Can I afford it?") and the bought history
//   POST /wishlist                 add (303 to /wishlist with a flash, or 422 with the form kept)
//   GET  /wishlist/new             the new item's form
//   GET  /wishlist/<id>/edit, POST its form; save
//   GET  /wishlist/<id>/delete, POST  "Delete …?"; delete
//   POST /wishlist/<id>/bought     to the history, dated today; POST /wishlist/<id>/undo brings it back
// "Can I afford it?" is a plain link to /advisor?q=… with the question filled in: nothing is asked or written.

extension WishlistFeature {
    // MARK: - GET

    /// The list and the history.
    func wishlistPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let goals = Dictionary(try database.wishGoalChoices().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let questionLimit = try advisorSettings().questionLimit
        let items = try database.wishItems()
        let open = items.filter { $0.boughtOn == nil }
        var total: Int128 = 0
        for item in open { total += Int128(item.price.minorUnits) }
        let view = WishlistView(
            items: open.map { wishRow($0, display: display, goals: goals, questionLimit: questionLimit) },
            history: items.filter { $0.boughtOn != nil }.map { wishRow($0, display: display, goals: goals, questionLimit: questionLimit) },
            total: open.isEmpty ? nil : t.format("wishlist_total", ["amount": display.money(Money(clamping: total))]))
        return try page(.wishlist, .wishlist, context, view, title: t["wishlist_title"])
    }

    /// An item's form filled with its values.
    func editWishItemPage(_ id: ID<WishItem>, _ context: RequestContext) throws -> Response {
        guard let item = try database.wishItem(id: id) else { throw AppError(.notFound) }
        let values = ["title": item.title, "price": MoneyFormat.formatPlain(item.price, context.language),
                      "priority": String(item.priority), "link": item.link ?? "", "goal": item.goalID.map(String.init) ?? ""]
        return try wishItemForm(id: id, FormState(context.t, values: values), context)
    }

    /// "Delete «…»?".
    func deleteWishItemPage(_ id: ID<WishItem>, _ context: RequestContext) throws -> Response {
        let t = context.t
        guard let item = try database.wishItem(id: id) else { throw AppError(.notFound) }
        let title = t.format("confirm_delete_title", ["name": item.title])
        return try page(.confirm, nil, context, ConfirmPageView(
            heading: title, text: t["wishlist_delete_text"], action: WishlistRoute.delete(id).path,
            submitLabel: t["action_delete"], cancelHref: WishlistRoute.list.path), title: title)
    }

    /// The new (`id` nil) or existing item's form; `state` holds the values and messages.
    func wishItemForm(id: ID<WishItem>?, _ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil, maxLength: Int? = nil,
                   options: [(String, String)] = []) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: t[runtime: "wishlist_field_" + name], kind: kind, value: value, error: state.errors[name],
                             hint: hint, required: required, maxLength: maxLength,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
        }
        let goals = [("", t["wishlist_goal_none"])] + (try database.wishGoalChoices()).map { (String($0.id), $0.name) }
        let fields = [
            field("title", .text, required: true, maxLength: 80),
            field("price", .money, required: true),
            field("priority", .radio, required: true, options: (1...3).reversed().map { (String($0), t[runtime: "wishlist_priority_\($0)"]) }),
            field("link", .text, hint: t["wishlist_hint_link"], maxLength: WishForm.linkLimit),
            field("goal", .select, options: goals),
        ]
        let heading = t[id == nil ? "wishlist_new_title" : "wishlist_edit_title"]
        return try page(.form, nil, context, FormPageView(
            heading: heading, intro: t["wishlist_intro"], action: id.map { WishlistRoute.edit($0).path } ?? WishlistRoute.list.path,
            submitLabel: t[id == nil ? "action_add" : "action_save"], cancelHref: WishlistRoute.list.path,
            fields: fields, hasErrors: !state.isValid), title: heading, status: status)
    }

    // MARK: - POST

    /// Adds (`id` nil) or saves an item.
    func submitWishItem(id: ID<WishItem>?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var existing: WishItem?
        if let id {
            guard let item = try database.wishItem(id: id) else { throw AppError(.notFound) }
            existing = item
        }
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let goals = Set(try database.wishGoalChoices().map(\.id))
        guard var item = WishForm.parse(&state, goals: goals) else {
            return try wishItemForm(id: id, state, context, status: .unprocessable)
        }
        do {
            if let existing {
                item.id = existing.id
                _ = try database.updateWishItem(item, formToken: token)
            } else {
                _ = try database.addWishItem(item, formToken: token)
            }
        } catch StorageError.notFound {
            // The item was deleted meanwhile (404), or its goal was (422 by the goal).
            if let id, try database.wishItem(id: id) == nil { throw AppError(.notFound) }
            state.fail("goal", "validation_choice")
            return try wishItemForm(id: id, state, context, status: .unprocessable)
        }
        return context.redirect(to: WishlistRoute.list.path,
                                flash: t.format(id == nil ? "flash_added" : "flash_saved", ["name": item.title]))
    }

    /// Deletes an item.
    func deleteWishItem(_ id: ID<WishItem>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let item = try database.wishItem(id: id) else { throw AppError(.notFound) }
        _ = try database.deleteWishItem(id: id, formToken: token)
        return context.redirect(to: WishlistRoute.list.path, flash: context.t.format("flash_deleted", ["name": item.title]))
    }

    /// "Bought" (to the history, dated today) or its undo (back to the list).
    func markWishItem(_ id: ID<WishItem>, bought: Bool, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let item = try database.wishItem(id: id) else { throw AppError(.notFound) }
        // Already there (a second tab): nothing to change, the same flash.
        if (item.boughtOn != nil) != bought {
            _ = try database.setWishItemBought(id: id, on: bought ? today() : nil, formToken: token)
        }
        return context.redirect(to: WishlistRoute.list.path + (bought ? "#wish-history" : "#wish-\(id)"),
                                flash: context.t.format(bought ? "wishlist_flash_bought" : "wishlist_flash_back", ["name": item.title]))
    }

    // MARK: - Rows

    func wishRow(_ item: WishItem, display: Display, goals: [ID<Goal>: String], questionLimit: Int) -> WishRow {
        let t = display.t
        let goal = item.goalID.flatMap { goals[$0] }
        return WishRow(
            id: item.id, title: item.title, price: display.money(item.price),
            priority: t[runtime: "wishlist_priority_\(item.priority)"], priorityLevel: item.priority,
            link: item.link, goal: goal.map { t.format("wishlist_for_goal", ["goal": $0]) },
            boughtOn: item.boughtOn.map { t.format("wishlist_bought_on", ["date": display.day($0)]) },
            affordHref: Route.advisor(.page).path + "?q=" + WishForm.queryEncoded(
                WishForm.affordQuestion(title: item.title, price: display.money(item.price), t: t, limit: questionLimit)),
            editHref: WishlistRoute.edit(item.id).path, deleteHref: WishlistRoute.delete(item.id).path,
            boughtAction: WishlistRoute.bought(item.id).path, undoAction: WishlistRoute.undoBought(item.id).path)
    }

}

/// The wishlist form's validation and its small helpers.
enum WishForm {
    /// The longest link kept.
    static let linkLimit = 500

    /// The validated item (id 0, not bought), or nil with messages in `state`.
    static func parse(_ state: inout FormState, goals: Set<ID<Goal>>) -> WishItem? {
        let title = state.name("title")
        let price = state.money("price")
        let priority = state.integer("priority", 1...3)
        let link = state.text("link")
        var checkedLink: String?
        if !link.isEmpty {
            if let ok = safeLink(link) { checkedLink = ok } else { state.fail("link", "wishlist_link_invalid") }
        }
        var goalID: ID<Goal>?
        let goalText = state.text("goal")
        if !goalText.isEmpty {
            if let id = ID<Goal>(goalText), goals.contains(id) { goalID = id } else { state.fail("goal", "validation_choice") }
        }
        guard state.isValid, let title, case .some(.some(let price)) = price, case .some(.some(let priority)) = priority
        else { return nil }
        return WishItem(title: title, price: price, priority: priority, link: checkedLink, goalID: goalID)
    }

    /// `text` when it is an http or https address with a host, at most `linkLimit` characters,
    /// printable ASCII without spaces, quotes or angle brackets (its scheme lowercased); else nil.
    /// Anything else (javascript:, data:, a relative path) is refused.
    static func safeLink(_ text: String) -> String? {
        guard text.utf8.count <= linkLimit,
              text.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && !"\"'<>\\`".unicodeScalars.contains($0) })
        else { return nil }
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https://" } else if lower.hasPrefix("http://") { scheme = "http://" } else { return nil }
        let rest = String(text.dropFirst(scheme.count))
        guard let url = URL(string: scheme + rest), let host = url.host, !host.isEmpty, url.scheme == String(scheme.dropLast(3)) else { return nil }
        return scheme + rest
    }

    /// "Can I afford «title» for 12 000 ₽?", the title shortened (with "…") to fit `limit` UTF-16 units.
    static func affordQuestion(title: String, price: String, t: Translations, limit: Int) -> String {
        var name = title
        var question = t.format("wishlist_question", ["title": name, "price": price])
        while question.utf16.count > limit, !name.isEmpty {
            name.removeLast()
            question = t.format("wishlist_question", ["title": name + "…", "price": price])
        }
        return cut(question, toUTF16: limit)
    }

    /// The longest prefix of `text` (whole characters) within `limit` UTF-16 units.
    static func cut(_ text: String, toUTF16 limit: Int) -> String {
        var out = ""
        var count = 0
        for c in text {
            count += c.utf16.count
            if count > limit { break }
            out.append(c)
        }
        return out
    }

    /// `text` percent-encoded for a query value (only unreserved characters left as they are).
    static func queryEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension Handler {
    /// GET /advisor?q=…: the question a link filled in (the wishlist's "Can I afford it?"), cut to the limit; nothing is asked.
    func advisorPrefill(_ context: RequestContext) throws -> String {
        guard let q = context.query["q"], !q.isEmpty else { return "" }
        let clean = String(q.unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init))
        return WishForm.cut(clean, toUTF16: try advisorSettings().questionLimit)
    }
}
