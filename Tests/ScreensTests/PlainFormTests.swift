import DDM
import Foundation
import Screens
import Testing

@Suite("Plain mode form prompts")
struct PlainFormTests {
    static let structure = try! DDMStructure.parse("""
        {"availableLanguageIds": ["en_US", "es_ES"], "defaultLanguageId": "en_US", "fields": [
          {"name": "Name", "dataType": "string", "type": "text", "required": true,
           "label": {"en_US": "Name", "es_ES": "Nombre"}},
          {"name": "Count", "dataType": "integer", "type": "ddm-integer", "label": {"en_US": "Count", "es_ES": "Cantidad"},
           "predefinedValue": {"en_US": "16"}},
          {"name": "Size", "dataType": "string", "type": "radio", "label": {"en_US": "Size", "es_ES": "Talla"},
           "options": [{"value": "S", "label": {"en_US": "Small", "es_ES": "Pequeña"}},
                       {"value": "L", "label": {"en_US": "Large", "es_ES": "Grande"}}]},
          {"name": "Done", "dataType": "boolean", "type": "checkbox", "label": {"en_US": "Done", "es_ES": "Hecho"}},
          {"name": "Phone", "dataType": "string", "type": "text", "repeatable": true, "label": {"en_US": "Phone", "es_ES": "Teléfono"}},
          {"name": "File", "dataType": "document-library", "type": "ddm-documentlibrary", "label": {"en_US": "File", "es_ES": "Archivo"}},
          {"name": "Body", "dataType": "html", "type": "ddm-text-html", "readOnly": true, "label": {"en_US": "Body"}}
        ]}
        """)

    /// Runs the prompts on scripted answers; returns the transcript too.
    func run(_ answers: [String], locale: PortalLocale = .enUS) throws -> (DDLFormModel, PlainForm.Decision, String) {
        let input = Lines(answers)
        let output = Transcript()
        let console = PlainConsole(readLine: { input.next() }, write: { output.append($0) })
        let form = PlainForm(locale: locale) { $0 == "/tmp/cv.pdf" }
        let (model, decision): (DDLFormModel, PlainForm.Decision)
        do {
            (model, decision) = try form.run(DDLFormModel(structure: Self.structure, locale: locale), title: "New record in Contacts", console: console)
        } catch {
            print("TRANSCRIPT:\n" + output.text)
            throw error
        }
        return (model, decision, output.text)
    }

    @Test func fillsEveryKindRepromptsInvalidAnswersAndSubmits() throws {
        let (model, decision, transcript) = try run([
            "",              // Name is required: re-asked
            "Ada",
            "sixteen",       // not a number: re-asked
            "",              // Count keeps 16
            "2",             // Size by number: L
            "y",             // Done
            "555-1234", "y", "555-9876", "",  // two phones
            "/nope.pdf", "/tmp/cv.pdf",       // unreadable file re-asked
            "",              // Submit (default yes)
        ])
        #expect(decision == .submit)
        #expect(model.value(of: "Name") == .string("Ada"))
        #expect(model.value(of: "Count") == .integer(16))
        #expect(model.value(of: "Size") == .options(["L"]))
        #expect(model.value(of: "Done") == .boolean(true))
        #expect(model.instances(of: "Phone") == [.string("555-1234"), .string("555-9876")])
        #expect(model.value(of: "File") == .document(.localFile(path: "/tmp/cv.pdf")))
        #expect(transcript.contains("Name * (text) []: "))
        #expect(transcript.contains("  ! This field is required") || transcript.contains("  ! "))
        #expect(transcript.contains("Count (whole number) [16]: "))
        #expect(transcript.contains("  1) S — Small\n  2) L — Large\n"))
        #expect(transcript.contains("Add another Phone? [y/N] "))
        #expect(transcript.contains("  ! cannot read the file /nope.pdf"))
        #expect(transcript.contains("Body:  (read-only)"))
        #expect(transcript.contains("Summary:\n  Name: Ada\n"))
        #expect(transcript.hasSuffix("Submit? [Y/n/d(raft)] "))
        // Each invalid answer is followed by its message and the same prompt again.
        let countPrompts = transcript.components(separatedBy: "Count (whole number) [16]: ").count - 1
        #expect(countPrompts == 2)
    }

    @Test func draftAndNoAndSpanish() throws {
        #expect(try run(["Ada", "", "", "", "", "", "", "d"]).1 == .draft)
        #expect(try run(["Ada", "", "", "", "", "", "", "n"]).1 == .cancel)
        let (model, _, transcript) = try run(["Ada", "", "Grande", "sí", "", "", "", ""], locale: .esES)
        #expect(model.value(of: "Size") == .options(["L"]))
        #expect(model.value(of: "Done") == .boolean(true))
        #expect(transcript.contains("Nombre * (texto) []: "))
        #expect(transcript.contains("¿Enviar? [S/n/b(orrador)] "))
    }

    @Test func endOfInputCancels() {
        #expect(throws: PlainInputEnded.self) { try run(["Ada", "3"]) }
    }
}

/// Scripted standard input.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lock.withLock { lines.isEmpty ? nil : lines.removeFirst() } }
}

/// Collected standard output.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}
