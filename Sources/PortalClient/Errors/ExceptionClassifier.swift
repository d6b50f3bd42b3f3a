/// Maps a portal exception (Java class name, message, HTTP status) to a ``PortalError/Kind``.
enum ExceptionClassifier {
    /// Simple class names (or their suffixes) the portal uses to reject submitted values.
    static let validationSuffixes: [String] = [
        "StorageFieldRequiredException", "StorageFieldValueException", "StorageFieldNameException",
        "RecordValuesException", "RequiredFieldException", "DDMFormValuesValidationException",
        "DuplicateFileException", "DuplicateFileEntryException", "DuplicateFolderNameException",
        "FileNameException", "FileExtensionException", "FileSizeException", "SourceFileNameException",
        "FileMimeTypeException", "InvalidFileException", "FolderNameException", "EntryURLException",
        "EntryNameException", "RecordSetNameException", "StructureFieldException", "ValidatorException",
        "UserEmailAddressException", "UserScreenNameException",
    ]

    /// The kind for an error answer. `exceptionClass` is the Java class when known.
    static func kind(exceptionClass: String?, message: String?, httpStatus: Int) -> PortalError.Kind {
        let cls = exceptionClass ?? ""
        let simple = simpleName(cls)
        let text = message ?? ""

        if httpStatus == 401 { return .authentication }
        if text.contains("Authenticated access required") { return .authentication }
        if simple.hasSuffix("AuthException") || simple == "RemoteAuthException" { return .authentication }
        if cls == "java.lang.SecurityException" {
            // 6.2 sends this with HTTP 200 for a request without valid credentials; 7.x sends it
            // with HTTP 403 for a user who lacks a permission.
            return httpStatus == 403 ? .permission : .authentication
        }
        if simple.hasPrefix("PrincipalException") || cls.contains("PrincipalException") { return .permission }
        if httpStatus == 403 { return .permission }
        if simple.hasPrefix("NoSuch") || httpStatus == 404 { return .notFound }
        if text.hasPrefix("No JSON web service action") { return .notFound }
        let outer = simple.split(separator: "$").first.map(String.init) ?? simple
        if validationSuffixes.contains(where: { outer.hasSuffix($0) }) { return .validation }
        return .server
    }

    /// `com.example.FooException$Bar` → `FooException$Bar`.
    static func simpleName(_ className: String) -> String {
        guard let dot = className.lastIndex(of: ".") else { return className }
        return String(className[className.index(after: dot)...])
    }

    /// Whether `text` looks like a fully qualified Java class name (`a.b.C`, `a.b.C$D`).
    static func isJavaClassName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        for part in parts {
            guard let first = part.unicodeScalars.first, first == "_" || first == "$" || isLetter(first) else { return false }
            for s in part.unicodeScalars where !(isLetter(s) || isDigit(s) || s == "_" || s == "$") { return false }
        }
        return true
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
}
