import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// "Test connection" (provider settings): GET {base}/models with the saved token and
// key and a timeout; an endpoint without a models list (404, 405) gets a one-token completion
// instead. The outcome's texts never carry the client token or the bearer key.

/// What "Test connection" found.
enum ConnectionTestOutcome: Equatable {
    /// The endpoint answered: how many models it lists and whether the chosen one is among them
    /// (nil when it lists none, or only a completion was tried), and how long it took.
    case ok(models: Int, modelListed: Bool?, milliseconds: Int)
    /// 401/403: the API's error text (secrets masked).
    case refused(status: Int, message: String)
    /// No answer within the timeout.
    case timeout
    /// Connection refused, host not found, no network.
    case noConnection
    /// Any other status or error (secrets masked).
    case failed(String)
}

extension RemoteAdvisor {
    /// The longest "Test connection" waits, in seconds (the settings' timeout when shorter).
    static let connectionTestLimit = 10

    /// Tests the endpoint; blocking (called on a worker).
    func testConnection() -> ConnectionTestOutcome {
        let started = Date()
        func elapsed() -> Int { Int(Date().timeIntervalSince(started) * 1000) }
        let timeout = min(timeoutSeconds, Self.connectionTestLimit)
        guard let models = request("/models", method: "GET", body: nil) else { return .failed("bad URL") }
        var exchange = ProviderCall.send(models, timeout: timeout)
        if case .response(let status, _) = exchange, status == 404 || status == 405 {
            let ping: [String: Any] = ["model": model, "messages": [["role": "user", "content": "ping"]], "max_tokens": 1]
            guard let completion = request("/chat/completions", method: "POST", body: try? JSONSerialization.data(withJSONObject: ping))
            else { return .failed("bad URL") }
            exchange = ProviderCall.send(completion, timeout: timeout)
            if case .response(let status, _) = exchange, (200..<300).contains(status) {
                return .ok(models: 0, modelListed: nil, milliseconds: elapsed())
            }
        }
        switch exchange {
        case .response(let status, let data) where (200..<300).contains(status):
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            let ids = (object?["data"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            return .ok(models: ids.count, modelListed: ids.isEmpty ? nil : ids.contains(model), milliseconds: elapsed())
        case .response(let status, let data) where status == 401 || status == 403:
            return .refused(status: status, message: masked(Self.errorText(data, status: status)))
        case .response(let status, let data):
            return .failed(masked("HTTP \(status): " + Self.errorText(data, status: status)))
        case .timeout:
            return .timeout
        case .noConnection:
            return .noConnection
        case .connectionLost:
            return .failed("network error \(URLError.Code.networkConnectionLost.rawValue)")
        case .error(let text):
            return .failed(masked(text))
        }
    }

    /// A request to `path` under the base URL with the headers every call carries, or nil for a bad URL.
    func request(_ path: String, method: String, body: Data?) -> URLRequest? {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path), let scheme = url.scheme, ["http", "https"].contains(scheme) else { return nil }
        var request = URLRequest(url: url, timeoutInterval: TimeInterval(timeoutSeconds))
        request.httpMethod = method
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        if let clientToken, !clientToken.isEmpty { request.setValue(clientToken, forHTTPHeaderField: "x-client-token") }
        if let bearerKey, !bearerKey.isEmpty { request.setValue("Bearer " + bearerKey, forHTTPHeaderField: "Authorization") }
        return request
    }

    /// `text` with the client token and the bearer key replaced by their "…last 4" form.
    func masked(_ text: String) -> String {
        var text = text
        for secret in [bearerKey, clientToken].compactMap({ $0 }) where secret.count >= 4 {
            text = text.replacingOccurrences(of: secret, with: AdvisorSettings.masked(secret) ?? "…")
        }
        return text
    }
}

/// One blocking HTTP exchange with the provider: a question's completion (`RemoteAdvisor.ask`) and "Test connection".
enum ProviderCall {
    enum Result: Equatable {
        case response(status: Int, data: Data)
        case timeout
        case noConnection
        /// The connection dropped mid-exchange (a question is retried on the fallback model).
        case connectionLost
        case error(String)
    }

    /// Sends `request` and waits at most `timeout` seconds (+1 for the session to report).
    static func send(_ request: URLRequest, timeout: Int) -> Result {
        let session = URLSession.ephemeral(timeout: TimeInterval(timeout))
        defer { session.finishTasksAndInvalidate() }
        let box = CallBox()
        var request = request
        request.timeoutInterval = TimeInterval(timeout)
        let task = session.dataTask(with: request) { data, response, error in
            let result: Result
            if let error {
                let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
                switch code {
                case .timedOut: result = .timeout
                case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed: result = .noConnection
                case .networkConnectionLost: result = .connectionLost
                default: result = .error("network error \(code.rawValue)")
                }
            } else if let response = response as? HTTPURLResponse {
                result = .response(status: response.statusCode, data: data ?? Data())
            } else {
                result = .error("no response")
            }
            box.set(result)
        }
        task.resume()
        guard box.done.wait(timeout: .now() + Double(timeout) + 1) == .success else {
            task.cancel()
            return .timeout
        }
        return box.value
    }

    /// The completion handler's result, waited for by the calling thread.
    private final class CallBox: @unchecked Sendable {
        private let lock = NSLock()
        let done = DispatchSemaphore(value: 0)
        private var stored = Result.timeout
        func set(_ result: Result) { lock.lock(); stored = result; lock.unlock(); done.signal() }
        var value: Result { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
