import Engine
import Mustache

// Quick entry's view models (QuickPage.swift fills them; quick.mustache and quick-box.mustache read them).

/// The one-line box (quick-box.mustache), on /quick, the Budget page, the Calendar and Today.
/// A page shows it by having a `quickBox` field; `back` is where saving returns.
struct QuickBoxView: ViewModel {
    var action = QuickRoute.page.path
    /// A local path: where Save and Cancel return.
    var back: String
    /// What was typed (kept on /quick).
    var value: String = ""
    var label: String
    var placeholder: String
    var submitLabel: String
    var micLabel: String
    /// The mic button's visible text ("Voice").
    var micShort: String
    var maxLength = QuickEntryBox.maxLength

    /// The box's strings in `t`'s language, returning to `back`.
    init(_ t: Translations, back: String, value: String = "") {
        self.back = back; self.value = value
        label = t["quick_box_label"]; placeholder = t["quick_box_placeholder"]
        submitLabel = t["quick_box_submit"]; micLabel = t["quick_box_mic"]; micShort = t["quick_box_mic_short"]
    }
}

enum QuickEntryBox {
    /// The box's maxlength (several drafts fit).
    static let maxLength = 200
}

/// GET /quick: the box, the messages, and one card per draft.
struct QuickPageView: ViewModel {
    var heading: String
    var back: String
    var text: String
    var cancelHref: String
    var quickBox: QuickBoxView
    var action = QuickRoute.page.path
    var problems: [String] = []
    var drafts: [QuickDraftView] = []
    var count = "0"
    var hasErrors = false
    /// Every draft at 80 % or more: the optional countdown may run.
    var confident = false
    /// The Settings switch "save automatically after 3 s when confident".
    var autoSave = false

    var hasDrafts: Bool { !drafts.isEmpty }
    var countdown: Bool { autoSave && confident && !hasErrors }
}

/// One draft's part of the card.
struct QuickDraftView: ViewModel {
    var legend: String
    var confidence: String
    var fields: [QuickFieldView]
    /// "Confirms your planned «Salary» of 5 Dec": the planned item this one fulfils (ticked by default).
    var match: FieldView?
    /// "Add as a recurring item (monthly)", when the phrase said how often.
    var recurring: FieldView?
    var hidden: [HiddenField]
    var editHref: String
}

/// A field with its "why" (the hint) and whether it is doubtful (< 80 %).
struct QuickFieldView: ViewModel {
    var field: FieldView
    var doubtful: Bool
}
