import Mustache

// The calendar feeds page's view models (FeedsPage.swift fills them).

struct FeedsPageView: ViewModel {
    /// The new feed's address, shown once right after it was created.
    var created: CreatedFeedView?
    var feeds: [FeedRow]
    var includeAmounts: Bool
    var daily: Bool
    var dailyTime: String
    var dailyTimeError: String?
    var alarm: Bool
    var alarmTime: String
    var alarmTimeError: String?
    var exportHref: String
    var createAction: String
    var errors: [ErrorLink]

    var hasFeeds: Bool { !feeds.isEmpty }
    var hasErrors: Bool { !errors.isEmpty }
}

struct CreatedFeedView: ViewModel {
    /// The address to copy: the home-network one while sharing is on, else the one this browser used.
    var url: String
    var webcal: String
    var label: String
    /// The other address (this computer's), or why a phone cannot use this one.
    var note: String?
}

struct FeedRow: ViewModel {
    var created: String
    var lastFetched: String
    var options: String
    var revokeAction: String
    var label: String
}
