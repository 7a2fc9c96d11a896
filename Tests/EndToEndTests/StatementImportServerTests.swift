import Foundation
import GRDB
import Testing
@testable import Storage

@Suite("Statement import over HTTP")
struct StatementImportServerTests {
    @Test("a statement upload declared over 50 MB gets the 413 page (or a closed connection) and nothing is written")
    func oversized() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        connection.send("POST /import HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\n"
            + "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: \(50 * 1024 * 1024 + 1)\r\n\r\n")
        connection.send([UInt8](repeating: 0x41, count: 16 * 1024))
        let response = try? connection.readResponse()
        #expect(response == nil || response?.status == 413, "\(String(describing: response?.status))")
        if let response { #expect(String(decoding: response.body, as: UTF8.self).contains("413")) }
        let batches = try live.database.importBatches()
        #expect(batches.isEmpty)
    }

    @Test("GET /import answers over HTTP; a GET of a POST-only address is 405")
    func pages() throws {
        let live = try LiveServer()
        #expect(try fetch(live.port, "/import").status == 200)
        #expect(try fetch(live.port, "/import/1/commit").status == 405)
        #expect(try fetch(live.port, "/import/1").status == 404)
    }
}
