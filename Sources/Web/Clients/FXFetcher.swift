import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The HTTP client of the game's FX feed (ChallengeFXFeed.swift): one GET with a hard timeout
// and a size cap; the page decides what the bytes mean.

/// Why a fetch gave no document.
enum FXFetchError: Error, Equatable {
    case timeout
    case tooLarge
    case status(Int)
    case network
}

/// Fetches a small document over http(s) with a hard timeout and size cap.
enum FXFetcher {
    static let timeoutSeconds = 5.0
    static let byteCap = 512 * 1024

    /// The body of a 2xx answer from `url`, or why there is none.
    static func fetch(_ url: URL, timeout: Double = timeoutSeconds, cap: Int = byteCap) -> Result<[UInt8], FXFetchError> {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/xml, text/xml", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let box = FetchBox(cap: cap)
        let session = URLSession(configuration: configuration, delegate: box, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        guard box.wait(seconds: timeout + 0.5) else {
            task.cancel()
            return .failure(box.tooLarge ? .tooLarge : .timeout)
        }
        return box.result
    }
}

/// Collects the body, stopping at the cap.
private final class FetchBox: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let cap: Int
    private var data: [UInt8] = []
    private var status = 0
    private var finished = false
    private var over = false
    private var failure: FXFetchError?

    init(cap: Int) { self.cap = cap }

    var tooLarge: Bool { lock.lock(); defer { lock.unlock() }; return over }

    var result: Result<[UInt8], FXFetchError> {
        lock.lock(); defer { lock.unlock() }
        if over { return .failure(.tooLarge) }
        if let failure { return .failure(failure) }
        guard (200..<300).contains(status) else { return .failure(.status(status)) }
        return .success(data)
    }

    func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    private func finish(_ error: FXFetchError?) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        if failure == nil { failure = error }
        lock.unlock()
        done.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.lock(); status = http?.statusCode ?? 0; lock.unlock()
        if response.expectedContentLength > Int64(cap) {
            lock.lock(); over = true; lock.unlock()
            completionHandler(.cancel)
            finish(.tooLarge)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        lock.lock()
        if data.count + chunk.count > cap {
            over = true
            lock.unlock()
            dataTask.cancel()
            finish(.tooLarge)
            return
        }
        data.append(contentsOf: chunk)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { finish(nil); return }
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        finish(code == .timedOut ? .timeout : .network)
    }
}
