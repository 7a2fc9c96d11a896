import Engine

enum CAMTReader {
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        throw .unrecognised("CAMT")
    }
}
