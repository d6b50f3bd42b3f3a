import Foundation
import DDM

/// A DDL form as line-by-line prompts (plain mode, SPEC §2.6): for each field its label in the
/// locale, a hint of what it takes and its current or predefined value in brackets (Enter keeps
/// it, `-` clears it); options listed by number, value and label; invalid answers explained and
/// asked again; repeatable fields offer another value; documents take a local path. Then a
/// summary and "Submit? [Y/n/d(raft)]". Pure over a ``PlainConsole`` and a file check.
public struct PlainForm: Sendable {
    /// What the user decided at the end.
    public enum Decision: Equatable, Sendable {
        case submit
        case draft
        /// Answered no: nothing is sent.
        case cancel
    }

    public let locale: PortalLocale
    /// Whether a local file can be read (document fields).
    public let fileIsReadable: @Sendable (String) -> Bool

    public init(locale: PortalLocale, fileIsReadable: @escaping @Sendable (String) -> Bool) {
        self.locale = locale
        self.fileIsReadable = fileIsReadable
    }

    /// Asks for every field of `model`, titled `title`; returns the filled model and the decision.
    /// Throws ``PlainInputEnded`` when input ends first.
    public func run(_ model: DDLFormModel, title: String, console: PlainConsole) throws(PlainInputEnded) -> (DDLFormModel, Decision) {
        var model = model
        console.write("\(title)\n\(PlainStrings.intro(locale))\n\n")
        for field in model.structure.fields {
            try ask(field, depth: 0, in: &model, console: console)
        }
        console.write("\n\(PlainStrings.summary(locale)):\n")
        for field in model.structure.allFields {
            let values = model.instances(of: field.name).map { $0.map { field.label(of: $0, in: locale) } ?? "" }
            console.write("  \(field.label(in: locale)): \(values.joined(separator: " | "))\n")
        }
        while true {
            let answer = try console.ask(PlainStrings.submit(locale)).trimmingCharacters(in: .whitespaces).lowercased()
            switch answer {
            case "", "y", "yes", "s", "si", "sí": return (model, .submit)
            case "d", "draft", "b", "borrador": return (model, .draft)
            case "n", "no": return (model, .cancel)
            default: console.write("  ! \(PlainStrings.answerSubmit(locale))\n")
            }
        }
    }

    private func ask(_ field: DDMField, depth: Int, in model: inout DDLFormModel, console: PlainConsole) throws(PlainInputEnded) {
        let indent = String(repeating: "  ", count: depth)
        let label = field.label(in: locale)
        guard field.isEditable else {
            let values = model.instances(of: field.name).map { $0.map { field.label(of: $0, in: locale) } ?? "" }
            console.write("\(indent)\(label): \(values.joined(separator: " | ")) (\(PlainStrings.readOnly(locale)))\n")
            for nested in field.nestedFields { try ask(nested, depth: depth + 1, in: &model, console: console) }
            return
        }
        if field.kind == .options {
            for (number, option) in field.options.enumerated() {
                console.write("\(indent)  \(number + 1)) \(option.value) — \(option.label(in: locale, defaultLocale: field.defaultLocale))\n")
            }
        }
        var instance = 0
        while true {
            if instance >= model.instances(of: field.name).count {
                _ = try? model.addInstance(of: field.name)
            }
            try askValue(field, instance: instance, indent: indent, in: &model, console: console)
            for nested in field.nestedFields { try ask(nested, depth: depth + 1, in: &model, console: console) }
            instance += 1
            guard field.repeatable else { break }
            if instance < model.instances(of: field.name).count { continue }
            guard try yes(PlainStrings.addAnother(label, locale), indent: indent, console: console) else { break }
        }
    }

    private func askValue(_ field: DDMField, instance: Int, indent: String, in model: inout DDLFormModel, console: PlainConsole)
        throws(PlainInputEnded)
    {
        let current = model.value(of: field.name, instance: instance)
        let shown = current.map { field.label(of: $0, in: locale) } ?? ""
        let number = field.repeatable ? " #\(instance + 1)" : ""
        let marker = field.required ? " *" : ""
        let prompt = "\(indent)\(field.label(in: locale))\(number)\(marker) (\(PlainStrings.hint(for: field, locale))) [\(shown)]: "
        while true {
            let answer = try console.ask(prompt)
            let value: FieldValue?
            do {
                if answer.isEmpty {
                    value = current
                } else if answer.trimmingCharacters(in: .whitespaces) == "-" {
                    value = nil
                } else {
                    value = try parse(answer, for: field)
                }
            } catch let problem as PlainProblem {
                console.write("\(indent)  ! \(problem.message)\n")
                continue
            } catch let issue as FieldIssue {
                console.write("\(indent)  ! \(issue.message(in: locale))\n")
                continue
            } catch {
                continue
            }
            if let issue = field.validate(value) {
                console.write("\(indent)  ! \(issue.message(in: locale))\n")
                continue
            }
            do {
                try model.setValue(value, of: field.name, instance: instance)
            } catch {
                console.write("\(indent)  ! \(error)\n")
                continue
            }
            return
        }
    }

    /// Reads an answer: options also by their number in the list; booleans also as y/n (s in
    /// Spanish); documents must be readable.
    private func parse(_ answer: String, for field: DDMField) throws -> FieldValue? {
        switch field.kind {
        case .options:
            let parts = answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if !parts.isEmpty, parts.allSatisfy({ Int($0) != nil }) {
                var values: [String] = []
                for part in parts {
                    let number = Int(part) ?? 0
                    guard field.options.indices.contains(number - 1) else {
                        throw PlainProblem(message: PlainStrings.noOption(number, locale))
                    }
                    values.append(field.options[number - 1].value)
                }
                if values.count > 1, !field.multiple { throw FieldIssue.tooManyOptions }
                return .options(values)
            }
            return try field.value(fromLabel: answer, in: locale)
        case .boolean:
            let word = answer.trimmingCharacters(in: .whitespaces)
            if PlainStrings.isYes(word) { return .boolean(true) }
            if PlainStrings.isNo(word) { return .boolean(false) }
            return try field.value(fromLabel: answer, in: locale)
        case .document, .image:
            let path = answer.trimmingCharacters(in: .whitespaces)
            guard fileIsReadable(path) else { throw PlainProblem(message: PlainStrings.noFile(path, locale)) }
            return .document(.localFile(path: path))
        default:
            return try field.value(fromLabel: answer, in: locale)
        }
    }

    private func yes(_ prompt: String, indent: String, console: PlainConsole) throws(PlainInputEnded) -> Bool {
        while true {
            let answer = try console.ask(indent + prompt).trimmingCharacters(in: .whitespaces)
            if answer.isEmpty || PlainStrings.isNo(answer) { return false }
            if PlainStrings.isYes(answer) { return true }
            console.write("\(indent)  ! \(PlainStrings.answerYesNo(locale))\n")
        }
    }
}

/// An answer plain mode itself refuses (an option number out of range, an unreadable file).
struct PlainProblem: Error {
    let message: String
}
