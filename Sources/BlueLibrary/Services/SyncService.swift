import BlueLibraryCore
import BlueLibraryNetworking
import BlueLibraryStore
import Synchronization

/// What one attempt to empty the outbox did.
package struct SyncReport: Sendable, Equatable {
    /// Changes the remote now has.
    package var sent = 0
    /// Changes the remote refused for good (dropped, with the reasons).
    package var rejected: [String] = []
    /// Changes still waiting.
    package var pending = 0
    /// Why sending stopped early (the remote is unreachable, failing, or refuses our token), if it did.
    package var failure: String?

    /// An empty report.
    package init() {}
}

/// Online mode (the tutorial's `isOnline`): the facade puts every add, edit, delete, undo and
/// redo in a durable outbox in the same transaction as the change; this service mirrors the outbox to
/// the remote BlueLibrary server by stable album id through an ``HTTPClient``.
///
/// A change leaves the outbox only when a BlueLibrary server answered it well-formed: a success with the
/// album back, or a refusal it will repeat (a conflict, an invalid album). Anything else — no answer, a
/// server error, a refused token, an unknown endpoint, an HTML page — keeps it for the next attempt. A
/// retry sends the same idempotency key and never duplicates an album.
package final class SyncService: Service {
    /// The base URL of the remote server.
    package let remote: String
    private let library: LibraryAPI
    private let token: String?
    private let httpClient: any HTTPClient
    private let busy = Atomic<Bool>(false)

    /// Creates the service for a facade in online mode.
    /// - Parameters:
    ///   - remote: the remote server's base URL (a trailing slash is dropped).
    ///   - token: the token a server off loopback requires for changes (`X-BlueLibrary-Token`).
    package init(library: LibraryAPI, remote: String, token: String? = nil, httpClient: any HTTPClient) {
        self.library = library
        self.remote = remote.hasSuffix("/") ? String(remote.dropLast()) : remote
        self.token = token
        self.httpClient = httpClient
    }

    /// Sends what waits in the outbox, oldest first, stopping at the first failure — or, with a
    /// `budget`, when that much time has passed (a command must not hang on a slow remote; the rest
    /// waits for the next run or the background of `serve` and `tui`).
    package func syncNow(budget: Duration? = nil) async -> SyncReport {
        var report = SyncReport()
        // One sender at a time: a second caller finds the outbox being emptied and leaves it be.
        guard !busy.exchange(true, ordering: .acquiring) else {
            report.pending = await pendingCount()
            return report
        }
        defer { busy.store(false, ordering: .releasing) }
        let deadline = budget.map { ContinuousClock.now + $0 }
        sending: while true {
            let batch: [PendingSync]
            do {
                batch = try await library.pendingChanges(limit: 50)
            } catch {
                report.failure = "\(error)"
                break
            }
            if batch.isEmpty { break }
            for item in batch {
                if let deadline, ContinuousClock.now >= deadline {
                    report.failure = "\(remote): took too long; stopped after \(budget ?? .zero)"
                    break sending
                }
                switch await send(item, until: deadline) {
                case .sent: report.sent += 1
                case .rejected(let reason): report.rejected.append(reason)
                case .failed(let reason):
                    report.failure = reason
                    break sending
                }
                do {
                    try await library.removePendingChange(item.sequence)
                } catch {
                    report.failure = "\(error)"
                    break sending
                }
            }
        }
        report.pending = await pendingCount()
        return report
    }

    /// Sends the outbox every second until cancelled (the background of `serve` and `tui`).
    package func run() async {
        await run(every: .seconds(1))
    }

    /// Sends the outbox every `interval` until cancelled.
    package func run(every interval: Duration) async {
        while !Task.isCancelled {
            _ = await syncNow()
            try? await Task.sleep(for: interval)
        }
    }

    private func pendingCount() async -> Int {
        (try? await library.pendingChangeCount()) ?? 0
    }

    enum Outcome: Equatable {
        case sent
        case rejected(String)
        case failed(String)
    }

    private func send(_ item: PendingSync, until deadline: ContinuousClock.Instant?) async -> Outcome {
        guard let request = self.request(for: item) else {
            return .rejected("\(item.command.summary): a grouped change cannot be sent as one")
        }
        do {
            let response: HTTPResponse
            if let deadline {
                response = try await withDeadline(deadline, label: request.url) { [httpClient] in
                    try await httpClient.send(request)
                }
            } else {
                response = try await httpClient.send(request)
            }
            return Self.outcome(of: response, to: request, for: item.command)
        } catch let error as LibraryError {
            return .failed(error.message)
        } catch {
            return .failed("\(request.method) \(request.url): \(error)")
        }
    }

    private func request(for item: PendingSync) -> HTTPRequest? {
        var headers = ["Idempotency-Key": item.key, "Accept": "application/json"]
        if let token { headers["X-BlueLibrary-Token"] = token }
        func body(_ value: JSONValue) -> [UInt8] {
            headers["Content-Type"] = "application/json"
            var bytes: [UInt8] = []
            JSONWriter.append(value, to: &bytes)
            return bytes
        }
        switch item.command {
        case .add(let album, let index):
            let bytes = body(AlbumCoding.json(album, index: index))
            return HTTPRequest(method: "POST", url: remote + "/api/albums", headers: headers, body: bytes)
        case .delete(let album, _):
            return HTTPRequest(method: "DELETE", url: remote + "/api/albums/\(album.id)", headers: headers)
        case .update(let edit):
            // Only the fields the step changed, so the remote keeps what changed there since.
            let fields = edit.changes.map { change -> (String, JSONValue) in
                if change.field == .year {
                    return (change.field.rawValue, Int(change.after).map { .number(String($0)) } ?? .null)
                }
                return (change.field.rawValue, .string(change.after))
            }
            return HTTPRequest(
                method: "PATCH", url: remote + "/api/albums/\(edit.id)", headers: headers,
                body: body(.object(fields)))
        case .group, .tracks, .moves:
            // The outbox holds single changes only (see `enqueueSync(_:)`), and never a scan's: a remote
            // server has files of its own.
            return nil
        }
    }

    /// Decides what an answer means. Only a BlueLibrary server's JSON counts: its success names the
    /// album, its errors are `{"error": {"code", "message"}}`.
    static func outcome(of response: HTTPResponse, to request: HTTPRequest, for command: HistoryCommand)
        -> Outcome
    {
        let label = "\(request.method) \(request.url)"
        let isJSON = response.headers["content-type"]?.lowercased().hasPrefix("application/json") ?? false
        let body = isJSON ? try? JSONParser.parse(response.body) : nil
        let errorCode: String? = {
            if case .string(let code)? = body?["error"]?["code"] { return code }
            return nil
        }()
        let errorMessage: String? = {
            if case .string(let message)? = body?["error"]?["message"] { return message }
            return nil
        }()
        switch response.status {
        case 200..<300:
            let album = request.method == "DELETE" ? body?["deleted"] : body
            guard case .string(let id)? = album?["id"], id == command.albumID.rawValue else {
                return .failed(
                    "\(label): the answer is not from a BlueLibrary server (HTTP \(response.status))")
            }
            return .sent
        case 404 where request.method == "DELETE" && errorCode == "not_found":
            return .sent  // already gone there
        case 401, 403:
            let reason = errorMessage ?? "HTTP \(response.status)"
            return .failed(
                "\(label): the server refused the change (\(reason)); give its token with --remote-token")
        case 400 where errorCode != nil, 409 where errorCode != nil, 422 where errorCode != nil:
            return .rejected("\(command.summary): \(errorMessage ?? "HTTP \(response.status)")")
        default:
            let detail = errorMessage ?? "HTTP \(response.status)"
            let kind = errorCode == nil ? " (not a BlueLibrary server's answer)" : ""
            return .failed("\(label): \(detail)\(kind)")
        }
    }
}

extension HistoryCommand {
    /// The id of the album the command is about (the first one's, for a group).
    var albumID: AlbumID {
        switch self {
        case .add(let album, _), .delete(let album, _): album.id
        case .update(let edit): edit.id
        case .tracks(let change): change.album
        case .moves: AlbumID.random()
        case .group(let group): group.commands.first?.albumID ?? AlbumID.random()
        }
    }

    /// The single changes this command is made of that a remote server takes, in order (a group's, one
    /// by one). Tracks and moved files are this library's own (the remote re-credits tracks itself when
    /// it takes an album's corrected artist).
    var singleChanges: [HistoryCommand] {
        switch self {
        case .group(let group): group.commands.flatMap(\.singleChanges)
        case .tracks, .moves: []
        default: [self]
        }
    }
}

extension LibraryWriter {
    /// Puts a change in the outbox, one entry per album it touches, each with a fresh idempotency key.
    func enqueueSync(_ command: HistoryCommand) throws {
        for single in command.singleChanges { try enqueueSync(single, key: AlbumID.random().rawValue) }
    }
}
