import BlueLibraryCore
import BlueLibraryNetworking
import BlueLibraryStore
import Synchronization
import TestSupport
import Testing

@testable import BlueLibraryServices

/// A change leaves the outbox only when a BlueLibrary server answered it well-formed.
struct SyncServiceTests {
    /// A remote that answers every request with one canned response and remembers the requests.
    final class CannedRemote: HTTPClient {
        let answer: @Sendable (HTTPRequest) async throws -> HTTPResponse
        let requests = Mutex<[HTTPRequest]>([])

        init(_ answer: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
            self.answer = answer
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            requests.withLock { $0.append(request) }
            return try await answer(request)
        }
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }

    /// An online library with one change waiting: an album added.
    private func libraryWithOneChange() async throws -> (LibraryAPI, Album) {
        let library = LibraryAPI(store: TestLibrary.store(), isOnline: true)
        let album = Fixtures.album("Waiting")
        try await library.add(album)
        return (library, album)
    }

    private func pending(_ library: LibraryAPI) async throws -> Int {
        try await library.store.read { try $0.pendingSyncCount() }
    }

    @Test(
        arguments: [
            (
                Self.json(401, #"{"error":{"code":"unauthorized","message":"this server needs its token"}}"#),
                "token"
            ),
            (Self.json(403, #"{"error":{"code":"forbidden","message":"no"}}"#), "token"),
            (
                HTTPResponse(
                    status: 404, headers: ["content-type": "text/html"],
                    body: Array("<h1>Not Found</h1>".utf8)),
                "not a BlueLibrary server"
            ),
            (
                HTTPResponse(
                    status: 200, headers: ["content-type": "text/html"], body: Array("<html>hi</html>".utf8)),
                "not from a BlueLibrary server"
            ),
            (Self.json(503, #"{"error":{"code":"locked","message":"busy"}}"#), "busy"),
        ] as [(HTTPResponse, String)])
    func anAnswerThatIsNotASuccessFromBlueLibraryKeepsTheChange(answer: HTTPResponse, reason: String)
        async throws
    {
        let (library, _) = try await libraryWithOneChange()
        let sync = SyncService(
            library: library, remote: "http://remote.test", httpClient: CannedRemote { _ in answer })
        let report = await sync.syncNow()
        #expect(report.sent == 0)
        #expect(report.pending == 1)
        #expect(report.failure?.contains(reason) == true, "\(report.failure ?? "no failure")")
        #expect(try await pending(library) == 1)
    }

    @Test func aWellFormedSuccessRemovesTheChangeAndTheTokenIsSent() async throws {
        let (library, album) = try await libraryWithOneChange()
        let remote = CannedRemote { _ in
            Self.json(201, "{\"id\":\"\(album.id)\",\"title\":\"Waiting\",\"artist\":\"A\"}")
        }
        let sync = SyncService(
            library: library, remote: "http://remote.test/", token: "s3cret", httpClient: remote)
        let report = await sync.syncNow()
        #expect(
            report
                == {
                    var expected = SyncReport()
                    expected.sent = 1
                    return expected
                }())
        #expect(try await pending(library) == 0)
        let sent = try #require(remote.requests.withLock { $0.first })
        #expect(sent.url == "http://remote.test/api/albums")
        #expect(sent.headers["X-BlueLibrary-Token"] == "s3cret")
        #expect(sent.headers["Idempotency-Key"]?.count == 36)
    }

    @Test func aRefusalTheServerWillRepeatIsDroppedAndReported() async throws {
        let (library, _) = try await libraryWithOneChange()
        let remote = CannedRemote { _ in
            Self.json(409, #"{"error":{"code":"conflict","message":"already there with other fields"}}"#)
        }
        let report = await SyncService(library: library, remote: "http://r.test", httpClient: remote)
            .syncNow()
        #expect(report.rejected == ["add \"Waiting\": already there with other fields"])
        #expect(try await pending(library) == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aSlowRemoteHoldsACommandForItsBudgetOnly() async throws {
        let library = LibraryAPI(store: TestLibrary.store(), isOnline: true)
        for number in 0..<8 { try await library.add(Fixtures.album("S\(number)")) }
        // The remote answers after ten minutes: a run that ends within a twentieth of that was cut short by
        // the budget, on a machine of any load.
        let answer: Duration = .seconds(600)
        let remote = CannedRemote { request in
            try await Task.sleep(for: answer)
            return Self.json(201, "{}")
        }
        let started = ContinuousClock.now
        let report = await SyncService(library: library, remote: "http://slow.test", httpClient: remote)
            .syncNow(budget: .milliseconds(500))
        #expect(ContinuousClock.now - started < answer / 20)
        #expect(report.pending == 8)
        #expect(report.failure?.contains("took too long") == true, "\(report.failure ?? "")")
    }
}
