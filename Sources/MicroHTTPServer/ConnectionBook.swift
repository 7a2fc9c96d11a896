import Foundation

/// What the server knows about its open connections, kept under the server's lock: who they
/// are from, when their request is due, the body bytes each holds a place for, and which
/// client addresses have room kept for them (docs/product-rules.md, "Running safely").
///
/// - **Room kept for known clients.** Of `connectionLimit`, `reserved` connections are kept
///   for this computer's own browser (127.0.0.1, ::1) and for addresses that made a signed-in
///   request in the last 30 days. Every other address shares the rest; when it is full, a new
///   connection takes the place of the oldest one still waiting for its request's head (a
///   slow client), so a device seen for the first time still gets in.
/// - **Deadlines.** A request's head is due `requestDeadline` seconds after the connection (or
///   the previous answer on it); its body then must keep up with `minimumBodyRate` bytes a
///   second after a `bodyGrace` of seconds: by any moment t after the head, at least
///   (t − grace) × rate bytes must have come.
/// - **Bytes in flight.** Before a body is read its declared size (the route's limit when it
///   declares none) is booked against one address's and everyone's allowance; a body that does
///   not fit is refused before it is read.
struct ConnectionBook<Key: Hashable> {
    /// One open connection.
    struct Entry {
        let socket: Int32
        let address: String
        var trusted: Bool
        /// When its request (head, or body) must have arrived; nil while it is being answered.
        var until: Date?
        /// True while the head is awaited (a kept-alive connection between requests counts).
        var waitingForHead = true
        var bodyStarted = Date.distantPast
        var bodyReceived = 0
        /// Body bytes booked for the request in progress.
        var booked = 0
        let opened: Date
    }

    /// What to do with a connection the kernel has just accepted.
    enum Admission: Equatable {
        case accept
        /// Accept it in place of the connection on this socket (shut it down first).
        case acceptEvicting(Int32)
        case refuse
    }

    let connectionLimit: Int
    let reserved: Int
    let requestDeadline: TimeInterval
    let minimumBodyRate: Double
    let bodyGrace: TimeInterval
    let bodyBytesPerAddress: Int
    let bodyBytesInFlight: Int
    /// How long an address that signed in keeps its room, and how many such addresses are remembered.
    static var trustLifetime: TimeInterval { 30 * 86_400 }
    static var trustCapacity: Int { 256 }

    private(set) var entries: [Key: Entry] = [:]
    private var trustedAddresses: [String: Date] = [:]
    private var bookedByAddress: [String: Int] = [:]
    private(set) var bookedInTotal = 0

    init(connectionLimit: Int, reserved: Int, requestDeadline: TimeInterval, minimumBodyRate: Double, bodyGrace: TimeInterval,
         bodyBytesPerAddress: Int, bodyBytesInFlight: Int) {
        self.connectionLimit = connectionLimit
        self.reserved = min(max(0, reserved), connectionLimit / 2)
        self.requestDeadline = requestDeadline
        self.minimumBodyRate = max(1, minimumBodyRate)
        self.bodyGrace = bodyGrace
        self.bodyBytesPerAddress = bodyBytesPerAddress
        self.bodyBytesInFlight = bodyBytesInFlight
    }

    /// The connections other addresses may hold at once.
    var sharedLimit: Int { connectionLimit - reserved }

    // MARK: - Who gets room

    /// True for this computer's own browser (loopback's usual addresses; other 127.x.y.z
    /// addresses are tested as separate clients) and for an address that signed in lately.
    func isTrusted(_ address: String, now: Date) -> Bool {
        if address == "127.0.0.1" || address == "::1" || address == "::ffff:127.0.0.1" { return true }
        guard let seen = trustedAddresses[address] else { return false }
        return now.timeIntervalSince(seen) <= Self.trustLifetime
    }

    /// Remembers that `address` made a signed-in request on `key` now.
    mutating func trust(_ address: String, on key: Key?, now: Date) {
        if trustedAddresses[address] == nil, trustedAddresses.count >= Self.trustCapacity,
           let oldest = trustedAddresses.min(by: { $0.value < $1.value })?.key {
            trustedAddresses[oldest] = nil
        }
        trustedAddresses[address] = now
        if let key { entries[key]?.trusted = true }
    }

