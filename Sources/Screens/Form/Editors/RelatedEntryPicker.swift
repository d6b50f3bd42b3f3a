import DDM
import Screenlets
import TermUI

/// Why a relationship field's search could not run (offline, or no search on this form).
public struct RelatedSearchFailure: Error, Sendable, Equatable {
    public let reason: String
}

/// The picker of a relationship field (an Objects entry's related entry): words typed in the
/// field's line editor are searched in the related object on the portal
/// (``RelatedEntrySearching``), and the matches open in the select pop-up, each as its title and
/// ID; Enter sets the chosen entry's ID. Digits are taken as the ID itself, which is also the way
/// when the portal cannot be searched (the note says so).
enum RelatedEntryPicker {
    /// The select pop-up of `choices`, on the entry `current` when it is one of them.
    static func picker(_ choices: [RelatedEntryChoice], current: Int64?, locale: PortalLocale) -> OptionPicker {
        let options = choices.map { choice in
            DDMOption(name: nil, value: String(choice.id), labels: Localized([.init(locale: locale.identifier, value: "\(choice.title)  (\(choice.id))")], fallsBackToFirst: true))
        }
        let field = DDMField(name: "related", kind: .options, editor: "select", dataType: "string", rawType: "select", options: options, defaultLocale: locale)
        return OptionPicker(field: field, value: current.map { .options([String($0)]) }, locale: locale, inline: false)
    }

    /// Whether text typed into a relationship field is words to search (not empty, not an ID).
    static func isSearch(_ text: String) -> Bool {
        let query = text.trimmingCharacters(in: .whitespaces)
        return !query.isEmpty && Int64(query) == nil
    }

    /// The value a pop-up's choice sets: for a relationship field the chosen entry's ID.
    static func value(_ chosen: FieldValue?, field: DDMField?) -> FieldValue? {
        guard field?.isRelationship == true, case .options(let values)? = chosen else { return chosen }
        return values.first.flatMap(Int64.init).map(FieldValue.integer)
    }
}

extension FormScreen {
    /// The search of the related object for `query` (a relationship field's editor asked for it),
    /// answered by ``FormScreenMessage/relatedFound(_:query:_:)``.
    func searchRelated(_ query: String, key: FormFieldKey, _ model: inout Model) -> [Effect<Message>] {
        model.note = FormScreenModel.Note(FormText.relatedSearching(query, model.locale))
        let screenlet = self.screenlet
        return [.task {
            guard let searching = screenlet as? any RelatedEntrySearching else {
                return .relatedFound(key, query: query, .failure(RelatedSearchFailure(reason: "no search")))
            }
            do {
                return .relatedFound(key, query: query, .success(try await searching.searchRelated(query, for: key.field)))
            } catch {
                return .relatedFound(key, query: query, .failure(RelatedSearchFailure(reason: Self.relatedReason(error))))
            }
        }]
    }

    /// A search's matches open in the pop-up (the line editor closes); none, or a search that
    /// could not run, leaves the editor open with a note.
    func showRelated(_ key: FormFieldKey, query: String, _ result: Result<[RelatedEntryChoice], RelatedSearchFailure>, _ model: inout Model) {
        guard let editor = model.editor, editor.key == key else { return }
        switch result {
        case .success(let choices) where !choices.isEmpty:
            var current: Int64?
            if case .integer(let id)? = model.form.model?.value(of: key.field, instance: key.instance) { current = id }
            model.editor = FieldEditor(key: key, state: RelatedEntryPicker.picker(choices, current: current, locale: model.locale))
            model.note = nil
        case .success:
            model.note = FormScreenModel.Note(FormText.relatedNoMatches(query, model.locale), .error)
        case .failure(let failure):
            model.note = FormScreenModel.Note(FormText.relatedNotSearchable(failure.reason, model.locale), .error)
        }
        rescroll(&model)
    }

    private static func relatedReason(_ error: any Error) -> String {
        (error as? RelatedSearchError)?.message ?? String(describing: error)
    }
}
