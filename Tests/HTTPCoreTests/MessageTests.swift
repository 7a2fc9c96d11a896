import Testing
import HTTPCore

// Headers, requests and responses (Sources/HTTPCore/Message.swift).
@Suite("Message")
struct MessageTests {
    @Test("header names match in any case; add keeps repeats, set replaces them, remove drops them")
    func headers() {
        var h = HTTPHeaders([("Content-Type", "text/html"), ("Set-Cookie", "a=1")])
        #expect(h["content-type"] == "text/html")
        #expect(h["X-Missing"] == nil)
        h.add("set-cookie", "b=2")
        #expect(h.values("SET-COOKIE") == ["a=1", "b=2"])
        #expect(h.count == 3)
        h.set("Set-Cookie", "c=3")
        #expect(h.values("set-cookie") == ["c=3"] && h.count == 2)
        h.remove("CONTENT-TYPE")
        #expect(h["Content-Type"] == nil)
        #expect(h.map { $0.name } == ["Set-Cookie"])
    }

    @Test("a request splits its target at the first ? and upper-cases its method")
    func requestTarget() {
        let r = Request(method: "post", target: "/budget/entries?month=2027-03&q=a?b")
        #expect(r.method == "POST")
        #expect(r.rawPath == "/budget/entries")
        #expect(r.rawQuery == "month=2027-03&q=a?b")
        let bare = Request(method: "GET", target: "/")
        #expect(bare.rawPath == "/" && bare.rawQuery == "")
    }

    @Test("loopback clients, unless a proxy header says the request was forwarded")
    func loopback() {
        for address in ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"] {
            #expect(Request(method: "GET", target: "/", clientAddress: address).isFromLoopback, "\(address)")
        }
        for address in ["192.168.1.5", "::ffff:10.0.0.1", "128.0.0.1"] {
            #expect(!Request(method: "GET", target: "/", clientAddress: address).isFromLoopback, "\(address)")
        }
        for header in ["Forwarded", "X-Forwarded-For", "x-real-ip"] {
            let r = Request(method: "GET", target: "/", headers: HTTPHeaders([(header, "203.0.113.7")]))
            #expect(r.isForwarded && !r.isFromLoopback, "\(header)")
        }
    }

    @Test("a text response carries its content type and UTF-8 body; see-other carries the location")
    func responses() {
        let page = Response(status: .ok, contentType: "text/plain; charset=utf-8", text: "Привет")
        #expect(page.status == .ok)
        #expect(page.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(page.body == Array("Привет".utf8) && page.body.count == 12)
        #expect(page.bodyFile == nil && page.bodyStream == nil)
        let redirect = Response.seeOther("/plan")
        #expect(redirect.status == .seeOther && redirect.headers["Location"] == "/plan" && redirect.body.isEmpty)
    }
}
