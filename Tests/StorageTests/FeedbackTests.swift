import Engine
import Foundation
import Testing
@testable import Storage

// Feedback kept locally with its delivery status (Sources/Storage/Feedback.swift).

@Suite("Feedback")
struct FeedbackTests {
    @Test("feedback is stored pending once per token with its log; a delivery's outcome is recorded")
    func storeAndMark() throws {
        let database = try budgetDatabase()
        let form = token()
        let message = NewFeedback(email: "anna@example.com", telegram: nil, description: "The chart is cut off on a phone", log: ["line 1", "line 2"])
        let id = try database.addFeedback(message, formToken: form).value()
        #expect(try database.addFeedback(message, formToken: form).isDuplicate)
        let stored = try #require(try database.feedbackMessage(id: id))
        #expect(stored.feedback == message && stored.status == .pending && stored.sentAt == nil)
        #expect(try database.eventCount(.feedbackSubmitted) == 1)
        try database.markFeedback(id: id, status: .failed, error: String(repeating: "x", count: 600))
        #expect(try database.feedbackMessage(id: id)?.error?.count == 500)
        try database.markFeedback(id: id, status: .sent, error: nil)
        let sent = try #require(try database.feedbackMessage(id: id))
        #expect(sent.status == .sent && sent.error == nil && sent.sentAt != nil)
        let second = try database.addFeedback(NewFeedback(email: nil, telegram: "@anna_k", description: "Thanks for the calendar feed", log: nil),
                                               formToken: token()).value()
        #expect(try database.feedbackMessages().map(\.id) == [second, id])
        #expect(try database.feedbackMessage(id: second)?.feedback.log == nil)
        #expect(try database.feedbackMessage(id: 999) == nil)
    }

    @Test("the secret values are listed so a log can leave them out")
    func secretValues() throws {
        let database = try AppDatabase.inMemory()
        try database.setSecret("apiKey", "sk-123")
        try database.setSecret("passcode", "scrypt$abc")
        #expect(try Set(database.secretValues()) == ["sk-123", "scrypt$abc"])
    }
}
