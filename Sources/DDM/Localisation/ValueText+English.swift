extension ValueText {
    static let english: [ValueText: CatalogEntry] = [
        .yes: "Yes",
        .no: "No",
        .fieldProblem: "{0}: {1}",
        .required: "This field is required.",
        .invalidNumber: "“{0}” is not a number.",
        .notWholeNumber: "“{0}” is not a whole number.",
        .numberOutOfRange: "“{0}” is too large a number.",
        .invalidDate: "“{0}” is not a date.",
        .invalidDateTime: "“{0}” is not a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z).",
        .nonexistentDate: "“{0}” is not a date that exists.",
        .invalidBoolean: "“{0}” is neither yes nor no.",
        .invalidGeolocation: "“{0}” is not a latitude and a longitude.",
        .latitudeOutOfRange: "The latitude must be between -90 and 90.",
        .longitudeOutOfRange: "The longitude must be between -180 and 180.",
        .unknownOption: "“{0}” is not one of the options.",
        .tooManyOptions: "Only one option may be chosen.",
        .uploadFailed: "The upload failed: {0}",
        .documentUploaded: "A file is already uploaded",
        .documentNotUploadedYet: "{0} (not uploaded yet)",
        .documentUploadFailed: "{0} (upload failed)",
    ]
}