    /// Decides about a connection from `address` the kernel has accepted.
    func admit(_ address: String, now: Date) -> Admission {
        if isTrusted(address, now: now) { return .accept }
        let shared = entries.values.filter { !$0.trusted }
        if shared.count < sharedLimit { return .accept }
        let slowest = shared.filter { $0.waitingForHead && $0.until != nil }.min { $0.opened < $1.opened }
        return slowest.map { .acceptEvicting($0.socket) } ?? .refuse
    }

    // MARK: - Connections and their deadlines

    /// A connection was accepted: its first request's head is due within the deadline.
    mutating func opened(_ key: Key, socket: Int32, address: String, now: Date) {
        entries[key] = Entry(socket: socket, address: address, trusted: isTrusted(address, now: now),
                             until: now.addingTimeInterval(requestDeadline), opened: now)
    }

    /// A connection closed: its booked bytes are given back.
    mutating func closed(_ key: Key) {
        finishBody(key)
        entries[key] = nil
    }

    /// A connection was shut down to make room: it no longer counts (libmicrohttpd closes it soon).
    mutating func evicted(socket: Int32) {
        guard let key = entries.first(where: { $0.value.socket == socket })?.key else { return }
        finishBody(key)
        entries[key] = nil
    }

    /// The head arrived and announced a body: its first bytes are due within the grace.
    mutating func expectBody(on key: Key, now: Date) {
        guard entries[key] != nil else { return }
        entries[key]!.waitingForHead = false
        entries[key]!.bodyStarted = now
        entries[key]!.bodyReceived = 0
        entries[key]!.until = now.addingTimeInterval(bodyGrace)
    }

    /// `bytes` more of the body arrived: the deadline moves by what they buy at the minimum rate.
    mutating func received(_ bytes: Int, on key: Key) {
        guard var entry = entries[key], entry.until != nil else { return }
        entry.bodyReceived += bytes
        entry.until = entry.bodyStarted.addingTimeInterval(bodyGrace + Double(entry.bodyReceived) / minimumBodyRate)
        entries[key] = entry
    }

    /// The whole request arrived: no deadline while it is answered.
    mutating func receivedWholeRequest(on key: Key) {
        entries[key]?.waitingForHead = false
        entries[key]?.until = nil
    }

    /// An answer was sent: a kept-alive connection's next head is due within the deadline.
    mutating func answered(on key: Key, now: Date) {
        guard entries[key] != nil else { return }
        finishBody(key)
        entries[key]!.waitingForHead = true
        entries[key]!.until = now.addingTimeInterval(requestDeadline)
    }

    /// The sockets of the connections past their deadline (each reported once).
    mutating func late(now: Date) -> [Int32] {
        var sockets: [Int32] = []
        for (key, entry) in entries {
            guard let until = entry.until, until < now else { continue }
            sockets.append(entry.socket)
            entries[key]!.until = nil
        }
        return sockets
    }

    // MARK: - Bytes in flight

    /// Books `bytes` of body for the request on `key`; false (nothing booked) when that would
    /// take its address or everyone past their allowance.
    mutating func book(_ bytes: Int, on key: Key) -> Bool {
        guard let entry = entries[key] else { return false }
        let address = entry.address
        let mine = bookedByAddress[address, default: 0]
        guard bytes <= bodyBytesPerAddress - mine, bytes <= bodyBytesInFlight - bookedInTotal else { return false }
        bookedByAddress[address] = mine + bytes
        bookedInTotal += bytes
        entries[key]!.booked += bytes
        return true
    }

    /// Gives back the bytes booked for the request on `key`.
    mutating func finishBody(_ key: Key) {
        guard let entry = entries[key], entry.booked > 0 else { return }
        let left = bookedByAddress[entry.address, default: 0] - entry.booked
        bookedByAddress[entry.address] = left > 0 ? left : nil
        bookedInTotal -= entry.booked
        entries[key]!.booked = 0
    }
}
