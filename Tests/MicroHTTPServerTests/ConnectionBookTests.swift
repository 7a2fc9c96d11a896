import Foundation
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/ConnectionBook.swift: room kept for known clients, deadlines
/// at a minimum body rate, and body bytes in flight.
@Suite("Connection book")
struct ConnectionBookTests {
    private let start = Date(timeIntervalSince1970: 1_000_000)

    /// A book of 10 connections with 4 kept for known clients, a 30 s head deadline, bodies
    /// at 1000 B/s after 10 s, 3000 bytes in flight per address and 5000 in all.
    private func book() -> ConnectionBook<Int> {
        ConnectionBook(connectionLimit: 10, reserved: 4, requestDeadline: 30, minimumBodyRate: 1000, bodyGrace: 10,
                       bodyBytesPerAddress: 3000, bodyBytesInFlight: 5000)
    }

    @Test("strangers share what is not kept; when it is full a new one takes the place of the oldest slow one")
    func roomForStrangers() {
        var book = book()
        for key in 0..<6 { book.opened(key, socket: Int32(100 + key), address: "192.168.1.\(50 + key)", now: start + Double(key)) }
        #expect(book.admit("192.168.1.99", now: start + 10) == .acceptEvicting(100), "the oldest waiting connection makes room")
        book.receivedWholeRequest(on: 0)
        #expect(book.admit("192.168.1.99", now: start + 10) == .acceptEvicting(101), "one being answered is never evicted")
        for key in 1..<6 { book.receivedWholeRequest(on: key) }
        #expect(book.admit("192.168.1.99", now: start + 10) == .refuse, "all busy: refused")
        book.evicted(socket: 105)
        #expect(book.admit("192.168.1.99", now: start + 10) == .accept)
    }

    @Test("this computer and addresses that signed in always get in, for 30 days")
    func roomForKnownClients() {
        var book = book()
        for key in 0..<6 { book.opened(key, socket: Int32(key), address: "10.0.0.\(key)", now: start) }
        for key in 0..<6 { book.receivedWholeRequest(on: key) }
        #expect(book.admit("10.0.0.99", now: start) == .refuse)
        #expect(book.admit("127.0.0.1", now: start) == .accept)
        #expect(book.admit("::1", now: start) == .accept)
        #expect(book.admit("127.0.0.5", now: start) == .refuse, "other loopback addresses are clients like any other")
        book.trust("10.0.0.99", on: nil, now: start)
        #expect(book.admit("10.0.0.99", now: start + 29 * 86_400) == .accept)
        #expect(book.admit("10.0.0.99", now: start + 31 * 86_400) == .refuse)
        // A connection that proves itself signed in stops counting among the strangers.
        book.trust("10.0.0.0", on: 0, now: start)
        #expect(book.admit("10.0.0.98", now: start) == .accept)
    }

    @Test("a head is due in 30 s; a body must keep up with the minimum rate after its grace")
    func deadlines() {
        var book = book()
        book.opened(1, socket: 7, address: "10.0.0.1", now: start)
        #expect(book.late(now: start + 29).isEmpty)
        book.expectBody(on: 1, now: start + 5)
        #expect(book.late(now: start + 14).isEmpty, "grace: 10 s from the head")
        book.received(2000, on: 1)
        #expect(book.late(now: start + 16.9).isEmpty, "2000 bytes buy 2 s more")
        #expect(book.late(now: start + 17.1) == [7])
        #expect(book.late(now: start + 100).isEmpty, "each connection is reported once")
        book.opened(2, socket: 8, address: "10.0.0.1", now: start)
        book.receivedWholeRequest(on: 2)
        #expect(book.late(now: start + 1_000).isEmpty, "no deadline while answered")
        book.answered(on: 2, now: start + 1_000)
        #expect(book.late(now: start + 1_031) == [8], "a kept-alive connection's next head is due in 30 s")
    }

    @Test("body bytes are booked per address and in all, and given back when the request ends")
    func bytesInFlight() {
        var book = book()
        book.opened(1, socket: 1, address: "10.0.0.1", now: start)
        book.opened(2, socket: 2, address: "10.0.0.1", now: start)
        book.opened(3, socket: 3, address: "10.0.0.2", now: start)
        book.opened(4, socket: 4, address: "10.0.0.3", now: start)
        let first = book.book(2000, on: 1), second = book.book(1500, on: 2), third = book.book(2500, on: 3), fourth = book.book(600, on: 4)
        #expect(first && !second && third && !fourth, "3000 per address, 5000 in all")
        book.answered(on: 1, now: start)
        #expect(book.bookedInTotal == 2500)
        let again = book.book(1500, on: 2)
        #expect(again)
        book.closed(3)
        #expect(book.bookedInTotal == 1500)
        let unknown = book.book(1, on: 99)
        #expect(!unknown, "an unknown connection books nothing")
    }
}
