import Foundation

/// One part of a `multipart/form-data` body.
struct MultipartPart: Sendable {
    let name: String
    let fileName: String?
    let contentType: String?
    let data: [UInt8]

    var text: String { String(decoding: data, as: UTF8.self) }
}

/// Parses form bodies. Input is untrusted: malformed bodies give `nil`, never a crash.
enum RequestBodyParser {
    /// The boundary of a `multipart/form-data` content type.
    static func boundary(contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 200 ? nil : value
        }
        return nil
    }

    static func multipart(_ body: [UInt8], boundary: String) -> [MultipartPart]? {
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = find(delimiter, in: body, from: 0) else { return nil }
        var parts: [MultipartPart] = []
        while true {
            position += delimiter.count
            // "--" after a delimiter closes the body.
            if position + 1 < body.count, body[position] == 0x2D, body[position + 1] == 0x2D { return parts }
            guard let headerStart = skipLineBreak(body, position),
                  let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: headerStart) else { return nil }
            let headerText = String(decoding: body[headerStart..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = find([0x0D, 0x0A] + delimiter, in: body, from: contentStart) else { return nil }
            guard let part = part(headers: headerText, data: Array(body[contentStart..<next])) else { return nil }
            parts.append(part)
            position = next + 2
            if parts.count > 1000 { return nil }
        }
    }

    private static func part(headers: String, data: [UInt8]) -> MultipartPart? {
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in headers.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == "content-type" { contentType = value }
            if field == "content-disposition" {
                name = dispositionParameter("name", in: value)
                fileName = dispositionParameter("filename", in: value)
            }
        }
        guard let name else { return nil }
        return MultipartPart(name: name, fileName: fileName, contentType: contentType, data: data)
    }

    private static func dispositionParameter(_ key: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    /// `application/x-www-form-urlencoded` (also a query string).
    static func urlEncoded(_ text: String) -> [(String, String)] {
        text.split(separator: "&").compactMap { pair in
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = decode(pieces[0]), !key.isEmpty else { return nil }
            return (key, pieces.count > 1 ? decode(pieces[1]) ?? "" : "")
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static func skipLineBreak(_ body: [UInt8], _ position: Int) -> Int? {
        if position + 1 < body.count, body[position] == 0x0D, body[position + 1] == 0x0A { return position + 2 }
        if position < body.count, body[position] == 0x0A { return position + 1 }
        return nil
    }

    /// The index of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
