/// One element of an XML document as ``XMLReader`` reads it: its name, its attributes in document
/// order, its child elements and the character data directly inside it.
///
/// Mixed content is simplified: ``text`` is the concatenation of every text and CDATA run directly
/// inside the element (entities resolved, nothing trimmed), wherever it sits between children.
public struct XMLElementNode: Sendable, Hashable {
    public let name: String
    public let attributes: [XMLAttribute]
    public let children: [XMLElementNode]
    public let text: String
    /// 1-based line and column of the element's `<`.
    public let line: Int
    public let column: Int

    public init(
        name: String, attributes: [XMLAttribute] = [], children: [XMLElementNode] = [], text: String = "",
        line: Int = 1, column: Int = 1
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
        self.column = column
    }

    /// The value of the attribute `name`, or `nil`.
    public subscript(attribute name: String) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }

    /// The direct children named `name`, in document order.
    public func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }
}

/// An attribute `name="value"`, with the value's entities resolved and whitespace normalised.
public struct XMLAttribute: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A failure to read XML text, with the position where reading stopped.
public struct XMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based line and column (in Unicode scalars) of the offending input.
    public let line: Int
    public let column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }
}
