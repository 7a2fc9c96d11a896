import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every outgoing HTTP exchange (the FX feed, sending feedback, the advisor's provider, plain and
// streamed) runs in a session of its own that keeps nothing: no cookies, no cache, no
// credentials shared with another exchange or left on disk.

extension URLSession {
    /// A new ephemeral session whose requests give up after `timeout` seconds of silence and
    /// whose whole exchange gives up after `resourceTimeout` (the same when nil); `delegate`
    /// receives the session's events (nil: the task's completion handler does).
    static func ephemeral(timeout: TimeInterval, resourceTimeout: TimeInterval? = nil,
                          delegate: (any URLSessionDelegate)? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = resourceTimeout ?? timeout
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
}
