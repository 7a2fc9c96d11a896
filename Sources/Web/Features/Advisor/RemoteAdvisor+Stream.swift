import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Streaming (provider settings): the same chat-completions request with
// `"stream": true`; the provider answers with server-sent events
//   data: {"choices":[{"delta":{"content":"Keep"}}]}
//   data: {"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":30}}
//   data: [DONE]
// and each piece of content is handed on as it arrives. `usage` is read when the provider
// sends it (asked for with stream_options.include_usage); otherwise the tokens are 0.

/// How a streamed answer ended.
enum StreamedAnswer: Equatable {
    /// The whole text and the tokens the provider reported.
    case answer(text: String, tokensIn: Int, tokensOut: Int)
    /// Anything else (a status, a timeout, no connection, a malformed stream); nothing more was handed on.
    case failed(String)
}

extension RemoteAdvisor {
    /// The streaming request's body: `body(…)` with `stream` and `stream_options.include_usage`.
    func streamBody(systemPrompt: String, question: String) -> Data {
        var object = (try? JSONSerialization.jsonObject(with: body(model: model, systemPrompt: systemPrompt, question: question))
            as? [String: Any]) ?? [:]
        object["stream"] = true
        object["stream_options"] = ["include_usage": true]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Asks `question` with `"stream": true`, calling `onPiece` with each piece of content as it
    /// arrives; blocking. Stops early when `isCancelled()` turns true. The first model only: on a
    /// failure the caller takes the plain path (which has the fallback model).
    func stream(systemPrompt: String, question: String, isCancelled: @escaping @Sendable () -> Bool,
                onPiece: @escaping @Sendable (String) -> Void) -> StreamedAnswer {
        guard let request = request("/chat/completions", method: "POST", body: streamBody(systemPrompt: systemPrompt, question: question))
        else { return .failed("bad URL") }
        let reader = ProviderStreamReader(onPiece: onPiece)
        let session = URLSession.ephemeral(timeout: TimeInterval(timeoutSeconds), resourceTimeout: TimeInterval(timeoutSeconds * 4),
                                           delegate: reader)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        task.resume()
        let deadline = Date().addingTimeInterval(TimeInterval(timeoutSeconds * 4 + 2))
        while !reader.wait(seconds: 0.25) {
            if isCancelled() || Date() > deadline {
                task.cancel()
                return .failed(isCancelled() ? "cancelled" : "timeout")
            }
        }
        return reader.outcome
    }
}

/// Reads the provider's event stream as it arrives (URLSession's delegate).
final class ProviderStreamReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let onPiece: @Sendable (String) -> Void
    private var status = 0
    private var pending: [UInt8] = []
    private var errorBody: [UInt8] = []
    private var text = ""
    private var tokensIn = 0, tokensOut = 0
    private var sawDone = false
    private var failure: String?

    init(onPiece: @escaping @Sendable (String) -> Void) { self.onPiece = onPiece }

    /// False when nothing ended within `seconds`.
    func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    var outcome: StreamedAnswer {
        lock.lock(); defer { lock.unlock() }
        if let failure { return .failed(failure) }
        guard (200..<300).contains(status) else {
            return .failed("HTTP \(status): " + RemoteAdvisor.errorText(Data(errorBody), status: status))
        }
        let answer = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !answer.isEmpty else { return .failed("malformed answer") }
        return .answer(text: answer, tokensIn: tokensIn, tokensOut: tokensOut)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var pieces: [String] = []
        lock.lock()
        status = (dataTask.response as? HTTPURLResponse)?.statusCode ?? status
        if !(200..<300).contains(status) {
            if errorBody.count < 4000 { errorBody += data.prefix(4000) }
            lock.unlock()
            return
        }
        pending += data
        // One event per line ("data: …"); a line may be split across deliveries.
        while let newline = pending.firstIndex(of: 10) {
            let line = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            pending.removeSubrange(...newline)
            guard line.hasPrefix("data:") else { continue }
            let payload = line.dropFirst(5).trimmingCharacters(in: .whitespaces)
            if payload == "[DONE]" { sawDone = true; continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else { continue }
            if let usage = object["usage"] as? [String: Any] {
                tokensIn = (usage["prompt_tokens"] as? Int) ?? tokensIn
                tokensOut = (usage["completion_tokens"] as? Int) ?? tokensOut
            }
            if let choices = object["choices"] as? [[String: Any]], let delta = choices.first?["delta"] as? [String: Any],
               let content = delta["content"] as? String, !content.isEmpty, text.count < 20_000 {
                text += content
                pieces.append(content)
            }
        }
        if pending.count > 1_000_000 { failure = "malformed answer"; pending = [] }
        lock.unlock()
        for piece in pieces { onPiece(piece) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        status = (task.response as? HTTPURLResponse)?.statusCode ?? status
        if let error, failure == nil {
            let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
            switch code {
            case .timedOut: failure = "timeout"
            case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed: failure = "no connection"
            default: failure = "network error \(code.rawValue)"
            }
        }
        lock.unlock()
        done.signal()
    }
}
