import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Synchronization
import TestSupport
import Testing

struct EventHubTests {
    /// A page connecting while the hub closes is either refused or ended: never left open.
    @Test func aStreamOpenedWhileTheHubClosesIsRefusedOrEnded() async {
        for _ in 0..<200 {
            let hub = EventHub(library: LibraryAPI(store: TestLibrary.store()))
            let clients = await withTaskGroup(of: EventClient?.self) { group in
                for _ in 0..<8 { group.addTask { hub.connect() } }
                group.addTask {
                    hub.close()
                    return nil
                }
                return await group.reduce(into: [EventClient]()) { clients, client in
                    if let client { clients.append(client) }
                }
            }
            #expect(hub.clientCount == 0)
            for client in clients { #expect(client.poll(park: {}, wake: {}) == nil) }
            #expect(hub.connect() == nil, "a closed hub refuses new pages")
        }
    }

    @Test func aParkedStreamIsWokenByTheNextEventAndEndedByClose() async throws {
        let library = LibraryAPI(store: TestLibrary.store())
        let hub = EventHub(library: library)
        let client = try #require(hub.connect())
        #expect(client.poll(park: {}, wake: {}) == Array("retry: 1000\n\n".utf8))
        let woken = WakeCounter()
        var parked = false
        #expect(client.poll(park: { parked = true }, wake: { woken.add() }) == [])
        #expect(parked)
        try await library.delete(.index(0))
        #expect(woken.count == 1)
        #expect(
            String(decoding: client.poll(park: {}, wake: {}) ?? [], as: UTF8.self).hasPrefix("event: change"))
        hub.close()
        #expect(client.poll(park: {}, wake: {}) == nil)
    }
}

private final class WakeCounter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
