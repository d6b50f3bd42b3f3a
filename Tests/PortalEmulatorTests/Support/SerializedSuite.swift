import Testing

/// Every emulator suite runs inside this one, one test at a time: each test starts a real server
/// with its own database, and running them all at once would starve the timing-sensitive tests of
/// the other targets on a 2-core machine.
@Suite(.serialized) enum PortalEmulatorSuites {}
