/// A small, strict, non-validating XML reader for structure definitions.
///
/// It reads elements, attributes, character data, CDATA sections, the five predefined entities,
/// numeric character references, comments, processing instructions and the `<?xml …?>`
/// declaration. It rejects document type declarations (so no entity can be defined or expanded),
/// undefined entities, mismatched tags, duplicate attributes, nesting deeper than
/// ``maximumDepth`` and input larger than ``maximumInputBytes``, each with a line and column.
public enum XMLReader {
    /// The deepest element nesting accepted.
    public static let maximumDepth = 128
    /// The largest document accepted, in UTF-8 bytes.
    public static let maximumInputBytes = 16 * 1024 * 1024

    /// Parses a whole document and returns its root element.
    public static func parse(_ text: String) throws(XMLParseError) -> XMLElementNode {
        guard text.utf8.count <= maximumInputBytes else {
            throw XMLParseError(message: "document larger than \(maximumInputBytes) bytes", line: 1, column: 1)
        }
        var scanner = XMLScanner(bytes: Array(text.utf8))
        return try scanner.readDocument()
    }
}

/// The scanner behind ``XMLReader``: recursive descent over UTF-8 bytes.
private struct XMLScanner {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    /// A position already counted, so element positions cost linear time overall.
    var checkpoint = (offset: 0, line: 1, column: 1)

    init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Document

