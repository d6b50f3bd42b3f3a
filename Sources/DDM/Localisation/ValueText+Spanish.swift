extension ValueText {
    static let spanish: [ValueText: CatalogEntry] = [
        .yes: "Sí",
        .no: "No",
        .fieldProblem: "{0}: {1}",
        .required: "Este campo es obligatorio.",
        .invalidNumber: "«{0}» no es un número.",
        .notWholeNumber: "«{0}» no es un número entero.",
        .numberOutOfRange: "«{0}» es un número demasiado grande.",
        .invalidDate: "«{0}» no es una fecha.",
        .invalidDateTime: "«{0}» no es una fecha y hora (ISO-8601, p. ej. 2024-01-15T09:00:00Z).",
        .nonexistentDate: "La fecha «{0}» no existe.",
        .invalidBoolean: "«{0}» no es ni sí ni no.",
        .invalidGeolocation: "«{0}» no es una latitud y una longitud.",
        .latitudeOutOfRange: "La latitud debe estar entre -90 y 90.",
        .longitudeOutOfRange: "La longitud debe estar entre -180 y 180.",
        .unknownOption: "«{0}» no es una de las opciones.",
        .tooManyOptions: "Solo se puede elegir una opción.",
        .uploadFailed: "La subida ha fallado: {0}",
        .documentUploaded: "Ya hay un archivo subido",
        .documentNotUploadedYet: "{0} (aún sin subir)",
        .documentUploadFailed: "{0} (la subida ha fallado)",
    ]
}
