import Engine
import Foundation
import GRDB

// MARK: - Reading stored values without trapping: a bad row is an error, not a crash

// GRDB's `row[column]` traps when the stored value cannot be what is asked (an INTEGER column
// holding the REAL 1e30 or a text, which only a hand-edited or hostile file can hold). These
// overloads, preferred by the compiler for the types Storage reads, never trap: such a value
// reads as a placeholder and is counted, and `AppDatabase.read` / `write` then throw
// `StorageError.corrupt` (a 500 page for that request, the write rolled back, the server alive).

/// The count of unreadable values met on this thread during the current read or write.
enum StoredValues {
    private static let key = "finmind.unreadableStoredValues"

    /// Runs `body`, then throws `StorageError.corrupt` when it met a value it could not read.
    static func checked<T>(_ body: () throws -> T) throws -> T {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = 0
        defer { dictionary[key] = outer }
        let result = try body()
        if let count = dictionary[key] as? Int, count > 0 {
            throw StorageError.corrupt("\(count) stored value(s) of the wrong type")
        }
        return result
    }

    /// Counts one unreadable value.
    static func noteUnreadable() {
        let dictionary = Thread.current.threadDictionary
        dictionary[key] = (dictionary[key] as? Int ?? 0) + 1
    }
}

extension Row {
    /// The value decoded as `T`, or `placeholder` (counted by `StoredValues`) when it cannot be.
    private func lenient<T: DatabaseValueConvertible>(_ decode: () throws -> T, _ placeholder: T) -> T {
        do { return try decode() } catch {
            StoredValues.noteUnreadable()
            return placeholder
        }
    }

    subscript(_ column: String) -> Int64 { lenient({ try decode(Int64.self, forColumn: column) }, 0) }
    subscript(_ index: Int) -> Int64 { lenient({ try decode(Int64.self, atIndex: index) }, 0) }
    subscript(_ column: String) -> Int64? { lenient({ try decode(Int64?.self, forColumn: column) }, nil) }
    subscript(_ index: Int) -> Int64? { lenient({ try decode(Int64?.self, atIndex: index) }, nil) }
    subscript(_ column: String) -> Int { lenient({ try decode(Int.self, forColumn: column) }, 0) }
    subscript(_ index: Int) -> Int { lenient({ try decode(Int.self, atIndex: index) }, 0) }
    subscript(_ column: String) -> Int? { lenient({ try decode(Int?.self, forColumn: column) }, nil) }
    subscript(_ index: Int) -> Int? { lenient({ try decode(Int?.self, atIndex: index) }, nil) }
    subscript(_ column: String) -> String { lenient({ try decode(String.self, forColumn: column) }, "") }
    subscript(_ index: Int) -> String { lenient({ try decode(String.self, atIndex: index) }, "") }
    subscript(_ column: String) -> String? { lenient({ try decode(String?.self, forColumn: column) }, nil) }
    subscript(_ index: Int) -> String? { lenient({ try decode(String?.self, atIndex: index) }, nil) }
    subscript(_ column: String) -> Bool { lenient({ try decode(Bool.self, forColumn: column) }, false) }
    subscript(_ column: String) -> Bool? { lenient({ try decode(Bool?.self, forColumn: column) }, nil) }
    subscript(_ column: String) -> Double { lenient({ try decode(Double.self, forColumn: column) }, 0) }
    subscript(_ index: Int) -> Double { lenient({ try decode(Double.self, atIndex: index) }, 0) }
    subscript<Tag>(_ column: String) -> ID<Tag> { lenient({ try decode(ID<Tag>.self, forColumn: column) }, ID(0)) }
    subscript<Tag>(_ column: String) -> ID<Tag>? { lenient({ try decode(ID<Tag>?.self, forColumn: column) }, nil) }
}
