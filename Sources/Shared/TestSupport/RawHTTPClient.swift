import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP/1.1 connection to 127.0.0.1 for tests that need what URLSession hides: a request sent
/// byte for byte, or a response (an event stream) read as it arrives, from a chosen loopback address
/// (`127.0.0.2` is another client to the server). Reading blocks, so it runs on threads of its own:
/// the server under test needs Swift's cooperative threads to answer.
// @unchecked Sendable: `received` and `closed` change only in `read`, which a test calls one at a time.
package final class RawHTTPConnection: @unchecked Sendable {
    private let socketFD: Int32
    private var received: [UInt8] = []
    /// Whether the server has closed the connection (seen by the last read).
    package private(set) var closed = false

    /// Connects to `127.0.0.1:port` from `source`, a loopback address (`127.0.0.2` is another client).
    package init(port: Int, from source: String = "127.0.0.1") throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var local = Self.address(source, port: 0)
        var address = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let status =
            bound != 0
            ? bound
            : withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        guard status == 0 else {
            close(socketFD)
            throw POSIXError(.ECONNREFUSED)
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socketFD) }

    /// Closes the connection from this end now (a page that goes away), whoever still holds this object.
    package func hangUp() {
        shutdown(socketFD, Int32(SHUT_RDWR))
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    /// Sends raw bytes.
    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the text received so far contains `marker`, the server closes the connection, or
    /// `seconds` pass; returns everything so far. The default is long: on a loaded machine, with every
    /// suite starting at once, an in-process server's first answer can take seconds.
    package func read(until marker: String, seconds: Double = 30) async -> String {
        await TestThreads.run { self.blockingRead(until: marker, seconds: seconds) }
    }

    /// Reads everything until the server closes the connection; returns whether it did within `seconds`.
    package func readUntilClosed(seconds: Double) async -> Bool {
        _ = await read(until: "\u{0}never sent\u{0}", seconds: seconds)
        return closed
    }

    /// Everything received so far.
    package var text: String { String(decoding: received, as: UTF8.self) }

    /// Everything received so far, as bytes (a body that is not text).
    package var bytes: [UInt8] { received }

    private func blockingRead(until marker: String, seconds: Double) -> String {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        // The marker is looked for in the bytes, only where it could newly end: decoding everything
        // received after every read made reading a large body quadratic.
        let needle = Array(marker.utf8)
        var searched = 0
        func found() -> Bool {
            guard !needle.isEmpty else { return true }
            var start = max(0, searched - needle.count + 1)
            searched = received.count
            while start + needle.count <= received.count {
                if received[start] == needle[0]
                    && received[start..<start + needle.count].elementsEqual(needle)
                {
                    return true
                }
                start += 1
            }
            return false
        }
        while !closed && Date() < deadline && !found() {
            let count = recv(socketFD, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                closed = true  // the end of the stream, or a reset
            }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
