import DDM

/// The form screen's own words, in English and Spanish (the locale's language decides).
enum FormText {
    private static func pick(_ locale: PortalLocale, _ english: String, _ spanish: String) -> String {
        locale.language == "es" ? spanish : english
    }

    static func newRecord(_ l: PortalLocale) -> String { pick(l, "New record", "Registro nuevo") }
    static func record(_ id: Int64, _ l: PortalLocale) -> String { pick(l, "Record \(id)", "Registro \(id)") }
    static func loading(_ l: PortalLocale) -> String { pick(l, "Loading…", "Cargando…") }
    static func modified(_ l: PortalLocale) -> String { pick(l, "modified", "modificado") }
    static func readOnly(_ l: PortalLocale) -> String { pick(l, "read-only", "solo lectura") }
    static func submitButton(_ l: PortalLocale) -> String { pick(l, "Submit", "Enviar") }
    static func submitting(_ l: PortalLocale) -> String { pick(l, "Submitting…", "Enviando…") }
    static func saveButton(_ l: PortalLocale) -> String { pick(l, "Save", "Guardar") }
    static func saving(_ l: PortalLocale) -> String { pick(l, "Saving…", "Guardando…") }
    static func uploadedDocument(_ l: PortalLocale) -> String { pick(l, "A file is already uploaded", "Ya hay un archivo subido") }
    static func uploadWaiting(_ l: PortalLocale) -> String { pick(l, "upload starting…", "empezando la subida…") }
    static func uploaded(_ l: PortalLocale) -> String { pick(l, "uploaded", "subido") }
    static func uploadFailed(_ l: PortalLocale) -> String { pick(l, "upload failed: ", "la subida ha fallado: ") }
    static func uploadQueued(_ l: PortalLocale) -> String {
        pick(l, "queued: uploads when the portal is back", "en cola: se subirá cuando vuelva el portal")
    }
    static func unsupportedNote(_ type: String, _ l: PortalLocale) -> String {
        pick(l, "(read-only: \(type) fields cannot be edited here)", "(solo lectura: los campos \(type) no se editan aquí)")
    }
    static func notEditable(_ l: PortalLocale) -> String { pick(l, "This field cannot be edited", "Este campo no se puede editar") }
    static func formReadOnly(_ l: PortalLocale) -> String { pick(l, "The form is read-only", "El formulario es de solo lectura") }
    static func submitted(_ id: Int64, status: String, _ l: PortalLocale) -> String {
        pick(l, "Record \(id) submitted (\(status))", "Registro \(id) enviado (\(status))")
    }
    static func draftSaved(_ id: Int64, _ l: PortalLocale) -> String { pick(l, "Record \(id) saved as a draft", "Registro \(id) guardado como borrador") }
    static func queued(_ queueId: String, _ l: PortalLocale) -> String {
        pick(l, "Queued for sync (\(queueId)): sent when the portal is back", "En cola (\(queueId)): se enviará cuando vuelva el portal")
    }
    static func queuedSaveSent(_ id: Int64, _ l: PortalLocale) -> String {
        pick(l, "Sent to the portal by sync: record \(id)", "Enviado al portal por la sincronización: registro \(id)")
    }
    static func invalidForm(_ count: Int, _ l: PortalLocale) -> String {
        count == 1
            ? pick(l, "1 field needs attention", "1 campo requiere atención")
            : pick(l, "\(count) fields need attention", "\(count) campos requieren atención")
    }
    static func unsavedTitle(_ l: PortalLocale) -> String { pick(l, "Unsaved changes", "Cambios sin guardar") }
    static func unsavedBody(_ l: PortalLocale) -> String {
        pick(l, "Discard your changes and quit?", "¿Descartar los cambios y salir?")
    }
    static func fromCache(_ l: PortalLocale) -> String { pick(l, "from the cache", "de la caché") }
    static func queuedMark(_ l: PortalLocale) -> String { pick(l, "queued for sync", "en cola") }
    /// The unsaved-changes prompt's extra lines when this form's save is queued (or being sent).
    static func queuedBody(sending: Bool, _ l: PortalLocale) -> [String] {
        [
            sending
                ? pick(l, "Your save is being sent right now.", "Lo guardado se está enviando ahora.")
                : pick(l, "Your save is queued for sync, not on the portal yet.", "Lo guardado está en cola, aún no en el portal."),
            sending
                ? pick(l, "Discarding takes it back, from the portal too if it got there.",
                       "Descartar lo retira, también del portal si llegó.")
                : pick(l, "Discarding takes it back out of the queue.", "Descartar lo saca de la cola."),
        ]
    }
    static func queuedKeys(discard: String, keep: String, _ l: PortalLocale) -> String {
        pick(l, "\(discard) discard, take it out of the queue, quit   \(keep) keep editing",
             "\(discard) descartar, sacarlo de la cola y salir   \(keep) seguir editando")
    }
    static func withdrawing(_ l: PortalLocale) -> String { pick(l, "Taking it back out of the queue…", "Sacándolo de la cola…") }
    static func alreadySent(_ recordId: Int64?, _ l: PortalLocale) -> String {
        let name = recordId.map { "record \($0)" } ?? "the record"
        return pick(l, "Too late to discard: the portal already has \(name).", "Demasiado tarde: el portal ya tiene \(name).")
    }
    /// Discard of a save whose request may have reached the portal, not resolved yet.
    static func beingTakenBack(_ l: PortalLocale) -> String {
        pick(l, "Discarded. Being taken back from the portal: the next sync deletes the record if it got there.",
             "Descartado. Se retira del portal: la próxima sincronización borra el registro si llegó.")
    }
    /// Discard of a save a request already sent had created on the portal, deleted again.
    static func takenBack(_ recordId: Int64, _ l: PortalLocale) -> String {
        pick(l, "Discarded. The portal had created record \(recordId) from the request already sent; it was deleted again.",
             "Descartado. El portal había creado el registro \(recordId) con la petición ya enviada; se borró de nuevo.")
    }
    /// The portal keeps a discarded record it would not delete; `reason` names the record.
    static func portalKeeps(_ reason: String, _ l: PortalLocale) -> String {
        pick(l, "Discarded, but not taken back from the portal: \(reason)",
             "Descartado, pero no retirado del portal: \(reason)")
    }
    static func notWithdrawn(_ reason: String, _ l: PortalLocale) -> String {
        pick(l, "Still queued, not discarded: \(reason)", "Sigue en cola, no descartado: \(reason)")
    }
    static func unsavedKeys(discard: String, keep: String, _ l: PortalLocale) -> String {
        pick(l, "\(discard) discard and quit   \(keep) keep editing", "\(discard) descartar y salir   \(keep) seguir editando")
    }
    static func helpTitle(_ l: PortalLocale) -> String { pick(l, "Keys", "Teclas") }
    static func language(_ id: String, _ l: PortalLocale) -> String { pick(l, "Language: \(id)", "Idioma: \(id)") }
    static func added(_ label: String, _ l: PortalLocale) -> String { pick(l, "Added \(label)", "Añadido \(label)") }
    static func removed(_ label: String, _ l: PortalLocale) -> String { pick(l, "Removed \(label)", "Eliminado \(label)") }
    static func notRepeatable(_ l: PortalLocale) -> String { pick(l, "This field does not repeat", "Este campo no se repite") }
    static func uploadStarted(_ name: String, _ l: PortalLocale) -> String { pick(l, "Uploading \(name)…", "Subiendo \(name)…") }
    static func noMatches(_ l: PortalLocale) -> String { pick(l, "No matching files", "Ningún archivo coincide") }
    static func workflow(_ status: Int?) -> String {
        switch status {
        case 0?: return "approved"
        case 1?: return "pending"
        case 2?: return "draft"
        case 3?: return "expired"
        case let other?: return "status \(other)"
        case nil: return "unknown"
        }
    }
    static let monthsEnglish = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                "October", "November", "December"]
    static let monthsSpanish = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                                "octubre", "noviembre", "diciembre"]
    static func month(_ month: Int, year: Int, _ l: PortalLocale) -> String {
        l.language == "es" ? "\(monthsSpanish[month - 1]) de \(year)" : "\(monthsEnglish[month - 1]) \(year)"
    }
    static func weekdays(_ l: PortalLocale) -> String { pick(l, "Mo Tu We Th Fr Sa Su", "lu ma mi ju vi sá do") }
}
