import CMicroHTTPD
import Foundation
import HTTPCore
import Logging

// What libmicrohttpd calls back (MicroHTTPServer.swift hands these to the daemon): the target
// and headers read into an `Exchange`, the body fed to it, the response queued or streamed.

// MARK: - C callbacks

private func server(_ cls: UnsafeMutableRawPointer?) -> MicroHTTPServer {
    Unmanaged<MicroHTTPServer>.fromOpaque(cls!).takeUnretainedValue()
}

/// Called first for every request with its raw target: creates the Exchange.
/// A target holding a byte outside printable ASCII (raw UTF-8, controls) is malformed:
/// browsers percent-encode them, and decoding them here would silently alter them.
let uriLogged: fm_uri_log_callback = { _, uri, _ in
    var target = "/"
    var malformed = false
    if let uri {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(uri).assumingMemoryBound(to: UInt8.self), count: strlen(uri))
        malformed = bytes.contains { $0 <= 0x20 || $0 >= 0x7F }
        target = String(decoding: bytes, as: UTF8.self)
        fm_forget_query(uri)
    }
    let exchange = Exchange(rawTarget: target)
    exchange.malformed = malformed
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// Called for every connection the kernel accepted, before libmicrohttpd takes it on.
let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
    var buffer = [CChar](repeating: 0, count: 64)
    let text = fm_numeric_address(address, &buffer, buffer.count) == 0
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    return server(cls).admit(text) ? .YES : .NO
}

/// libmicrohttpd's own messages: through the logger (and its rate limit), not to stderr.
let libraryLogged: fm_log_line_callback = { cls, line in
    guard let cls, let line else { return }
    let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
    server(cls).logger.notice("libmicrohttpd: \(LogSafe.clip(text, limit: 300))")
}

/// Called when a connection opens or closes: tracks its request deadline.
let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let connection else { return }
    if code.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
        server(cls).opened(connection)
    } else {
        server(cls).closed(connection)
    }
}

/// Called when a request is done (sent, failed or timed out): releases the Exchange.
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
    if let connection { server(cls).answered(on: connection) }
    guard let conCls, let raw = conCls.pointee else { return }
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    conCls.pointee = nil
    if exchange.started { server(cls).ended() }
}

let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, _, methodPointer, _, uploadData, uploadDataSize, conCls in
    guard let connection, let conCls, let raw = conCls.pointee, let uploadDataSize else { return .NO }
    let server = server(cls)
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
    let method = methodPointer.map { String(cString: $0) } ?? "GET"

    if !exchange.started {
        // First call: headers only. Answer only to refuse an oversized body;
        // otherwise answer on a later call so keep-alive is kept.
        exchange.started = true
        server.began()
        if exchange.malformed {
            return queue(plainResponse(.badRequest, "Malformed request target"), on: connection, method: method)
        }
        let path = exchange.rawTarget.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        exchange.limit = server.handler.bodyLimit(method: method, path: path)
        var declared: Int?
        if let lengthText = lookupHeader(connection, "Content-Length") {
            guard let length = Int(lengthText), length >= 0 else {
                return queue(plainResponse(.badRequest, "Bad Content-Length"), on: connection, method: method)
            }
            if length > exchange.limit {
                server.logger.notice("413 body of \(length) bytes refused for \(LogSafe.clip(method)) \(LogSafe.clip(path))")
                let request = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                                      clientAddress: clientAddress(connection))
                return queue(server.handler.tooLarge(request), on: connection, method: method)
            }
            declared = length
        } else if lookupHeader(connection, "Transfer-Encoding") != nil {
            declared = exchange.limit
        }
        guard let declared, declared > 0 else { return .YES }
        // A body is coming: the application may refuse it on the head alone (no session…), then
        // it must fit the bytes in flight; only then is it read, into a file when it may be large.
        let head = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                           clientAddress: clientAddress(connection))
        if var refusal = server.handler.refusal(beforeBody: head) {
            refusal.headers.set("Connection", "close")
            return queue(refusal, on: connection, method: method, server: server)
        }
        guard server.expectBody(on: connection, bytes: declared) else {
            server.logger.notice("503 body of \(declared) bytes refused: too many body bytes on their way")
            var busy = server.handler.busy(head)
            busy.headers.set("Connection", "close")
            busy.headers.set("Retry-After", "30")
            return queue(busy, on: connection, method: method)
        }
        if exchange.limit > server.largestBodyInMemory {
            guard let spool = server.makeSpool() else {
                return queue(plainResponse(.internalServerError, "Cannot keep the upload"), on: connection, method: method)
            }
            exchange.spool = spool
        }
        return .YES
    }

    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        if exchange.received + size > exchange.limit {
            server.logger.notice("closing a connection whose body grew past \(exchange.limit) bytes")
            return .NO
        }
        if let uploadData {
            if let spool = exchange.spool {
                guard spool.append(uploadData, size) else {
                    server.logger.error("closing an upload: its temporary file cannot grow")
                    return .NO
                }
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        exchange.received += size
        server.received(size, on: connection)
        uploadDataSize.pointee = 0
        return .YES
    }

    server.receivedWholeRequest(on: connection)
    if let spool = exchange.spool {
        exchange.spool = nil
        guard let bytes = spool.contents() else {
            server.logger.error("an upload's temporary file could not be read back")
            return queue(plainResponse(.internalServerError, "Cannot read the upload"), on: connection, method: method)
        }
        exchange.body = bytes
    }
    if exchange.suspended, let ready = server.answer(of: exchange) {
        return queue(ready, on: connection, method: method, server: server)
    }
    if exchange.suspended {
        // Resumed by stop() before its worker answered: close it.
        return .NO
    }
    let request = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                          body: exchange.body, clientAddress: clientAddress(connection))
    exchange.body = []
    if server.handler.runsLong(request) {
        exchange.suspended = true
        server.answerLater(exchange, request: request, connection: connection)
        return .YES
    }
    return queue(server.handler.respond(to: request), on: connection, method: method, server: server)
}

