import BlueLibraryCore
import BlueLibraryServices
import Foundation
import Synchronization

/// Server-sent events: every change to the library — from a page, the terminal UI, the command line or
/// any other process — reaches every open page as `event: change` with the new state.
public final class EventHub: Sendable {
    /// Held weakly: a stream ends when the server lets go of it (the page went away).
    private let clients = Mutex<[ObjectIdentifier: WeakClient]>([:])
    private let subscription = Mutex<Subscription?>(nil)
    private let closed = Atomic<Bool>(false)
    /// The most pages listening at once.
    public let maximumClients: Int

    /// Follows `library`'s changes.
    public init(library: LibraryAPI, maximumClients: Int = 64) {
        self.maximumClients = maximumClients
        let observation = library.changes.observe { [weak self] change in self?.broadcast(change) }
        subscription.withLock { $0 = observation }
    }

    /// A new stream for one page, or `nil` when too many are open or the hub is closed.
    public func connect() -> EventClient? {
        guard !closed.load(ordering: .relaxed) else { return nil }
        let client = EventClient(hub: self)
        let accepted = clients.withLock { clients -> Bool in
            guard clients.count < maximumClients else { return false }
            clients[ObjectIdentifier(client)] = WeakClient(client: client)
            return true
        }
        return accepted ? client : nil
    }

    /// How many pages are listening.
    public var clientCount: Int { clients.withLock { $0.count } }

    /// Ends every stream (the server is shutting down).
    public func close() {
        closed.store(true, ordering: .relaxed)
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return clients.values.compactMap(\.client)
        }
        for client in all { client.finish() }
        subscription.withLock { $0 = nil }
    }

    fileprivate func remove(_ client: EventClient) {
        _ = clients.withLock { $0.removeValue(forKey: ObjectIdentifier(client)) }
    }

    private func broadcast(_ change: LibraryChange) {
        let event = Array("event: change\ndata: \(JSONWriter.string(WebJSON.change(change)))\n\n".utf8)
        for client in clients.withLock({ $0.values.compactMap(\.client) }) { client.enqueue(event) }
    }
}

private struct WeakClient: Sendable {
    weak var client: EventClient?
}

/// One page's event stream: a queue the hub fills and the server drains.
public final class EventClient: WebEventStream, @unchecked Sendable {
    // @unchecked Sendable: `queue` and `finished` are only touched under `condition`.
    private let condition = NSCondition()
    private var queue: [[UInt8]] = [Array("retry: 1000\n\n".utf8)]
    private var finished = false
    private weak var hub: EventHub?
    private let keepAlive: TimeInterval

    init(hub: EventHub, keepAlive: TimeInterval = 15) {
        self.hub = hub
        self.keepAlive = keepAlive
    }

    func enqueue(_ event: [UInt8]) {
        condition.lock()
        if queue.count < 256 { queue.append(event) }
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    public func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if queue.isEmpty && !finished { _ = condition.wait(until: Date(timeIntervalSinceNow: keepAlive)) }
        if finished { return nil }
        return queue.isEmpty ? Array(": keep-alive\n\n".utf8) : queue.removeFirst()
    }

    deinit { hub?.remove(self) }
}
