import Engine
import Testing
@testable import Storage
@testable import Web

// The account controls of the entry, goal and emergency-fund forms (Sources/Web/Forms/AccountFields.swift).

@Suite("Account fields")
struct AccountFieldsTests {
    static let t = Translations(.en)
    static let accounts = [(key: "1", label: "Card"), (key: "2", label: "Cash")]

    @Test("an entry gets the account select, with No account first, and the cleared box; a goal the followed account")
    func fields() {
        let state = FormState(Self.t, values: ["account": "2", "cleared": "on"])
        let entry = ItemForms.accountFields(.entry, state, t: Self.t, accounts: Self.accounts)
        #expect(entry.map(\.name) == ["account", "cleared"])
        #expect(entry[0].options.map(\.value) == ["", "1", "2"] && entry[0].options.map(\.selected) == [false, false, true])
        #expect(entry[0].options[0].label == Self.t["account_none"] && entry[1].checked)
        let goal = ItemForms.accountFields(.goal, FormState(Self.t), t: Self.t, accounts: Self.accounts)
        #expect(goal.map(\.name) == ["savedAccount"] && goal[0].options.first?.selected == true)
        #expect(ItemForms.accountFields(.entry, state, t: Self.t, accounts: []).isEmpty)
        #expect(ItemForms.accountFields(.income, state, t: Self.t, accounts: Self.accounts).isEmpty)
    }

    @Test("the chosen account must be one offered; none is allowed")
    func choice() {
        var state = FormState(Self.t, values: ["account": "2", "none": "", "other": "9", "junk": "x"])
        #expect(ItemForms.accountChoice("account", &state, offered: [1, 2]) == .some(2))
        #expect(ItemForms.accountChoice("none", &state, offered: [1, 2]) == .some(nil))
        #expect(state.isValid)
        #expect(ItemForms.accountChoice("other", &state, offered: [1, 2]) == nil)
        #expect(ItemForms.accountChoice("junk", &state, offered: [1, 2]) == nil)
        #expect(state.errors["other"] == Self.t["validation_choice"] && state.errors["junk"] == Self.t["validation_choice"])
    }
}
