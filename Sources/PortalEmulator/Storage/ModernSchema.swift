import GRDB

/// The tables of a stock 7.4 portal's newer features: Liferay Objects (definitions, fields,
/// picklists, relationships, entries) and the OAuth 2 provider (applications, consent tickets,
/// authorization codes, tokens). Every data directory has them; only the 7.4 mode serves them.
enum ModernSchema {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-objects-oauth2") { db in
            try db.execute(sql: """
                CREATE TABLE listTypeDefinition (
                    id INTEGER PRIMARY KEY, companyId INTEGER NOT NULL, externalReferenceCode TEXT NOT NULL,
                    name TEXT NOT NULL, createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE TABLE listTypeEntry (
                    id INTEGER PRIMARY KEY, listTypeDefinitionId INTEGER NOT NULL, key TEXT NOT NULL,
                    name TEXT NOT NULL, externalReferenceCode TEXT NOT NULL, position INTEGER NOT NULL);
                CREATE UNIQUE INDEX listTypeEntry_key ON listTypeEntry (listTypeDefinitionId, key);
                CREATE TABLE objectDefinition (
                    id INTEGER PRIMARY KEY, companyId INTEGER NOT NULL, userId INTEGER NOT NULL,
                    externalReferenceCode TEXT NOT NULL, name TEXT NOT NULL UNIQUE, label TEXT NOT NULL,
                    pluralLabel TEXT NOT NULL, pluralName TEXT NOT NULL UNIQUE, scope TEXT NOT NULL,
                    titleObjectFieldName TEXT NOT NULL, createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE TABLE objectField (
                    id INTEGER PRIMARY KEY, objectDefinitionId INTEGER NOT NULL, name TEXT NOT NULL,
                    businessType TEXT NOT NULL, dbType TEXT NOT NULL, label TEXT NOT NULL, required INTEGER NOT NULL,
                    listTypeDefinitionId INTEGER NOT NULL DEFAULT 0, relationshipId INTEGER NOT NULL DEFAULT 0,
                    settings TEXT NOT NULL DEFAULT '[]', position INTEGER NOT NULL, externalReferenceCode TEXT NOT NULL);
                CREATE UNIQUE INDEX objectField_name ON objectField (objectDefinitionId, name);
                CREATE TABLE objectRelationship (
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL, label TEXT NOT NULL, type TEXT NOT NULL,
                    objectDefinitionId1 INTEGER NOT NULL, objectDefinitionId2 INTEGER NOT NULL,
                    objectFieldName2 TEXT NOT NULL, externalReferenceCode TEXT NOT NULL);
                CREATE TABLE objectEntry (
                    id INTEGER PRIMARY KEY, objectDefinitionId INTEGER NOT NULL, groupId INTEGER NOT NULL,
                    companyId INTEGER NOT NULL, externalReferenceCode TEXT NOT NULL, userId INTEGER NOT NULL,
                    userName TEXT NOT NULL, status INTEGER NOT NULL, fieldValues TEXT NOT NULL,
                    searchText TEXT NOT NULL, createDate INTEGER NOT NULL, modifiedDate INTEGER NOT NULL);
                CREATE UNIQUE INDEX objectEntry_erc ON objectEntry (objectDefinitionId, groupId, externalReferenceCode);
                CREATE INDEX objectEntry_definition ON objectEntry (objectDefinitionId, groupId, id);
                CREATE TABLE oauth2Application (
                    clientId TEXT PRIMARY KEY, clientSecret TEXT, name TEXT NOT NULL, clientProfile TEXT NOT NULL,
                    redirectURIs TEXT NOT NULL, anyLoopbackPort INTEGER NOT NULL, grantTypes TEXT NOT NULL,
                    clientCredentialsUserId INTEGER NOT NULL, scopes TEXT NOT NULL);
                CREATE TABLE oauth2Consent (
                    ticket TEXT PRIMARY KEY, clientId TEXT NOT NULL, userId INTEGER NOT NULL, redirectURI TEXT NOT NULL,
                    codeChallenge TEXT NOT NULL, codeChallengeMethod TEXT NOT NULL, scope TEXT NOT NULL,
                    state TEXT NOT NULL, expiresAt INTEGER NOT NULL);
                CREATE TABLE oauth2Code (
                    code TEXT PRIMARY KEY, clientId TEXT NOT NULL, userId INTEGER NOT NULL, redirectURI TEXT NOT NULL,
                    codeChallenge TEXT NOT NULL, codeChallengeMethod TEXT NOT NULL, scope TEXT NOT NULL,
                    expiresAt INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE oauth2Token (
                    accessToken TEXT PRIMARY KEY, refreshToken TEXT UNIQUE, clientId TEXT NOT NULL,
                    userId INTEGER NOT NULL, scope TEXT NOT NULL, accessExpiresAt INTEGER NOT NULL,
                    refreshExpiresAt INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
                """)
        }
    }
}
