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
    /// The field components that say what each prompt takes and read its answers.
    public let components: FieldComponentRegistry

    public init(locale: PortalLocale, components: FieldComponentRegistry = .standard,
                fileIsReadable: @escaping @Sendable (String) -> Bool) {
        self.locale = locale
        self.components = components
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
        for line in components.component(for: field).plainChoices(field, locale: locale) {
            console.write("\(indent)  \(line)\n")
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
        let prompt = "\(indent)\(field.label(in: locale))\(number)\(marker) (\(components.component(for: field).plainHint(field, locale: locale))) [\(shown)]: "
        while true {
            let answer = try console.ask(prompt)
            let value: FieldValue?
            do {
                if answer.isEmpty {
                    value = current
                } else if answer.trimmingCharacters(in: .whitespaces) == "-" {
                    value = nil
                } else {
                    value = try components.component(for: field).plainValue(answer, field, locale: locale, fileIsReadable: fileIsReadable)
                }
            } catch let problem as FieldInputError {
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

    private func yes(_ prompt: String, indent: String, console: PlainConsole) throws(PlainInputEnded) -> Bool {
        while true {
            let answer = try console.ask(indent + prompt).trimmingCharacters(in: .whitespaces)
            if answer.isEmpty || PlainStrings.isNo(answer) { return false }
            if PlainStrings.isYes(answer) { return true }
            console.write("\(indent)  ! \(PlainStrings.answerYesNo(locale))\n")
        }
    }
}
