import Engine
import Foundation
import HTTPCore
import Storage

// The one-time notice of a newly earned achievement on the next page view of any page
// in the layout's flash area. Cheap: the achievements are derived (a scan of up
// to 10 years of entries) at most once per data version, date and language, in the background
// after a write or a page view that found them out of date — never while a page renders, so a
// fresh render does not pay for them. The result and the ids not yet announced are kept in
// memory, so a page view with unchanged data costs one lock and a comparison. The notice shows
// on the first page view after the derivation finished: usually the page a write leads to,
// otherwise the one after it. Nothing happens while games and achievements are hidden, nor before
// the household first opened /achievements or played (`achievementNoticesKey`): an upgraded
// household is not greeted on its next page by everything it earned over the years — those
// are listed on /achievements, which switches the notices on.

/// The settings key that switches the notice on ("on"; set by /achievements and the game's actions).
let achievementNoticesKey = "achievements.notices"

/// What the last derivation found, for one stamp ("version date language").
final class AchievementNoticeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var stamp = ""
    private var states: [AchievementState] = []
    private var unseen: [String] = []
    private var hidden = false
    private var count = 0
    private var running: String?
    private let work = DispatchGroup()

    /// How many times the achievements were derived (tests check it stays once per data version).
    var derivations: Int { lock.lock(); defer { lock.unlock() }; return count }

    /// The kept result when `stamp` is current.
    func lookup(_ stamp: String) -> (states: [AchievementState], unseen: [String], hidden: Bool)? {
        lock.lock(); defer { lock.unlock() }
        return self.stamp == stamp ? (states, unseen, hidden) : nil
    }

    func store(_ stamp: String, states: [AchievementState], unseen: [String], hidden: Bool) {
        lock.lock(); defer { lock.unlock() }
        self.stamp = stamp; self.states = states; self.unseen = unseen; self.hidden = hidden
        if !stamp.isEmpty { count += 1 }
    }

    /// Claims the derivation for `stamp`: false when it is current or already being derived.
    func begin(_ stamp: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard self.stamp != stamp, running == nil else { return false }
        running = stamp
        work.enter()
        return true
    }

    /// The claimed derivation ended (stored or failed).
    func end() {
        lock.lock(); running = nil; lock.unlock()
        work.leave()
    }

    /// Waits until no derivation is running (tests; `seconds` only ends a broken run).
    func settle(seconds: Double = 120) { _ = work.wait(timeout: .now() + seconds) }

    /// After the notice was shown and marked seen by the write `old` → `new`: nothing is unseen
    /// any more, under the new stamp (only when no other write came between).
    func markSeen(from old: String, to new: String) {
        lock.lock(); defer { lock.unlock() }
        guard stamp == old else { return }
        stamp = new; unseen = []
    }
}

/// A notice about to be shown: its text and the achievements it announces.
struct AchievementNotice {
    var text: String
    var ids: [String]
}

extension Handler {
    /// The memo's stamp for `version`.
    private func achievementStamp(_ version: Int, today: Day, _ language: Language) -> String {
        "\(version) \(today.iso) \(language.rawValue)"
    }

    /// True for the GET routes that render an HTML page with the layout (not files, feeds, JSON, sign-in).
    func announcesAchievements(_ route: Route) -> Bool {
        if route.isAPI || route.isPublic { return false }
        switch route {
        case .root, .staticFile, .healthz, .language, .feeds, .auth, .api: return false
        case .settings(.exportJSON), .settings(.exportZip), .settings(.apiExport): return false
        default: return true
        }
    }

    /// The notice of achievements earned and not announced yet, or nil (none, hidden, or not
    /// derived for this data version yet — then the derivation starts in the background).
    func pendingAchievementNotice(_ context: RequestContext) throws -> AchievementNotice? {
        let today = today(), language = context.language
        guard let found = achievementNotices.lookup(achievementStamp(database.version, today: today, language)) else {
            deriveAchievementsInBackground(language)
            return nil
        }
        guard !found.hidden, !found.unseen.isEmpty else { return nil }
        let display = Display(t: context.t, currency: try householdSettings().currency(for: language))
        let names = found.states.filter { found.unseen.contains($0.id) }.map { AchievementRow($0, display: display, earnedOn: nil).title }
        guard !names.isEmpty else { return nil }
        return AchievementNotice(text: context.t.format("achievements_notice", ["names": names.joined(separator: ", ")]), ids: found.unseen)
    }

    /// Works out the achievements, remembers the newly earned ones, and keeps the result.
    private func deriveAchievements(version: Int, today: Day, language: Language) throws {
        let settings = try database.settings()
        let hidden = settings[ChallengeKey.hidden] == "on" || settings[achievementNoticesKey] != "on"
        var states: [AchievementState] = []
        var unseen: [String] = []
        if !hidden {
            states = try achievementStates(today: today, language: language).states
            unseen = try database.rememberAchievements(states.filter(\.earned).map(\.id), on: today)
        }
        // rememberAchievements writes at most once; another write meanwhile leaves the memo stale.
        let after = database.version
        let stamp = achievementStamp(after <= version + 1 ? after : version, today: today, language)
        achievementNotices.store(stamp, states: states, unseen: unseen, hidden: hidden)
    }

    /// Switches the notice on (once; a no-op afterwards).
    func enableAchievementNotices() throws {
        guard try database.settings()[achievementNoticesKey] == nil else { return }
        _ = try database.saveSettings([achievementNoticesKey: "on"])
    }

}

extension Handler {
    /// Derives the achievements of the current data version off the request's thread, once
    /// (a second call while one runs, or for a current memo, does nothing).
    func deriveAchievementsInBackground(_ language: Language) {
        let today = today(), version = database.version
        guard achievementNotices.begin(achievementStamp(version, today: today, language)) else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { achievementNotices.end() }
            try? deriveAchievements(version: version, today: today, language: language)
        }
    }

    /// Marks the announced achievements seen once their notice was rendered.
    func achievementNoticeShown(_ context: RequestContext) {
        let today = today(), language = context.language
        let before = database.version
        do { try database.markAchievementsSeen() } catch { return }
        let after = database.version
        guard after == before + 1 else { return }
        achievementNotices.markSeen(from: achievementStamp(before, today: today, language),
                                    to: achievementStamp(after, today: today, language))
    }

    /// `context` with the notice added to its flash (before the page cache is asked: a page with
    /// a flash is never cached), or unchanged.
    func withPendingAchievementNotice(_ route: Route, _ context: inout RequestContext) -> Bool {
        guard context.request.method == "GET", announcesAchievements(route),
              let notice = try? pendingAchievementNotice(context) else { return false }
        context.flash = (context.flash.map { $0 + " " } ?? "") + notice.text
        return true
    }
}
