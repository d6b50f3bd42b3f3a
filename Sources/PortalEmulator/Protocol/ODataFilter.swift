import DDM
import GRDB

/// How a property can be compared in a `filter` or ordered in a `sort`.
struct QueryColumn: Sendable {
    enum Kind: Sendable {
        /// Integers (IDs, Integer, LongInteger, Attachment, Relationship, status).
        case integer
        /// Numbers compared as reals (Decimal, PrecisionDecimal).
        case real
        case text
        /// JSON booleans (SQLite's json_extract gives 1/0; a missing value counts as false).
        case boolean
        /// `yyyy-MM-dd` text.
        case day
        /// An epoch-milliseconds column compared with ISO-8601 instants.
        case instantMs
        /// ISO-8601 instants stored as normalised text.
        case instantText
        /// A JSON array of keys at `path` of the `fieldValues` column (multiselect picklists).
        case keyArray(path: String)
    }

    let sql: String
    let kind: Kind
}

/// Compiles the OData subset headless APIs take in `filter` into SQL with bound arguments:
/// `eq ne gt ge lt le`, `and or not`, parentheses, `contains(p,'x')` and `startswith(p,'x')`.
/// Literals: `'text'` (`''` escapes a quote), numbers, `true`/`false`, `null`, bare dates and
/// instants (`2024-01-01`, `2024-01-01T00:00:00Z`).
struct ODataFilter {
    let sql: String
    let arguments: StatementArguments

    typealias Resolver = (String) -> QueryColumn?

    static func compile(_ text: String, resolve: @escaping Resolver) throws(HeadlessProblem) -> ODataFilter {
        var parser = Parser(tokens: try tokenize(text), resolve: resolve)
        let sql = try parser.expression()
        guard parser.position == parser.tokens.count else {
            throw .badRequest("Invalid filter: unexpected \(parser.tokens[parser.position].text)")
        }
        return ODataFilter(sql: sql, arguments: StatementArguments(parser.arguments))
    }

    struct Token: Equatable {
        enum Kind: Equatable { case word, string, symbol }
        let kind: Kind
        let text: String
    }

