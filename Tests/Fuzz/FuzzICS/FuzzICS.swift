// libFuzzer target: the .ics writer's escaping and folding, as a round-trip property:
// unfolding the folded line gives it back, no physical line is over 75 octets, no UTF-8
// sequence is split, and an escaped value has no bare line break, comma or semicolon.
// scripts/fuzz ics SECONDS.
import Engine
import FuzzSupport

@main enum FuzzICS {
    static func main() {
        runFuzzer { data, size in
            let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
            let escaped = ICalendar.escape(text)
            var previous: UInt8 = 0
            for byte in escaped.utf8 {
                if byte == 44 || byte == 59 { precondition(previous == 92, "a comma or semicolon is escaped") }
                precondition(byte != 10 && byte != 13, "no bare line break")
                previous = previous == 92 && byte == 92 ? 0 : byte
            }
            let line = "SUMMARY:" + escaped
            let folded = ICalendar.fold(line)
            let physical = folded.utf8.split(separator: 10, omittingEmptySubsequences: false)
            for (index, part) in physical.enumerated() {
                let body = index < physical.count - 1 ? part.dropLast() : part[...]   // drop the CR of CRLF
                if index < physical.count - 1 { precondition(part.last == 13, "lines end in CRLF") }
                precondition(body.count <= ICalendar.lineOctets, "no physical line over 75 octets")
                precondition(String(validating: Array(body), as: UTF8.self) != nil, "no UTF-8 sequence split")
            }
            // Unfold octet by octet: a fold may come before a combining mark, which a String
            // comparison would read as one character with the space.
            var unfolded: [UInt8] = []
            let octets = Array(folded.utf8)
            var index = 0
            while index < octets.count {
                if octets[index] == 13, index + 2 < octets.count, octets[index + 1] == 10, octets[index + 2] == 32 {
                    index += 3
                } else {
                    unfolded.append(octets[index]); index += 1
                }
            }
            precondition(unfolded == Array(line.utf8), "unfolding gives the line back")
            return 0
        }
    }
}
