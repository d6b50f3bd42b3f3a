import DDM

/// The demo structures, authored once and written in both formats.
enum DemoStructures {
    private static func l(_ en: String, _ es: String) -> [String: String] { ["en_US": en, "es_ES": es] }

    private static func option(_ value: String, _ en: String, _ es: String) -> OptionSpec {
        OptionSpec(value: value, labels: l(en, es))
    }

    /// 30001 "Every field kind".
    static let everyField = StructureSpec(
        availableLocales: ["en_US", "es_ES", "ja_JP"],
        fields: [
            FieldSpec(name: "Agreed", dataType: "boolean", type: "checkbox", labels: l("Agreed", "De acuerdo"),
                      tips: l("Tick to agree", "Marque para aceptar"), predefined: ["en_US": false]),
            FieldSpec(name: "Title", dataType: "string", type: "text", labels: l("Title", "Título"),
                      tips: l("A short title", "Un título corto"), predefined: ["en_US": "Untitled", "es_ES": "Sin título"]),
            FieldSpec(name: "Notes", dataType: "string", type: "textarea", labels: l("Notes", "Notas")),
            FieldSpec(name: "Colours", dataType: "string", type: "select", labels: l("Colours", "Colores"),
                      predefined: ["en_US": ["green"]], multiple: true,
                      options: [option("red", "Red", "Rojo"), option("green", "Green", "Verde"), option("blue", "Blue", "Azul")]),
            FieldSpec(name: "Size", dataType: "string", type: "radio", labels: l("Size", "Tamaño"),
                      options: [option("small", "Small", "Pequeño"), option("medium", "Medium", "Mediano"), option("large", "Large", "Grande")]),
            FieldSpec(name: "DueDate", dataType: "date", type: "ddm-date", labels: l("Due date", "Fecha límite")),
            FieldSpec(name: "Quantity", dataType: "integer", type: "ddm-integer", labels: l("Quantity", "Cantidad"),
                      predefined: ["en_US": "1"]),
            FieldSpec(name: "Weight", dataType: "number", type: "ddm-number", labels: l("Weight", "Peso")),
            FieldSpec(name: "Price", dataType: "double", type: "ddm-decimal", labels: l("Price", "Precio")),
            FieldSpec(name: "Attachment", dataType: "document-library", type: "ddm-documentlibrary",
                      labels: l("Attachment", "Adjunto")),
            FieldSpec(name: "Photo", dataType: "image", type: "ddm-image", labels: l("Photo", "Foto")),
            FieldSpec(name: "Location", dataType: "geolocation", type: "ddm-geolocation", labels: l("Location", "Ubicación")),
            FieldSpec(name: "Description", dataType: "html", type: "ddm-text-html", labels: l("Description (rich text)", "Descripción (texto enriquecido)")),
            FieldSpec(name: "Address", dataType: "string", type: "text", labels: l("Address", "Dirección"),
                      nested: [
                          FieldSpec(name: "Street", dataType: "string", type: "text", labels: l("Street", "Calle")),
                          FieldSpec(name: "City", dataType: "string", type: "text", labels: l("City", "Ciudad")),
                      ]),
            FieldSpec(name: "Phone", dataType: "string", type: "text", labels: l("Phone", "Teléfono"), repeatable: true),
            FieldSpec(name: "Greeting", dataType: "string", type: "text",
                      labels: ["en_US": "挨拶 (Greeting)", "es_ES": "Saludo (挨拶)", "ja_JP": "挨拶"],
                      predefined: ["en_US": "こんにちは"]),
        ])

    /// 30002 "Issue".
    static let issue = StructureSpec(
        availableLocales: ["en_US", "es_ES"],
        fields: [
            FieldSpec(name: "Title", dataType: "string", type: "text", labels: l("Title", "Título")),
            FieldSpec(name: "Priority", dataType: "integer", type: "ddm-integer", labels: l("Priority", "Prioridad"),
                      predefined: ["en_US": "3"]),
            FieldSpec(name: "DueDate", dataType: "date", type: "ddm-date", labels: l("Due date", "Fecha límite")),
            FieldSpec(name: "Done", dataType: "boolean", type: "checkbox", labels: l("Done", "Hecho"), predefined: ["en_US": false]),
            FieldSpec(name: "Severity", dataType: "string", type: "select", labels: l("Severity", "Gravedad"),
                      predefined: ["en_US": ["minor"]],
                      options: [option("trivial", "Trivial", "Trivial"), option("minor", "Minor", "Menor"),
                                option("major", "Major", "Mayor"), option("critical", "Critical", "Crítica")]),
        ])

    /// 30003 "Contact": `Name` is required and has no predefined value.
    static let contact = StructureSpec(
        availableLocales: ["en_US", "es_ES"],
        fields: [
            FieldSpec(name: "Name", dataType: "string", type: "text", labels: l("Name", "Nombre"),
                      tips: l("Required", "Obligatorio"), required: true),
            FieldSpec(name: "Email", dataType: "string", type: "text", labels: l("Email", "Correo electrónico")),
            FieldSpec(name: "Subscribed", dataType: "boolean", type: "checkbox", labels: l("Subscribed", "Suscrito"),
                      predefined: ["en_US": false]),
        ])

    static let issueSeverities = ["trivial", "minor", "major", "critical"]
}
