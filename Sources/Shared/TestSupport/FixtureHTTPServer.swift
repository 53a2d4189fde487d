import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it answers each path from a routing closure, can
/// misbehave on purpose (never answer, stream too much, redirect forever), and counts the requests it
/// gets, so a test can prove that a cache hit made none. It never listens on any other address.
package final class FixtureHTTPServer: Sendable {
    /// How the server answers one request.
    package indirect enum Reply: Sendable {
        /// A normal response with a `Content-Length`.
        case response(status: Int, headers: [String: String], body: [UInt8])
        /// Read the request, then say nothing until the server stops.
        case hang
        /// A 200 whose body streams `count` bytes without a `Content-Length`.
        case endless(count: Int)
        /// Another reply, after a pause (to see how many requests run at once).
        case delayed(seconds: Double, Reply)
    }

    /// What the server received in one request.
    package struct Received: Sendable, Equatable {
        /// The method, e.g. `GET`.
        package var method: String
        /// The header fields, names lowercased.
        package var headers: [String: String]
        /// The body (as long as its `Content-Length`).
        package var body: [UInt8]
    }

    /// The port the server listens on (chosen by the system).
    package let port: Int
    private let listener: Int32
    private let counts = Mutex<[String: Int]>([:])
    private let latest = Mutex<[String: Received]>([:])
    private let arrivals = Mutex<[(path: String, at: ContinuousClock.Instant)]>([])
    private let sent = Mutex<[String: Int]>([:])
    private let stopped = Mutex(false)
    private let active = Mutex((now: 0, peak: 0))

    /// Starts a server answering with `route(path)`.
    package init(route: @escaping @Sendable (String) -> Reply) throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketFD, 64) == 0 else {
            close(socketFD)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = socketFD
        let thread = Thread { [self] in acceptLoop(route: route) }
        thread.start()
    }

    /// The base URL, e.g. `http://127.0.0.1:40123`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How many requests arrived for `path`.
    package func requests(to path: String) -> Int { counts.withLock { $0[path, default: 0] } }

    /// The last request that arrived for `path`.
    package func lastRequest(to path: String) -> Received? { latest.withLock { $0[path] } }

    /// When each request whose path starts with `prefix` arrived (its head read), in order.
    package func arrivalTimes(under prefix: String) -> [ContinuousClock.Instant] {
        arrivals.withLock { $0.filter { $0.path.hasPrefix(prefix) }.map(\.at) }
    }

    /// How many body bytes the server managed to send for `path` (a client that stops reading stops it).
    package func bodyBytesSent(to path: String) -> Int { sent.withLock { $0[path, default: 0] } }

    /// The most requests that were being served at the same time.
    package var peakConcurrentRequests: Int { active.withLock { $0.peak } }

    /// How many requests are being served now.
    package var activeRequests: Int { active.withLock { $0.now } }

    /// How many requests arrived in all.
    package var totalRequests: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// Stops listening and releases hanging connections.
    package func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        // Shutting the socket down refuses new connections and wakes the accept loop, which closes
        // it: closing it here could hand its number to another server's socket while the loop still
        // accepts on that number, serving that server's clients with this server's routes.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    private func acceptLoop(route: @escaping @Sendable (String) -> Reply) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if stopped.withLock({ $0 }) {
                    close(listener)
                    return
                }
                continue
            }
            let thread = Thread { [self] in serve(connection, route: route) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32, route: (String) -> Reply) {
        defer { close(connection) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.containsHeadEnd {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            head += buffer[0..<count]
        }
        let end = head.headEnd ?? head.count
        let lines = String(decoding: head[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        let path = requestLine.count > 1 ? String(requestLine[1]) : "/"
        var received = Received(method: requestLine.first.map(String.init) ?? "", headers: [:], body: [])
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            received.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        // The body: what came with the head, then the rest of its Content-Length.
        received.body = Array(head[end...])
        let length = Int(received.headers["content-length"] ?? "") ?? 0
        while received.body.count < length {
            let count = read(connection, &buffer, min(buffer.count, length - received.body.count))
            guard count > 0 else { break }
            received.body += buffer[0..<count]
        }
        counts.withLock { $0[path, default: 0] += 1 }
        arrivals.withLock { $0.append((path, .now)) }
        latest.withLock { $0[path] = received }
        active.withLock { active in
            active.now += 1
            active.peak = max(active.peak, active.now)
        }
        reply(route(path), to: path, on: connection)
    }

    /// Answers, and counts the request as served from the moment a whole answer is on its way (its
    /// client may send the next request as soon as it has read it) or when the reply gives up.
    private func reply(_ reply: Reply, to path: String, on connection: Int32) {
        let served = { self.active.withLock { $0.now -= 1 } }
        switch reply {
        case .response(let status, let headers, let body):
            var text = "HTTP/1.1 \(status) Fixture\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            served()
            transmit(connection, Array((text + "\r\n").utf8) + body)
        case .hang:
            while !stopped.withLock({ $0 }) { usleep(20_000) }
            served()
        case .endless(let count):
            transmit(
                connection,
                Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n".utf8))
            let chunk = [UInt8](repeating: 0x41, count: 65536)
            var sent = 0
            while sent < count, transmit(connection, chunk) {
                sent += chunk.count
                self.sent.withLock { $0[path, default: 0] += chunk.count }
            }
            served()
        case .delayed(let seconds, let next):
            Thread.sleep(forTimeInterval: seconds)
            self.reply(next, to: path, on: connection)
        }
    }

    @discardableResult
    private func transmit(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a client that hangs up must not kill the test process with SIGPIPE.
            let written = bytes[offset...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}

extension [UInt8] {
    fileprivate var containsHeadEnd: Bool { headEnd != nil }

    /// The index just past the blank line that ends an HTTP head.
    fileprivate var headEnd: Int? {
        guard count >= 4 else { return nil }
        return indices.dropLast(3).first {
            self[$0] == 0x0D && self[$0 + 1] == 0x0A && self[$0 + 2] == 0x0D && self[$0 + 3] == 0x0A
        }.map { $0 + 4 }
    }
}
