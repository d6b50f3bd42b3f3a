import Glibc

/// Writing bytes to the terminal whole, from anywhere: frames on the main actor, and the restore
/// in signal handlers (only `write` and `poll`, both async-signal-safe; nothing allocated).
enum TerminalWrite {
    /// Writes `count` bytes from `base` to `descriptor`: again after an interruption or a partial
    /// write, and after waiting (up to a second at a time) for room when the descriptor is
    /// non-blocking and full. Gives up on any other error.
    static func all(_ base: UnsafeRawPointer?, count: Int, to descriptor: Int32) {
        guard let base else { return }
        var offset = 0
        while offset < count {
            let written = write(descriptor, base + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard poll(&wait, 1, 1_000) > 0 else { return }
            } else {
                return
            }
        }
    }
}
