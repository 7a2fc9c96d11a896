import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An OpenAI-compatible chat-completions endpoint (`POST {base}/chat/completions`).
/// Blocking: it is only called from requests the server answers on its worker queue.
struct RemoteAdvisor: Sendable {
    var baseURL: String
    var model: String
    var fallbackModel: String
    /// Sent as `x-client-token` when set.
    var clientToken: String?
    /// Sent as `Authorization: Bearer …` when set.
    var bearerKey: String?
    var timeoutSeconds: Int
    /// The completion budget (economy mode asks for fewer tokens).
    var maxTokens: Int

    /// What came back from the endpoint.
    enum Outcome: Equatable {
        /// An answer from `model` with its token counts.
        case answer(text: String, model: String, tokensIn: Int, tokensOut: Int)
        /// 401/403: the API's error text; no fallback.
        case refused(status: Int, message: String)
        /// Connection refused, host not found, no network.
        case noConnection
        /// 429, 5xx, timeout or a malformed answer, also from the fallback model.
        case failed(reason: String)
    }

    /// One attempt's result.
    private enum Attempt {
        case answer(String, tokensIn: Int, tokensOut: Int)
        case refused(Int, String)
        case noConnection
        case retryable(String)
        case failed(String)
    }

    /// Asks `question` under `systemPrompt`; 429, 5xx and timeouts are retried once on the
    /// fallback model.
    func ask(systemPrompt: String, question: String) -> Outcome {
        switch attempt(model: model, systemPrompt: systemPrompt, question: question) {
        case .answer(let text, let tokensIn, let tokensOut): return .answer(text: text, model: model, tokensIn: tokensIn, tokensOut: tokensOut)
        case .refused(let status, let message): return .refused(status: status, message: message)
        case .noConnection: return .noConnection
        case .failed(let reason): return .failed(reason: reason)
        case .retryable:
            switch attempt(model: fallbackModel, systemPrompt: systemPrompt, question: question) {
            case .answer(let text, let tokensIn, let tokensOut):
                return .answer(text: text, model: fallbackModel, tokensIn: tokensIn, tokensOut: tokensOut)
            case .refused(let status, let message): return .refused(status: status, message: message)
            case .noConnection: return .noConnection
            case .retryable(let reason), .failed(let reason): return .failed(reason: reason)
            }
        }
    }

    /// The JSON body sent for `model` (the consent page shows its messages).
    func body(model: String, systemPrompt: String, question: String) -> Data {
        let object: [String: Any] = [
            "model": model,
            "messages": [["role": "system", "content": systemPrompt], ["role": "user", "content": question]],
            "max_tokens": maxTokens,
            "temperature": 0.3,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    private func attempt(model: String, systemPrompt: String, question: String) -> Attempt {
        guard let request = request("/chat/completions", method: "POST", body: body(model: model, systemPrompt: systemPrompt, question: question))
        else { return .failed("bad URL") }
        switch ProviderCall.send(request, timeout: timeoutSeconds) {
        case .response(let status, let payload):
            switch status {
            case 200..<300: return Self.parseAnswer(payload)
            case 401, 403: return .refused(status, Self.errorText(payload, status: status))
            case 429, 500...599: return .retryable("HTTP \(status)")
            default: return .failed("HTTP \(status): " + Self.errorText(payload, status: status))
            }
        case .timeout: return .retryable("timeout")
        case .noConnection: return .noConnection
        case .connectionLost: return .retryable("connection lost")
        case .error(let text): return .failed(text)
        }
    }

    private static func parseAnswer(_ data: Data) -> Attempt {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let choices = object["choices"] as? [[String: Any]], let message = choices.first?["message"] as? [String: Any],
              let content = message["content"] as? String, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return .retryable("malformed answer") }
        let usage = object["usage"] as? [String: Any]
        return .answer(content.trimmingCharacters(in: .whitespacesAndNewlines),
                       tokensIn: (usage?["prompt_tokens"] as? Int) ?? 0, tokensOut: (usage?["completion_tokens"] as? Int) ?? 0)
    }

    /// The API's error text: `error.message`, `error` or `message` of a JSON body, else the
    /// body's text; at most 300 characters, control characters removed.
    static func errorText(_ data: Data, status: Int) -> String {
        var text: String?
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            if let error = object["error"] as? [String: Any] { text = error["message"] as? String }
            else { text = (object["error"] as? String) ?? (object["message"] as? String) ?? (object["detail"] as? String) }
        }
        let raw = text ?? String(decoding: data.prefix(2000), as: UTF8.self)
        let clean = String(raw.unicodeScalars.filter { $0.properties.generalCategory != .control || $0 == "\n" })
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return clean.isEmpty ? "HTTP \(status)" : AdvisorText.cut(clean, 300)
    }
}

/// Keeps the advisor's identity: an answer that names a model or a vendor is replaced by
/// the advisor's own introduction.
enum AdvisorMask {
    private static let names = [
        "openai", "open ai", "chatgpt", "chat gpt", "gpt", "claude", "anthropic", "llm", "language model", "large language",
        "gemini", "bard", "google ai", "deepmind", "llama", "meta ai", "mistral", "deepseek", "qwen", "copilot", "gigachat",
        "yandexgpt", "yandex gpt", "alice ai", "языковая модель", "языковой модел", "языковую модель", "нейросет", "гигачат",
        "яндекс gpt", "яндексgpt", "чатгпт", "чат гпт", "опенэй", "антропик",
    ]

    /// True when `text` names a model, a vendor or what it is made of.
    static func namesModelOrVendor(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return names.contains { lowered.contains($0) }
    }
}