    mutating func readDocument() throws(XMLParseError) -> XMLElementNode {
        guard bytes.count <= XMLReader.maximumInputBytes else {
            throw error("document larger than \(XMLReader.maximumInputBytes) bytes")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // byte-order mark
        skipWhitespace()  // tolerated before the declaration, which XML itself forbids
        if starts(with: "<?xml"), isSpaceOrEnd(at: index + 5) {
            try skipProcessingInstruction()
        }
        try skipMisc()
        guard index < bytes.count else { throw error("no root element") }
        guard bytes[index] == UInt8(ascii: "<") else { throw error("text before the root element") }
        let root = try readElement()
        try skipMisc()
        if index < bytes.count { throw error("content after the root element") }
        return root
    }

    /// Skips whitespace, comments and processing instructions between top-level constructs.
    mutating func skipMisc() throws(XMLParseError) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw error("DOCTYPE declarations are not allowed")
            } else if starts(with: "<?") {
                if starts(with: "<?xml"), isSpaceOrEnd(at: index + 5) {
                    throw error("the XML declaration must be at the very start of the document")
                }
                try skipProcessingInstruction()
            } else {
                return
            }
        }
    }

    // MARK: Elements

    mutating func readElement() throws(XMLParseError) -> XMLElementNode {
        let start = index
        let (line, column) = advancePosition(to: start)
        depth += 1
        if depth > XMLReader.maximumDepth { throw error("elements nested deeper than \(XMLReader.maximumDepth) levels") }
        index += 1  // <
        let name = try readName(what: "element name")
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = skipWhitespace()
            guard let byte = peek() else { throw error("unexpected end of input in the tag <\(name)>") }
            if byte == UInt8(ascii: "/") {
                index += 1
                guard peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/' in the tag <\(name)>") }
                index += 1
                depth -= 1
                return XMLElementNode(name: name, attributes: attributes, line: line, column: column)
            }
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard hadSpace else { throw error("expected whitespace before an attribute in the tag <\(name)>") }
            let attributeStart = index
            let attributeName = try readName(what: "attribute name")
            if attributes.contains(where: { $0.name == attributeName }) {
                index = attributeStart
                throw error("duplicate attribute '\(attributeName)' in the tag <\(name)>")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: "=") else { throw error("expected '=' after the attribute '\(attributeName)'") }
            index += 1
            skipWhitespace()
            attributes.append(XMLAttribute(name: attributeName, value: try readAttributeValue()))
        }

        var children: [XMLElementNode] = []
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw error("unexpected end of input: <\(name)> opened at line \(line), column \(column) is not closed")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    index += 2
                    let closingStart = index
                    let closing = try readName(what: "closing tag name")
                    guard closing == name else {
                        index = closingStart
                        throw error("mismatched closing tag </\(closing)>: expected </\(name)> (opened at line \(line), column \(column))")
                    }
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected '>' to end the closing tag </\(name)>") }
                    index += 1
                    depth -= 1
                    return XMLElementNode(
                        name: name, attributes: attributes, children: children,
                        text: try decodeText(text, at: start), line: line, column: column)
                } else if starts(with: "<!--") {
                    try skipComment()
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    guard let end = find("]]>") else { throw error("unterminated CDATA section") }
                    text.append(contentsOf: bytes[index..<end])
                    index = end + 3
                } else if starts(with: "<!") {
                    throw error("unexpected markup declaration inside <\(name)>")
                } else if starts(with: "<?") {
                    try skipProcessingInstruction()
                } else {
                    children.append(try readElement())
                }
            } else if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try readReference())
            } else {
                text.append(byte)
                index += 1
            }
        }
    }

    mutating func readAttributeValue() throws(XMLParseError) -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        let start = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated attribute value") }
            let byte = bytes[index]
            switch byte {
            case quote:
                index += 1
                return try decodeText(value, at: start)
            case UInt8(ascii: "<"):
                throw error("'<' is not allowed in an attribute value")
            case UInt8(ascii: "&"):
                value.append(contentsOf: try readReference())
            case 0x09, 0x0A, 0x0D:
                value.append(0x20)  // attribute-value normalisation
                index += 1
            default:
                value.append(byte)
                index += 1
            }
        }
    }

    /// Reads `&name;` or `&#…;` and returns the UTF-8 of the character it stands for.
    mutating func readReference() throws(XMLParseError) -> [UInt8] {
        let start = index
        index += 1  // &
        var name: [UInt8] = []
        while let byte = peek(), byte != UInt8(ascii: ";") {
            guard name.count < 12, byte > 0x20, byte != UInt8(ascii: "&"), byte != UInt8(ascii: "<") else {
                index = start
                throw error("'&' must start an entity reference such as &amp;")
            }
            name.append(byte)
            index += 1
        }
        guard peek() == UInt8(ascii: ";") else {
            index = start
            throw error("unterminated entity reference")
        }
        index += 1
        let reference = String(decoding: name, as: UTF8.self)
        switch reference {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "apos": return [UInt8(ascii: "'")]
        case "quot": return [UInt8(ascii: "\"")]
        default:
            guard reference.hasPrefix("#") else {
                index = start
                throw error("undefined entity &\(reference);")
            }
            let digits = reference.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value), isXMLCharacter(scalar) else {
                index = start
                throw error("invalid character reference &\(reference);")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// Reads an XML name: ASCII letters, digits, `_ : - .`, and any non-ASCII character.
    mutating func readName(what: String) throws(XMLParseError) -> String {
        let start = index
        guard let first = peek(), isNameStart(first) else { throw error("expected \(what)") }
        index += 1
        while let byte = peek(), isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
            index += 1
        }
        let end = index
        guard let name = bytes.withUnsafeBufferPointer({ String(validUTF8: UnsafeBufferPointer(rebasing: $0[start..<end])) }) else {
            index = start
            throw error("invalid UTF-8 in \(what)")
        }
        return name
    }

    // MARK: Comments and processing instructions

    mutating func skipComment() throws(XMLParseError) {
        index += 4  // <!--
        guard let end = find("--") else { throw error("unterminated comment") }
        guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
            index = end
            throw error("'--' is not allowed inside a comment")
        }
        index = end + 3
    }

    mutating func skipProcessingInstruction() throws(XMLParseError) {
        guard let end = find("?>") else { throw error("unterminated processing instruction") }
        index = end + 2
    }

    // MARK: Helpers

    /// Validates the collected UTF-8 and rejects characters XML forbids.
    func decodeText(_ utf8: [UInt8], at start: Int) throws(XMLParseError) -> String {
        guard let text = utf8.withUnsafeBufferPointer({ String(validUTF8: $0) }) else {
            throw errorAt(start, "invalid UTF-8 in text")
        }
        if let bad = text.unicodeScalars.first(where: { !isXMLCharacter($0) }) {
            throw errorAt(start, "control character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed in XML")
        }
        return text
    }

    func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00..<0x20: return false
        case 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }

    func find(_ marker: String) -> Int? {
        let pattern = Array(marker.utf8)
        var i = index
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0], bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }

    func starts(with marker: String) -> Bool {
        let pattern = Array(marker.utf8)
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    func isSpaceOrEnd(at position: Int) -> Bool {
        position >= bytes.count || isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "?")
    }

    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = peek(), isSpace(byte) { index += 1 }
        return index > start
    }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    func isNameStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b >= 0x80
    }

    /// The line and column of `offset`, counted on from the last checkpoint when possible.
    mutating func advancePosition(to offset: Int) -> (line: Int, column: Int) {
        let from = checkpoint.offset <= offset ? checkpoint : (offset: 0, line: 1, column: 1)
        let result = position(of: offset, from: from)
        checkpoint = (offset, result.line, result.column)
        return result
    }

    func position(of offset: Int, from start: (offset: Int, line: Int, column: Int) = (0, 1, 1)) -> (line: Int, column: Int) {
        SourcePosition.of(offset, in: bytes, from: start)
    }

    func error(_ message: String) -> XMLParseError { errorAt(index, message) }

    func errorAt(_ offset: Int, _ message: String) -> XMLParseError {
        let (line, column) = position(of: offset)
        return XMLParseError(message: message, line: line, column: column)
    }
}
