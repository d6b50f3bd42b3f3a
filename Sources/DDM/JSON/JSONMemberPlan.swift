/// Members to find in the deferred rows of a document while they are checked: what
/// ``JSONText/members(_:)`` gives for the same requests, in the same pass as the check, so a list
/// row's text is stepped through once instead of twice (issue 17). Read them back with
/// ``SourcedJSON/members(readWith:)``.
///
/// A plan compares keys by their bytes, so it takes only keys no other spelling equals:
/// printable ASCII of at most 16 bytes without a quote, backslash or slash (an escape in a text
/// decodes to one of those or to a control character; the check gives up on `\u` and on bytes
/// beyond ASCII), two levels deep at most (a row's members and the members of one's value).
public final class JSONMemberPlan: Sendable {
    let requests: [JSONMemberRequest]
    /// The requests flattened: the top level's in order, then each one's nested requests.
    let slots: [Slot]
    /// How many of `slots` are the top level's.
    let topCount: Int

    struct Slot: Sendable {
        let key: ShortKey
        let builds: Bool
        /// The slots of the nested requests (empty for none); nil when none were asked for.
        let children: Range<Int>?
    }

    /// A plan for `requests`, or nil when one of their keys is not one a plan can compare or
    /// they nest deeper than two levels.
    public init?(_ requests: [JSONMemberRequest]) {
        func key(_ request: JSONMemberRequest) -> ShortKey? {
            guard request.isPlainASCII, !request.utf8.contains(UInt8(ascii: "/")) else { return nil }
            return request.shortKey
        }
        var slots: [Slot] = []
        var nested: [(parent: Int, requests: [JSONMemberRequest])] = []
        for request in requests {
            guard let shortKey = key(request) else { return nil }
            if let children = request.nested { nested.append((slots.count, children)) }
            slots.append(Slot(key: shortKey, builds: request.builds, children: nil))
        }
        for (parent, children) in nested {
            let first = slots.count
            for child in children {
                guard child.nested == nil, let shortKey = key(child) else { return nil }
                slots.append(Slot(key: shortKey, builds: child.builds, children: nil))
            }
            let old = slots[parent]
            slots[parent] = Slot(key: old.key, builds: old.builds, children: first..<slots.count)
        }
        self.requests = requests
        self.slots = slots
        topCount = requests.count
    }

    /// The members found (see ``JSONText/members(_:)``) from where `tap` saw their values.
    func members(_ tap: MemberTap, _ scanner: JSONTextScanner) -> [JSONTextMember?] {
        var found: [JSONTextMember?] = []
        found.reserveCapacity(topCount)
        for slot in 0..<topCount { found.append(member(slot, tap, scanner)) }
        return found
    }

    private func member(_ slot: Int, _ tap: MemberTap, _ scanner: JSONTextScanner) -> JSONTextMember? {
        guard let range = tap.range(slot) else { return nil }
        let text = scanner.text(range)
        if slots[slot].builds { return JSONTextMember(value: scanner.value(range), text: text, members: nil) }
        guard let children = slots[slot].children, scanner.bytes[range.lowerBound] == UInt8(ascii: "{") else {
            return JSONTextMember(value: nil, text: text, members: nil)
        }
        var nested: [JSONTextMember?] = []
        nested.reserveCapacity(children.count)
        for child in children { nested.append(member(child, tap, scanner)) }
        return JSONTextMember(value: nil, text: text, members: nested)
    }
}

/// What ``JSONQuickScan`` tells about the value it steps over: each key of its objects, and
/// where each member's value ends.
protocol QuickScanTap {
    /// A key (quotes excluded) of an object `depth` levels down (1: the value's own members),
    /// whose value starts at `valueStart`.
    mutating func key(_ key: Range<Int>, valueStart: Int, depth: Int, in bytes: UnsafeBufferPointer<UInt8>)
    /// The value of the last key at `depth` ends just before `end`.
    mutating func valueEnded(at end: Int, depth: Int)
}

/// Listens to nothing: a plain check.
struct NoTap: QuickScanTap {
    @inline(__always) mutating func key(_ key: Range<Int>, valueStart: Int, depth: Int, in bytes: UnsafeBufferPointer<UInt8>) {}
    @inline(__always) mutating func valueEnded(at end: Int, depth: Int) {}
}

/// Where the values of a ``JSONMemberPlan``'s members lie in one value stepped over: the last of
/// a repeated key, as a parsed object keeps it; a repeated parent forgets the nested members of
/// the one before. Reset it for each value.
struct MemberTap: QuickScanTap {
    let plan: JSONMemberPlan
    /// Per slot: where its value starts and ends; -1 for not seen (an end stays -1 while the
    /// value is being stepped over).
    private var bounds: [Int]
    /// The slots whose values are being stepped over, at depth 1 and 2 (-1: none).
    private var open1 = -1
    private var open2 = -1
    /// The plan's keys by slot, and its slots' nested slots, copied out of it: read for every key.
    private let keys: [ShortKey]
    private let children: [Range<Int>?]
    /// Bit n set when a key of n bytes is among the top slots, or among a slot's nested ones:
    /// most keys are told apart by their length alone.
    private let topLengths: UInt32
    private let childLengths: [UInt32]

    init(plan: JSONMemberPlan) {
        self.plan = plan
        bounds = Array(repeating: -1, count: plan.slots.count * 2)
        keys = plan.slots.map(\.key)
        children = plan.slots.map(\.children)
        func lengths(_ slots: Range<Int>) -> UInt32 { slots.reduce(0) { $0 | 1 << UInt32(plan.slots[$1].key.count) } }
        topLengths = lengths(0..<plan.topCount)
        childLengths = plan.slots.map { $0.children.map(lengths) ?? 0 }
    }

    /// Forgets the value stepped over before.
    mutating func reset() {
        for index in bounds.indices { bounds[index] = -1 }
        open1 = -1
        open2 = -1
    }

    /// Where the value of `slot` lies, when it was seen whole.
    func range(_ slot: Int) -> Range<Int>? {
        let (start, end) = (bounds[2 * slot], bounds[2 * slot + 1])
        return start >= 0 && end >= start ? start..<end : nil
    }

    @inline(__always)
    mutating func key(_ key: Range<Int>, valueStart: Int, depth: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        if depth == 1 {
            open1 = match(key, in: 0..<plan.topCount, lengths: topLengths, bytes)
            guard open1 >= 0 else { return }
            bounds[2 * open1] = valueStart
            bounds[2 * open1 + 1] = -1
            if let children = children[open1] {
                for child in children { (bounds[2 * child], bounds[2 * child + 1]) = (-1, -1) }
            }
        } else if depth == 2, open1 >= 0, let nested = children[open1] {
            open2 = match(key, in: nested, lengths: childLengths[open1], bytes)
            guard open2 >= 0 else { return }
            bounds[2 * open2] = valueStart
            bounds[2 * open2 + 1] = -1
        }
    }

    @inline(__always)
    mutating func valueEnded(at end: Int, depth: Int) {
        if depth == 1, open1 >= 0 {
            bounds[2 * open1 + 1] = end
            open1 = -1
        } else if depth == 2, open2 >= 0 {
            bounds[2 * open2 + 1] = end
            open2 = -1
        }
    }

    @inline(__always)
    private func match(_ key: Range<Int>, in slots: Range<Int>, lengths: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard key.count <= 16, lengths & 1 << UInt32(key.count) != 0, let read = ShortKey(key, of: bytes) else { return -1 }
        for slot in slots where keys[slot] == read { return slot }
        return -1
    }
}
