import Testing
@testable import Web

// Guessable PINs (Sources/Web/Features/Auth/PINPatterns.swift): a date, a sequence or a keypad walk, the PINs a
// guesser tries first.

@Suite("Auth: guessable PINs")
struct PINPatternsTests {
    private func digits(_ text: String) -> [Int] { text.compactMap(\.wholeNumberValue) }

    @Test("dates in the usual orders are guessable", arguments: ["311299", "123199", "991231", "31121999", "12311999", "19991231", "01012000", "290224"])
    func dates(pin: String) {
        #expect(PINPatterns.isDate(digits(pin)), "\(pin)")
    }

    @Test("impossible dates are not dates", arguments: ["320199", "001399", "31131999", "30022000", "18001231"])
    func notDates(pin: String) {
        #expect(!PINPatterns.isDate(digits(pin)), "\(pin)")
    }

    @Test("arithmetic sequences of digits or numbers are guessable", arguments: ["135791", "975319", "246810", "102030", "5101520", "135792", "8642097531", "1357911"])
    func sequences(pin: String) {
        #expect(PINPatterns.isArithmetic(digits(pin)), "\(pin)")
    }

    @Test("keypad walks and lines are guessable", arguments: ["147258369", "963852741", "159357", "258963", "789456", "2580"])
    func walks(pin: String) {
        #expect(PINPatterns.isKeypadWalk(digits(pin)), "\(pin)")
    }

    @Test("PINs with no pattern pass", arguments: ["284719", "90210437", "604918", "839204"])
    func random(pin: String) {
        #expect(!PINPatterns.isGuessable(digits(pin)), "\(pin)")
    }
}
