import GRDB

/// Statements run through the connection's prepared-statement cache: the queue and entry code
/// runs the same few statements for every item, and preparing them each time costs more than
/// running them.
enum Cached {
    static func row(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func rows(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func strings(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws
        -> [String]
    {
        try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func int(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Int? {
        try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func execute(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
