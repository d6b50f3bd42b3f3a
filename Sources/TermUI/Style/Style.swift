/// How a cell is drawn: foreground and background colours and attributes.
public struct Style: Hashable, Sendable, CustomStringConvertible {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()

    /// A copy with another foreground colour.
    public func foreground(_ color: Color) -> Style { var s = self; s.foreground = color; return s }
    /// A copy with another background colour.
    public func background(_ color: Color) -> Style { var s = self; s.background = color; return s }
    /// A copy with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style { var s = self; s.attributes.formUnion(attributes); return s }
    /// A copy with `attributes` removed.
    public func removing(_ attributes: TextAttributes) -> Style { var s = self; s.attributes.subtract(attributes); return s }

    /// Compact text form, e.g. `fg=red bg=indexed(236) bold`, or `plain`.
    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg=\(Style.name(of: foreground))") }
        if background != .default { parts.append("bg=\(Style.name(of: background))") }
        parts.append(contentsOf: attributes.names)
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    static func name(of color: Color) -> String {
        switch color {
        case .default: return "default"
        case .ansi(let ansi): return "\(ansi)"
        case .indexed(let index): return "indexed(\(index))"
        case .rgb(let r, let g, let b):
            let hex = [r, g, b].map { byte -> String in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            return "#" + hex.joined()
        }
    }
}
