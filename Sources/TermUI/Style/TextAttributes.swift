/// Character attributes a terminal can draw.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)

    /// Names in a fixed order, for descriptions and snapshot legends.
    public var names: [String] {
        var result: [String] = []
        if contains(.bold) { result.append("bold") }
        if contains(.dim) { result.append("dim") }
        if contains(.italic) { result.append("italic") }
        if contains(.underline) { result.append("underline") }
        if contains(.reverse) { result.append("reverse") }
        return result
    }
}
