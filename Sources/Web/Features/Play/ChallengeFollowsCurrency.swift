import Engine
import Storage

// Switching the game's currency (docs/engine-rules.md, "The Challenge, streaks and achievements",
// "Currency switch"): one rule for both paths — the game's own settings and a change of the
// household currency in Settings (once the game has been played, it follows the household
// currency). A switch made today takes effect today when nothing was played today in
// the old currency (no saved day, no draft item), else tomorrow; it uses the FX table's rate,
// stored on the switch (past days keep their currency and amounts). A missing rate refuses the
// change with a message by the currency field — never a silent 1:1.

/// What a change of the game's currency means.
enum GameCurrencyFollow: Equatable {
    /// Nothing to do (never played, hidden, or already in that currency on that date).
    case none
    /// Switch the game from `effective` at the stored rate (replacing a switch stored for that date).
    case follow(ChallengeCurrencySwitch)
    /// Back to the currency in force before the switch stored for this date: that switch is removed.
    case takeBack(Day)
    /// The FX table has no rate from → to.
    case missingRate(from: String, to: String)
}

extension Handler {

    /// The date a switch made today takes effect: today when today has neither a saved day nor a
    /// draft item (nothing was played in the old currency yet), else tomorrow.
    func challengeSwitchDate(_ game: ChallengeState, today: Day) throws -> Day {
        let drafted = !(try database.challengeItems(on: today)).isEmpty
        return game.timeline.today.status == .filled || drafted ? today.adding(days: 1) : today
    }

    /// The switch to `code` effective on `effective`: from the currency in force before that date
    /// (a switch already stored for the date is replaced, or removed when `code` is that currency).
    func challengeCurrencyChange(_ game: ChallengeState, to code: String, effective: Day) -> GameCurrencyFollow {
        let from = game.input.currency(before: effective)
        let planned = game.input.switches.last { $0.effective == effective }
        if from == code { return planned == nil ? .none : .takeBack(effective) }
        if planned?.to == code { return .none }
        guard let rate = game.fx.rate(from: from, to: code) else { return .missingRate(from: from, to: code) }
        return .follow(ChallengeCurrencySwitch(effective: effective, from: from, to: code, ratePerMillion: rate))
    }
}

extension Handler {
    /// The game's answer to the household currency becoming `code` (a game never played, or
    /// hidden, is not switched: it simply starts in the household currency).
    func gameCurrencyFollow(to code: String, language: Language) throws -> GameCurrencyFollow {
        let stored = try database.settings()
        guard stored[ChallengeKey.started] != nil, stored[ChallengeKey.hidden] != "on" else { return .none }
        let today = today()
        let game = try challengeState(today: today, language: language)
        return challengeCurrencyChange(game, to: code, effective: try challengeSwitchDate(game, today: today))
    }
}
