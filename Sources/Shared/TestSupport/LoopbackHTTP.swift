/// One HTTP request to a server on 127.0.0.1, on a connection of its own that the server closes after
/// answering: what the end-to-end tests of several servers send many of.
package enum LoopbackHTTP {
    /// A status and a body.
    package struct Reply: Sendable {
        package var status: Int
        package var body: String
        /// The header fields, names lowercased (the last of a name given more than once).
        package var headers: [String: String] = [:]
    }

    /// Sends `method path` with a JSON `body` (if any) and waits up to `seconds` for the answer; `nil` when
    /// no answer came (the connection was refused or reset, or the time ran out). The default is long: a
    /// server that is up answers, however loaded the machine, and one that is gone refuses or resets the
    /// connection at once, so the time running out only ever stood for a slow machine, never a lost server.
    package static func request(
        port: Int, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
        seconds: Double = 60
    ) async throws -> Reply? {
        guard let connection = try? RawHTTPConnection(port: port) else { return nil }
        let bytes = body.map { Array($0.utf8) } ?? []
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        connection.send(head + "\r\n" + (body ?? ""))
        guard await connection.readUntilClosed(seconds: seconds) else { return nil }
        let text = connection.text
        guard text.hasPrefix("HTTP/1.1 "), let status = Int(text.dropFirst(9).prefix(3)),
            let split = text.range(of: "\r\n\r\n")
        else { return nil }
        var fields: [String: String] = [:]
        for line in text[..<split.lowerBound].split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return Reply(status: status, body: String(text[split.upperBound...]), headers: fields)
    }
}
