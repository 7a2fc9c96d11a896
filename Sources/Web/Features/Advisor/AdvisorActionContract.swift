import Advisor
import Foundation

// The remote provider's action contract (docs/engine-rules.md, "Advisor actions"):
// an answer that is exactly one JSON object
//   {"action": "goal", "payload": {"name": "Vacation", "target": "100000"}, "confidence": 0.9, "needsConfirmation": true}
// proposes an action. Anything else — malformed, oversized, wrong-typed, unknown fields,
// low confidence, or values that carry markup or instructions — is not an action: the
// caller shows a plain answer, never writes. A valid proposal only reaches the preview
// card, where the forms' rules validate it again and nothing is written until the user confirms.

enum AdvisorActionContract {
    /// The longest answer read as a contract, in UTF-8 bytes.
    static let maxBytes = 2_048
    /// The longest payload value, in characters.
    static let maxValueLength = 100
    /// The lowest confidence accepted.
    static let minConfidence = 0.5

    /// Why an answer is not an action.
    enum Refusal: Error, Equatable {
        case notJSON, oversized, wrongType(String), unknownAction, unknownField(String), lowConfidence, notConfirmable, unsafeValue(String)
    }

    /// The action `answer` proposes, or why it is not one.
    static func decode(_ answer: String) -> Result<AdvisorAction, Refusal> {
        let text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return .failure(.notJSON) }
        guard text.utf8.count <= maxBytes else { return .failure(.oversized) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return .failure(.notJSON) }
        // "needs_confirmation" is read as "needsConfirmation" (models write either); both at once is refused.
        if object["needs_confirmation"] != nil && object["needsConfirmation"] != nil { return .failure(.unknownField("needs_confirmation")) }
        let keys: Set<String> = ["action", "payload", "confidence", "needsConfirmation", "needs_confirmation"]
        if let extra = object.keys.sorted().first(where: { !keys.contains($0) }) { return .failure(.unknownField(extra)) }
        // Strict types: JSONDecoder takes no number for a string or a Bool, and no string for a number.
        struct Contract: Decodable {
            var action: String, payload: [String: String], confidence: Double, needsConfirmation: Bool
            enum CodingKeys: String, CodingKey { case action, payload, confidence, needsConfirmation, needs_confirmation }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                action = try c.decode(String.self, forKey: .action)
                payload = try c.decode([String: String].self, forKey: .payload)
                confidence = try c.decode(Double.self, forKey: .confidence)
                needsConfirmation = try c.decode(Bool.self, forKey: c.contains(.needs_confirmation) ? .needs_confirmation : .needsConfirmation)
            }
        }
        let contract: Contract
        do {
            contract = try JSONDecoder().decode(Contract.self, from: Data(text.utf8))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            return .failure(.wrongType(context.codingPath.first?.stringValue ?? ""))
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.wrongType(key.stringValue))
        } catch {
            return .failure(.notJSON)
        }
        guard let kind = AdvisorActionKind(rawValue: contract.action) else { return .failure(.unknownAction) }
        guard contract.confidence.isFinite, (0...1).contains(contract.confidence) else { return .failure(.wrongType("confidence")) }
        guard contract.confidence >= minConfidence else { return .failure(.lowConfidence) }
        guard contract.needsConfirmation else { return .failure(.notConfirmable) }
        let allowed = AdvisorAction.allowedFields[kind] ?? []
        for (key, value) in contract.payload.sorted(by: { $0.key < $1.key }) {
            guard allowed.contains(key) else { return .failure(.unknownField(key)) }
            guard value.count <= maxValueLength else { return .failure(.oversized) }
            guard isSafe(value) else { return .failure(.unsafeValue(key)) }
        }
        return .success(AdvisorAction(kind: kind, fields: contract.payload))
    }

    /// No markup, no control characters, no links, no instructions to the model, and no
    /// spreadsheet formula (a value starting with = + - or @, which an export opened in a
    /// spreadsheet would run).
    static func isSafe(_ value: String) -> Bool {
        if let first = value.trimmingCharacters(in: .whitespaces).first, "=+-@".contains(first) { return false }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) { return false }
        if value.contains(where: { "<>{}[]`\\".contains($0) }) { return false }
        let lower = value.lowercased()
        let phrases = ["http:", "https:", "javascript:", "data:", "ignore ", "instruction", "system prompt", "system:", "assistant:",
                       "prompt", "игнорир", "инструкц", "забудь", "disregard", "override", "jailbreak", "developer mode", "drop table", "delete from", "; --"]
        return !phrases.contains { lower.contains($0) }
    }
}

extension AdvisorFeature {
    /// The action a remote answer proposes in the JSON contract, or nil. A JSON-shaped answer
    /// that breaks the contract becomes `builtIn` (a plain answer): it is never shown raw, never written.
    func remoteAction(_ reply: inout AdvisorReply, builtIn: String) -> AdvisorAction? {
        guard reply.provider == "remote", reply.answer.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") else { return nil }
        switch AdvisorActionContract.decode(reply.answer) {
        case .success(let action): return action
        case .failure(let refusal):
            logger.notice("advisor: the remote answer is not a valid action (\(refusal)); shown as the built-in answer")
            reply.answer = builtIn
            return nil
        }
    }
}
