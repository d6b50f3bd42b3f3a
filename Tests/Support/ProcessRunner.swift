import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The outcome of running a program to completion.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs programs with arguments, environment and standard input, with a time limit.
///
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose exit detection
/// hangs when a child leaves a daemon behind (tmux does), and with close-on-exec pipes so that
/// programs started by tests running in parallel never inherit each other's pipes.
public enum ProcessRunner {
    /// Runs `executable` to completion, killing it after `timeout` seconds (then throwing).
    /// The environment is the test's own minus Termlets' variables, plus `environment`.
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        stdin: String? = nil, timeout: Double = 60
    ) throws -> ProcessResult {
        let child = try SpawnedProcess(executable, arguments, environment: environment)
        if let stdin { child.write(stdin) }
        child.closeStandardInput()
        guard let status = child.wait(timeout: timeout) else {
            child.signal(SIGKILL)
            _ = child.wait(timeout: 5)
            throw DeadlineExceeded(
                what: "\(executable.lastPathComponent) \(arguments.joined(separator: " "))", seconds: timeout)
        }
        return ProcessResult(status: status, stdout: child.standardOutput(), stderr: child.standardError())
    }

    /// Runs the real `termlets` binary.
    @discardableResult
    public static func termlets(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: Double = 60
    ) throws -> ProcessResult {
        try run(TermletsBinary.url, arguments, environment: environment, stdin: stdin, timeout: timeout)
    }

    /// The current environment without `TERMLETS_*` and `XDG_*` variables, so a developer's own
    /// settings never leak into a test.
    public static func cleanEnvironment() -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TERMLETS_") && !$0.key.hasPrefix("XDG_") }
    }
}

/// A running child process with its standard streams on pipes. Output is collected on background
/// threads, so a chatty child never blocks on a full pipe; lines can be awaited as they arrive.
public final class SpawnedProcess: @unchecked Sendable {
    public let pid: pid_t
    private let stdinWrite: Int32
    private let stdout: StreamCollector
    private let stderr: StreamCollector
    private let lock = NSLock()
    private var exitStatus: Int32?
    private var standardInputClosed = false

    /// Starts `executable` with `arguments`; the environment is the clean test environment plus
    /// `environment`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        let input = try Self.pipe()
        let output = try Self.pipe()
        let errors = try Self.pipe()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = [executable.path] + arguments
        let env = ProcessRunner.cleanEnvironment().merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = withCStrings(argv) { cArgv in
            withCStrings(env) { cEnv in
                posix_spawn(&child, executable.path, &actions, &attributes, cArgv, cEnv)
            }
        }
        close(input.read)
        close(output.write)
        close(errors.write)
        guard result == 0 else {
            close(input.write)
            close(output.read)
            close(errors.read)
            throw SpawnFailure(path: executable.path, code: result)
        }
        pid = child
        stdinWrite = input.write
        stdout = StreamCollector(output.read)
        stderr = StreamCollector(errors.read)
    }

    /// Writes to the child's standard input.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(stdinWrite, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Closes the child's standard input (once: a second close could hit a descriptor that another
    /// thread has opened since).
    public func closeStandardInput() {
        let shouldClose = lock.withLock { () -> Bool in
            defer { standardInputClosed = true }
            return !standardInputClosed
        }
        if shouldClose { close(stdinWrite) }
    }

    public func signal(_ signal: Int32) { kill(pid, signal) }

    /// Stops the child without blocking the caller (safe in a `defer` of an async test: the
    /// cooperative pool has two threads here): SIGTERM now; a thread of its own reaps the child and
    /// sends SIGKILL if it is still running after `grace` seconds.
    public func terminate(grace: Double = 20) {
        kill(pid, SIGTERM)
        Thread {
            if self.wait(timeout: grace) == nil {
                kill(self.pid, SIGKILL)
                _ = self.wait(timeout: 10)
            }
        }.start()
    }

    /// Waits for the child to exit; its exit status (128 + signal when killed), or `nil` on timeout.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = lock.withLock({ exitStatus }) { return status }
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, WNOHANG)
            if reaped == pid {
                let status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
                lock.withLock { exitStatus = status }
                return status
            }
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Everything the child wrote to standard output (waits for the stream to close).
    public func standardOutput() -> String { String(decoding: stdout.finish(), as: UTF8.self) }

    /// Everything the child wrote to standard error (waits for the stream to close).
    public func standardError() -> String { String(decoding: stderr.finish(), as: UTF8.self) }

    /// Waits for the first complete line of standard output.
    public func firstLine(timeout: Double = 30) async throws -> String {
        try await waitFor("a line on standard output", timeout: timeout) {
            let text = String(decoding: self.stdout.snapshot(), as: UTF8.self)
            guard let end = text.firstIndex(of: "\n") else { return nil }
            return String(text[..<end])
        }
    }

    deinit {
        if lock.withLock({ exitStatus }) == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 5)
        }
        closeStandardInput()
    }

    /// Serialises pipe creation with spawning: between `pipe` and `fcntl(FD_CLOEXEC)` no other
    /// thread may spawn a child that would inherit the new descriptors.
    private static let spawnLock = NSLock()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw SpawnFailure(path: "pipe", code: errno) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }
}

public struct SpawnFailure: Error, CustomStringConvertible {
    public let path: String
    public let code: Int32
    public var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
}

/// Reads a file descriptor to its end on a background thread.
final class StreamCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { data.append(contentsOf: buffer[0..<count]) }
            }
            close(descriptor)
            done.signal()
        }
    }

    func snapshot() -> Data { lock.withLock { data } }

    func finish() -> Data {
        done.wait()
        done.signal()
        return snapshot()
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
