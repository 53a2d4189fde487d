import BlueLibraryCore
import BlueLibraryStorage

/// What one attempt to empty the outbox did.
public struct SyncReport: Sendable, Equatable {
    /// Changes the remote now has.
    public var sent = 0
    /// Changes the remote refused for good (dropped, with the reasons).
    public var rejected: [String] = []
    /// Changes still waiting.
    public var pending = 0
    /// Why sending stopped early (the remote is unreachable or failing), if it did.
    public var failure: String?
}

/// Online mode (spec §3, the tutorial's `isOnline`): every add, delete, undo and redo is put in a
/// durable outbox in the same transaction as the change, then mirrored to the remote BlueLibrary server
/// by stable id through the facade's ``HTTPClient``. When the remote is unreachable the local change
/// stands and waits; a retry sends the same idempotency key and never duplicates an album (an album
/// already there with the same fields counts as sent; a deletion of one already gone too).
extension LibraryAPI {
    /// Sends what waits in the outbox, oldest first, stopping at the first failure.
    public func syncNow() async -> SyncReport {
        var report = SyncReport()
        guard let remote, let httpClient else {
            report.failure = remote == nil ? "no remote server" : "offline (no HTTP client)"
            report.pending = (try? store.read { try $0.pendingSync(limit: .max).count }) ?? 0
            return report
        }
        // One sender at a time: a second caller finds the outbox being emptied and leaves it be.
        guard
            syncing.withLock({ busy in
                defer { busy = true }
                return !busy
            })
        else {
            report.pending = (try? store.read { try $0.pendingSync(limit: .max).count }) ?? 0
            return report
        }
        defer { syncing.withLock { $0 = false } }
        while true {
            let batch: [PendingSync]
            do {
                batch = try store.read { try $0.pendingSync(limit: 50) }
            } catch {
                report.failure = "\(error)"
                break
            }
            if batch.isEmpty { break }
            for item in batch {
                switch await Self.send(item, to: remote, with: httpClient) {
                case .sent: report.sent += 1
                case .rejected(let reason): report.rejected.append(reason)
                case .failed(let reason):
                    report.failure = reason
                    report.pending = (try? store.read { try $0.pendingSync(limit: .max).count }) ?? 0
                    return report
                }
                do {
                    try store.write { try $0.removeSync(item.sequence) }
                } catch {
                    report.failure = "\(error)"
                    return report
                }
            }
        }
        report.pending = (try? store.read { try $0.pendingSync(limit: .max).count }) ?? 0
        return report
    }

    private enum Outcome {
        case sent
        case rejected(String)
        case failed(String)
    }

    private static func send(_ item: PendingSync, to remote: String, with client: any HTTPClient) async
        -> Outcome
    {
        var headers = ["Idempotency-Key": item.key]
        let request: HTTPRequest
        switch item.command {
        case .add(let album, let index):
            guard case .object(var members) = AlbumCoding.json(album) else { return .rejected("bad album") }
            members.append(("index", .number(String(index))))
            headers["Content-Type"] = "application/json"
            request = HTTPRequest(
                method: "POST", url: remote + "/api/albums", headers: headers,
                body: Array(JSONWriter.string(.object(members)).utf8))
        case .delete(let album, _):
            request = HTTPRequest(method: "DELETE", url: remote + "/api/albums/\(album.id)", headers: headers)
        case .update(_, let after):
            guard case .object(let members) = AlbumCoding.json(after) else { return .rejected("bad album") }
            headers["Content-Type"] = "application/json"
            request = HTTPRequest(
                method: "PATCH", url: remote + "/api/albums/\(after.id)", headers: headers,
                body: Array(JSONWriter.string(.object(members.filter { $0.key != "id" })).utf8))
        }
        do {
            let response = try await client.send(request)
            switch response.status {
            case 200..<300: return .sent
            case 404 where request.method == "DELETE": return .sent  // already gone there
            case 500..<600: return .failed("\(request.method) \(request.url): HTTP status \(response.status)")
            default:
                var message: String?
                if case .string(let text)? = (try? JSONParser.parse(response.body))?["error"]?["message"] {
                    message = text
                }
                return .rejected("\(item.command.summary): \(message ?? "HTTP status \(response.status)")")
            }
        } catch let error as LibraryError {
            return .failed(error.message)
        } catch {
            return .failed("\(request.method) \(request.url): \(error)")
        }
    }
}