// MARK: - Helpers

private func lookupHeader(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

private func collectHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
            headers.pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
            return .YES
        }, pointer)
    }
    return headers
}

func clientAddress(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard fm_client_address(connection, &buffer, buffer.count) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A plain-text reply the adapter makes itself (before the application sees the request),
/// with the strictest security headers: it loads nothing and may be framed by nobody.
private func plainResponse(_ status: HTTPStatus, _ text: String) -> Response {
    var response = Response(status: status, contentType: "text/plain; charset=utf-8", text: text + "\n")
    response.headers.add("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    response.headers.add("X-Content-Type-Options", "nosniff")
    response.headers.add("Referrer-Policy", "same-origin")
    return response
}

private func queue(_ response: Response, on connection: OpaquePointer, method: String,
                   server: MicroHTTPServer? = nil) -> MHD_Result {
    if response.fromSignedInClient { server?.trust(connection) }
    var streamed: OpaquePointer?
    if let stream = response.bodyStream {
        if let server, method != "HEAD" { streamed = streamResponse(stream, server: server, connection: connection) } else { stream.cancel() }
    }
    let file = response.bodyFile.map(fileResponse)
    if response.removesBodyFile, let path = response.bodyFile { unlink(path) }
    let mhdResponse = streamed ?? file ?? response.body.withUnsafeBytes { bytes in
        fm_response_copy(bytes.count, bytes.baseAddress)
    }
    guard let mhdResponse else { return .NO }
    defer { MHD_destroy_response(mhdResponse) }
    for field in response.headers {
        _ = MHD_add_response_header(mhdResponse, field.name, field.value)
    }
    return MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
}

/// A response streaming the file at `path` from its descriptor (libmicrohttpd closes it), or
/// nil when it cannot be opened.
private func fileResponse(_ path: String) -> OpaquePointer? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, let response = MHD_create_response_from_fd64(UInt64(status.st_size), descriptor) else {
        close(descriptor)
        return nil
    }
    return response
}

// MARK: - Streamed bodies

/// What the content reader needs: the stream, and the connection to park and wake.
private final class StreamContext {
    let server: MicroHTTPServer
    let connection: OpaquePointer
    let stream: ResponseStream

    init(server: MicroHTTPServer, connection: OpaquePointer, stream: ResponseStream) {
        self.server = server; self.connection = connection; self.stream = stream
    }
}

/// A response of unknown size (sent chunked) read from `stream`; the connection is parked
/// while the stream is empty and woken by its next write.
private func streamResponse(_ stream: ResponseStream, server: MicroHTTPServer, connection: OpaquePointer) -> OpaquePointer? {
    let sendable = SendableConnection(pointer: connection)
    stream.attach { [weak server] in server?.wake(sendable.pointer) }
    let context = Unmanaged.passRetained(StreamContext(server: server, connection: connection, stream: stream)).toOpaque()
    guard let response = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, context, streamFreed) else {
        Unmanaged<StreamContext>.fromOpaque(context).release()
        stream.cancel()
        return nil
    }
    return response
}

/// libmicrohttpd asks for up to `max` more bytes: some, 0 after parking the connection, or the end (−1).
private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    switch context.stream.read(max: max, park: { context.server.park(context.connection) }) {
    case .bytes(let bytes):
        guard !bytes.isEmpty else { return 0 }
        bytes.withUnsafeBytes { raw in UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: bytes.count) }
        return bytes.count
    case .parked:
        return 0
    case .end:
        return -1
    }
}

/// The response is gone (sent, or the client left): the producer stops.
private let streamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.stream.cancel()
}
