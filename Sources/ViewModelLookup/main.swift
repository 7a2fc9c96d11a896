import Foundation

// Writes the `child(named:)` lookup of every view model, so that no one writes it by hand.
// Usage: ViewModelLookup output.swift input.swift...   (run by ViewModelLookupPlugin at build time)
//
// A view model is a struct that declares `ViewModel` among its conformances on the line that
// opens it (`struct EntryRow: ViewModel {`). Each of its properties a template can read — stored
// (`var name: String`, `let a = "", b: Int?`) or computed (`var hasRows: Bool { !rows.isEmpty }`),
// not `static`, `private` or `fileprivate` — becomes one `case "name": name` of the generated
// switch (`self.name`: the parameter is also called `name`), which swift-mustache calls for every `{{name}}` (a switch is as fast as the hand-written
// ones it replaced; reflection through Mirror was about 3× slower). The parser reads lines, not
// Swift syntax: one struct header per line, one property declaration per line.
//
// Two traps of Mustache's name lookup are closed here. A name a view model declares is always
// answered by that view model: a nil optional is `ViewModelAbsent` (renders as nothing, is false
// in a section), so `{{category}}` of a row without a category can never climb the context stack
// to a parent's `category` (a form field). And the names the page wrapper reserves (`PageView`:
// `layout`, `t`, `links`) cannot be declared by a view model at all: the build stops.

struct ViewModel {
    var name: String
    var fields: [String] = []
}

/// `line` without string literals and `//` comments, so braces and commas are the code's own.
func code(_ line: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
        if inString {
            if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            continue
        }
        if character == "\"" { inString = true; result.append("\"\""); continue }
        if character == "/", previous == "/" { result.removeLast(); break }
        result.append(character)
        previous = character
    }
    return result
}

/// The names declared by the property declaration `rest` (what follows `let`/`var`).
func declaredNames(_ rest: String) -> [String] {
    var names: [String] = []
    var depth = 0
    var piece = ""
    func finish() {
        let name = piece.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { names.append(String(name)) }
        piece = ""
    }
    for character in rest {
        switch character {
        case "(", "[", "<", "{": depth += 1
        case ")", "]", ">", "}": depth -= 1
        case "," where depth == 0: finish(); continue
        default: break
        }
        piece.append(character)
    }
    finish()
    return names
}

let header = try! NSRegularExpression(pattern: #"^\s*(?:public\s+|internal\s+)?struct\s+(\w+)[^:{]*:([^{]*)\{"#)
let property = try! NSRegularExpression(
    pattern: #"^\s*(?:@\w+\s+)*((?:(?:public|internal|private|fileprivate)(?:\(set\))?|static|nonisolated|lazy)\s+)*(?:let|var)\s+(.*)$"#)

func match(_ expression: NSRegularExpression, _ line: String) -> [String]? {
    let range = NSRange(line.startIndex..., in: line)
    guard let result = expression.firstMatch(in: line, range: range) else { return nil }
    return (0..<result.numberOfRanges).map { index in
        Range(result.range(at: index), in: line).map { String(line[$0]) } ?? ""
    }
}

var models: [ViewModel] = []
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: ViewModelLookup output.swift input.swift...\n".data(using: .utf8)!)
    exit(2)
}
for path in arguments.dropFirst(2).sorted() {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var current: ViewModel?
    var depth = 0
    var openedAt = 0
    for line in text.components(separatedBy: "\n") {
        let stripped = code(line)
        if current == nil, let groups = match(header, stripped),
           groups[2].split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "ViewModel" }) {
            current = ViewModel(name: groups[1])
            openedAt = depth
        } else if current != nil, depth == openedAt + 1, let groups = match(property, stripped) {
            let modifiers = groups[1]
            if !modifiers.contains("static"), !modifiers.contains("private") || modifiers.contains("private(set)") {
                current!.fields += declaredNames(groups[2])
            }
        }
        for character in stripped {
            if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
        }
        if let model = current, depth <= openedAt {
            models.append(model)
            current = nil
        }
    }
}

var output = """
    // Generated at build time by ViewModelLookup from every `ViewModel` struct of the target.
    // Do not edit: add a property to the struct and it is readable from the templates.
    import Mustache

    """
let reserved: Set<String> = ["layout", "t", "links", "page"]
var clashes = 0
for model in models {
    for field in model.fields where reserved.contains(field) {
        FileHandle.standardError.write("error: view model \(model.name) declares `\(field)`, a name the page wrapper reserves (layout, t, links, page)\n".data(using: .utf8)!)
        clashes += 1
    }
}
if clashes > 0 { exit(1) }
for model in models.sorted(by: { $0.name < $1.name }) {
    output += "\nextension \(model.name) {\n    func child(named name: String) -> Any? {\n"
    if model.fields.isEmpty {
        output += "        nil\n"
    } else {
        output += "        switch name {\n"
        for field in model.fields { output += "        case \"\(field)\": viewModelValue(self.\(field))\n" }
        output += "        default: nil\n        }\n"
    }
    output += "    }\n}\n"
}
// Every view model's names, for the tests that keep templates and view models apart from the
// wrapper's reserved names.
output += "\n/// Every view model's names a template can read (generated).\nenum ViewModelNames {\n    static let all: [String: [String]] = [\n"
for model in models.sorted(by: { $0.name < $1.name }) {
    output += "        \"\(model.name)\": [\(model.fields.map { "\"\($0)\"" }.joined(separator: ", "))],\n"
}
if models.isEmpty { output += "        :\n" }
output += "    ]\n}\n"
let destination = arguments[1]
if (try? String(contentsOfFile: destination, encoding: .utf8)) != output {
    try output.write(toFile: destination, atomically: true, encoding: .utf8)
}
