import Engine
import Storage

// The game follows the household currency (issue 19): once the game has been played, a change
// of the household currency in Settings switches the game from the next day with the FX
// table's rate, stored on the switch (past days keep their currency and amounts). A missing
// rate refuses the change with a message by the currency field — never a silent 1:1.

/// What a household currency change means for the game.
enum GameCurrencyFollow {
    /// Nothing to do (never played, hidden, or already in that currency).
    case none
    /// Switch the game from `effective` at the stored rate.
    case follow(ChallengeCurrencySwitch)
    /// The FX table has no rate from → to.
    case missingRate(from: String, to: String)
}

extension App {
    /// The game's answer to the household currency becoming `code`.
    func gameCurrencyFollow(to code: String, language: Language) throws -> GameCurrencyFollow {
        let stored = try database.settings()
        guard stored[ChallengeKey.started] != nil, stored[ChallengeKey.hidden] != "on" else { return .none }
        let today = today()
        let game = try challengeState(today: today, language: language)
        let tomorrow = today.adding(days: 1)
        // The currency the game will have tomorrow, switches already planned included.
        let from = game.input.switches.filter { $0.effective <= tomorrow }.max { $0.effective < $1.effective }?.to ?? game.currency
        guard from != code else { return .none }
        guard let rate = game.fx.rate(from: from, to: code) else { return .missingRate(from: from, to: code) }
        return .follow(ChallengeCurrencySwitch(effective: tomorrow, from: from, to: code, ratePerMillion: rate))
    }
}
