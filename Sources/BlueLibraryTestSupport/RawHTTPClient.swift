import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP/1.1 connection to 127.0.0.1 for tests that need what URLSession hides: a request sent
/// byte for byte, or a response (an event stream) read as it arrives. Reading blocks, so it runs on
/// threads of its own: the server under test needs Swift's cooperative threads to answer.
// @unchecked Sendable: `received` is only touched by `read`, which a test calls one at a time.
package final class RawHTTPConnection: @unchecked Sendable {
    private let socketFD: Int32
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    package init(port: Int) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
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

    /// Sends raw bytes.
    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the text received so far contains `marker`, or `seconds` pass; returns everything so far.
    package func read(until marker: String, seconds: Double = 10) async -> String {
        await TestThreads.run { self.blockingRead(until: marker, seconds: seconds) }
    }

    private func blockingRead(until marker: String, seconds: Double) -> String {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline && !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = recv(socketFD, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count] } else if count == 0 { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
