/// The bounds every number and text from the command line, the environment or the config file is
/// checked against before it is used: ids, pages, sizes, lengths. Nothing a user types may crash
/// the program or overflow on its way to page arithmetic or an HTTP header.
enum InputLimits {
    /// The last `--page`: with page sizes up to 1,000 its rows still fit the 32-bit row offsets a
    /// Liferay portal counts in.
    static let maxPage = 2_000_000
    /// A login: an e-mail address is at most 254 characters; room to spare, far below what an
    /// HTTP header can carry.
    static let maxUserLength = 1_000
    static let maxPasswordLength = 4_096
    static let maxServerLength = 2_048

    /// `value`, when given, must be a positive id.
    static func positive(_ value: Int64?, _ option: String) throws(CommandFailure) {
        if let value, value <= 0 { throw CommandFailure(.input, "\(option) must be a positive number") }
    }

    /// `value`, when given, must be 0 or more.
    static func notNegative(_ value: Int64?, _ option: String) throws(CommandFailure) {
        if let value, value < 0 { throw CommandFailure(.input, "\(option) must be 0 or a positive number") }
    }

    /// `--page`, when given, counts from 0 up to ``maxPage``.
    static func page(_ page: Int?) throws(CommandFailure) {
        guard let page else { return }
        guard page >= 0 else { throw CommandFailure(.input, "--page counts from 0") }
        guard page <= maxPage else { throw CommandFailure(.input, "--page must be at most \(maxPage)") }
    }

    /// `text`, when given, must be at most `limit` characters (counted in UTF-8 bytes, what goes on the wire).
    static func length(_ text: String?, _ what: String, max limit: Int) throws(CommandFailure) {
        if let text, text.utf8.count > limit {
            throw CommandFailure(.input, "\(what) is too long (\(text.utf8.count) bytes; at most \(limit))")
        }
    }
}
