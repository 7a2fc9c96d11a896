import Testing
@testable import Engine

// The engine's error vocabulary (Sources/Engine/Errors.swift).
@Suite("Engine errors")
struct ErrorsTests {
    @Test("the errors are told apart, and a bucket count is part of its error")
    func errorsAreDistinct() {
        let errors: Set<EngineError> = [.overflow, .invalidPeriod, .tooManyBuckets(401), .tooManyBuckets(402)]
        #expect(errors.count == 4)
        #expect(EngineError.tooManyBuckets(401) == .tooManyBuckets(401))
        #expect(EngineError.tooManyBuckets(401) != .tooManyBuckets(400))
    }

    @Test("a thrown engine error keeps its case through `any Error`")
    func thrownAsAnyError() {
        let error: any Error = EngineError.tooManyBuckets(731)
        guard case .tooManyBuckets(let count)? = error as? EngineError else {
            Issue.record("not an EngineError: \(error)")
            return
        }
        #expect(count == 731)
    }
}
