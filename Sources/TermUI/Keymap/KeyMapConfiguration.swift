/// A problem in a key configuration file, with its line number.
public struct KeyMapDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var error: KeyMapError
    public init(line: Int, error: KeyMapError) {
        self.line = line
        self.error = error
    }
    public var description: String { "line \(line): \(error)" }
}

extension KeyMap {
    /// This key map with the overrides of a configuration text applied.
    ///
    /// Format, one override a line: `command = key, key` (every context where the command is bound)
    /// or `context.command = key, …` (one context); `none` unbinds; `#` starts a comment. Example:
    /// ```
    /// submit = ctrl-s, f10
    /// list.refresh = r, f5
    /// save-draft = none
    /// preset = vim
    /// ```
    /// `preset = vim` adds vim-style movement (`j` down, `k` up) wherever a screen moves a cursor
    /// or the focus and the key is free (``addingVimMovement()``).
    /// A line with an error changes nothing and yields a diagnostic; the other lines still apply,
    /// so a typo never loses the defaults. Lines apply in order.
    public func applying(configuration text: String) -> (keyMap: KeyMap, diagnostics: [KeyMapDiagnostic]) {
        var result = self
        var diagnostics: [KeyMapDiagnostic] = []
        let knownContexts: Set<KeyContext> = Set(bindings.map(\.context))
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }).enumerated() {
            let lineNumber = offset + 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let content = String(line).trimmingSpaces()
            if content.isEmpty { continue }
            do throws(KeyMapError) {
                guard let equals = content.firstIndex(of: "=") else {
                    throw .syntax("expected \"command = key, key\", found \"\(content)\"")
                }
                let target = String(content[..<equals]).trimmingSpaces()
                let keyList = String(content[content.index(after: equals)...]).trimmingSpaces()
                guard !target.isEmpty else { throw .syntax("missing command name before \"=\"") }
                if target == "preset" {
                    guard keyList.lowercased() == "vim" else { throw .syntax("unknown preset \"\(keyList)\" (the one preset is vim)") }
                    result = result.addingVimMovement()
                    continue
                }
                var context: KeyContext? = nil
                var commandName = target
                if let dot = target.firstIndex(of: ".") {
                    let contextName = String(target[..<dot])
                    guard knownContexts.contains(KeyContext(rawValue: contextName)) else { throw .unknownContext(contextName) }
                    context = KeyContext(rawValue: contextName)
                    commandName = String(target[target.index(after: dot)...])
                }
                let keys = try KeyMap.parseKeyList(keyList)
                try result.rebind(CommandName(rawValue: commandName), in: context, to: keys)
            } catch {
                diagnostics.append(KeyMapDiagnostic(line: lineNumber, error: error))
            }
        }
        return (result, diagnostics)
    }

    /// These bindings plus vim-style movement: `j` for down / next field and `k` for up / previous
    /// field in the screens that move a cursor or the focus (form, lists, browser, sync view, and
    /// the gallery, which takes the list's), wherever that key is not already another command's
    /// (the sync view keeps `k` for "keep mine"). Text editors never get them.
    public func addingVimMovement() -> KeyMap {
        let moves: [CommandName: KeyEvent] = [
            .cursorDown: .character("j"), .nextField: .character("j"), .cursorUp: .character("k"), .previousField: .character("k"),
        ]
        let screens: Set<KeyContext> = [.form, .list, KeyContext(rawValue: "browser"), KeyContext(rawValue: "sync")]
        var result = bindings
        for index in result.indices {
            let binding = result[index]
            guard screens.contains(binding.context), let key = moves[binding.command], !binding.keys.contains(key) else { continue }
            guard !result.contains(where: { $0.context == binding.context && $0.keys.contains(key) }) else { continue }
            result[index].keys.append(key)
        }
        return KeyMap(bindings: result)
    }

    /// `ctrl-s, f10` → keys; `none` → no keys. A lone `,` is the comma key.
    static func parseKeyList(_ text: String) throws(KeyMapError) -> [KeyEvent] {
        guard !text.isEmpty else { throw .syntax("no keys after \"=\" (write \"none\" to unbind)") }
        if text.lowercased() == "none" { return [] }
        if text == "," { return [.character(",")] }
        var keys: [KeyEvent] = []
        for part in text.split(separator: ",") {
            let name = String(part).trimmingSpaces()
            guard let key = KeyEvent(parsing: name) else { throw .unknownKey(name) }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
