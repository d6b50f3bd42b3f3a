extension String {
    /// The string `bytes` encode, or nil when they are not valid UTF-8.
    ///
    /// The same answer as `String(validating:as: UTF8.self)`, which is generic over the encoding
    /// and runs unspecialised here — about a thousand instructions for a short string, a tenth of a
    /// record list page's CPU (issue 17). This one decodes with the standard library's native
    /// UTF-8 path and, only when a byte is not ASCII, checks that nothing was repaired.
    init?(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid sequences with U+FFFD; valid input comes back byte for byte.
        if high >= 0x80, !decoded.utf8.elementsEqual(bytes) { return nil }
        self = decoded
    }
}