    static func tokenize(_ text: String) throws(HeadlessProblem) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c.isWhitespace { index += 1; continue }
            if c == "(" || c == ")" || c == "," {
                tokens.append(Token(kind: .symbol, text: String(c)))
                index += 1
            } else if c == "'" {
                var value = ""
                index += 1
                var closed = false
                while index < chars.count {
                    if chars[index] == "'" {
                        if index + 1 < chars.count, chars[index + 1] == "'" { value.append("'"); index += 2; continue }
                        closed = true
                        index += 1
                        break
                    }
                    value.append(chars[index])
                    index += 1
                }
                guard closed else { throw .badRequest("Invalid filter: unterminated string") }
                tokens.append(Token(kind: .string, text: value))
            } else {
                var word = ""
                while index < chars.count, !chars[index].isWhitespace, !"(),'".contains(chars[index]) {
                    word.append(chars[index])
                    index += 1
                }
                tokens.append(Token(kind: .word, text: word))
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        let resolve: Resolver
        var position = 0
        var arguments: [any DatabaseValueConvertible] = []

        init(tokens: [Token], resolve: @escaping Resolver) {
            self.tokens = tokens
            self.resolve = resolve
        }

        var current: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func next() throws(HeadlessProblem) -> Token {
            guard let token = current else { throw .badRequest("Invalid filter: it ends too early") }
            position += 1
            return token
        }

        func isWord(_ word: String) -> Bool {
            guard let current, current.kind == .word else { return false }
            return current.text.lowercased() == word
        }

        mutating func expect(_ symbol: String) throws(HeadlessProblem) {
            let token = try next()
            guard token.kind == .symbol, token.text == symbol else { throw .badRequest("Invalid filter: expected \(symbol)") }
        }

        mutating func expression() throws(HeadlessProblem) -> String {
            var sql = try conjunction()
            while isWord("or") {
                position += 1
                sql = "(\(sql) OR \(try conjunction()))"
            }
            return sql
        }

        mutating func conjunction() throws(HeadlessProblem) -> String {
            var sql = try factor()
            while isWord("and") {
                position += 1
                sql = "(\(sql) AND \(try factor()))"
            }
            return sql
        }

        mutating func factor() throws(HeadlessProblem) -> String {
            if isWord("not") {
                position += 1
                return "(NOT \(try factor()))"
            }
            if let current, current.kind == .symbol, current.text == "(" {
                position += 1
                let inner = try expression()
                try expect(")")
                return "(\(inner))"
            }
            if isWord("contains") || isWord("startswith") {
                let function = try next().text.lowercased()
                try expect("(")
                let column = try property()
                try expect(",")
                let literal = try next()
                guard literal.kind == .string else { throw .badRequest("Invalid filter: \(function) takes a text") }
                try expect(")")
                switch column.kind {
                case .text, .day, .instantText: break
                default: throw .badRequest("Invalid filter: \(function) works on text properties only")
                }
                let escaped = literal.text.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                arguments.append(function == "contains" ? "%\(escaped)%" : "\(escaped)%")
                return "(\(column.sql) LIKE ? ESCAPE '\\')"
            }
            return try comparison()
        }

        mutating func property() throws(HeadlessProblem) -> QueryColumn {
            let token = try next()
            guard token.kind == .word, let column = resolve(token.text) else {
                throw .badRequest("A property used in the filter criteria is not supported: \(token.text)")
            }
            return column
        }

        mutating func comparison() throws(HeadlessProblem) -> String {
            let column = try property()
            let operatorToken = try next()
            let operators = ["eq": "=", "ne": "<>", "gt": ">", "ge": ">=", "lt": "<", "le": "<="]
            guard operatorToken.kind == .word, let op = operators[operatorToken.text.lowercased()] else {
                throw .badRequest("Invalid filter: unknown operator \(operatorToken.text)")
            }
            let literal = try next()
            if literal.kind == .word, literal.text.lowercased() == "null" {
                guard op == "=" || op == "<>" else { throw .badRequest("Invalid filter: null can only be compared with eq or ne") }
                return "(\(column.sql) IS \(op == "=" ? "" : "NOT ")NULL)"
            }
            let value = try Self.value(literal, for: column.kind)
            switch column.kind {
            case .keyArray(let path):
                guard op == "=" || op == "<>" else { throw .badRequest("Invalid filter: a multiple selection takes eq or ne") }
                arguments.append(value)
                let exists = "EXISTS (SELECT 1 FROM json_each(fieldValues, '\(path)') WHERE json_each.value = ?)"
                return op == "=" ? exists : "(NOT \(exists))"
            case .boolean:
                arguments.append(value)
                return "(COALESCE(\(column.sql), 0) \(op) ?)"
            case .real:
                arguments.append(value)
                return "(CAST(\(column.sql) AS REAL) \(op) ?)"
            default:
                arguments.append(value)
                return "(\(column.sql) \(op) ?)"
            }
        }

        static func value(_ token: Token, for kind: QueryColumn.Kind) throws(HeadlessProblem) -> any DatabaseValueConvertible {
            let text = token.text
            switch kind {
            case .integer:
                guard token.kind == .word, let value = Int64(text) else { throw .badRequest("Invalid filter: \(text) is not a whole number") }
                return value
            case .real:
                guard token.kind == .word, let value = Double(text) else { throw .badRequest("Invalid filter: \(text) is not a number") }
                return value
            case .boolean:
                guard token.kind == .word, ["true", "false"].contains(text.lowercased()) else {
                    throw .badRequest("Invalid filter: \(text) is not true or false")
                }
                return text.lowercased() == "true" ? 1 : 0
            case .text, .keyArray:
                guard token.kind == .string else { throw .badRequest("Invalid filter: put the text \(text) in single quotes") }
                return text
            case .day:
                guard HeadlessDate.day(String(text.prefix(10))) != nil else { throw .badRequest("Invalid filter: \(text) is not a date") }
                return String(text.prefix(10))
            case .instantMs:
                guard let ms = HeadlessDate.parse(text) else { throw .badRequest("Invalid filter: \(text) is not a date and time") }
                return ms
            case .instantText:
                guard let ms = HeadlessDate.parse(text) else { throw .badRequest("Invalid filter: \(text) is not a date and time") }
                return HeadlessDate.iso(ms)
            }
        }
    }
}

/// `sort=field[:asc|:desc],field2…` into an SQL `ORDER BY` list (the ID breaks ties).
enum HeadlessSort {
    static func orderBy(_ text: String?, resolve: ODataFilter.Resolver, tieBreaker: String = "id") throws(HeadlessProblem) -> String {
        var clauses: [String] = []
        for item in (text ?? "").split(separator: ",") {
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first, !name.isEmpty else { continue }
            let direction = parts.count > 1 ? parts[1].lowercased() : "asc"
            guard direction == "asc" || direction == "desc" else { throw .badRequest("Invalid sort direction \(parts[1])") }
            guard let column = resolve(name) else { throw .badRequest("Unable to sort by \(name)") }
            switch column.kind {
            case .keyArray: throw .badRequest("Unable to sort by \(name)")
            case .real: clauses.append("CAST(\(column.sql) AS REAL) \(direction.uppercased())")
            case .text: clauses.append("\(column.sql) COLLATE NOCASE \(direction.uppercased())")
            default: clauses.append("\(column.sql) \(direction.uppercased())")
            }
        }
        clauses.append("\(tieBreaker) ASC")
        return clauses.joined(separator: ", ")
    }
}
