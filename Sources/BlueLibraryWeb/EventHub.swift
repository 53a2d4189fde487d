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
    private let keepAlive = Mutex<Task<Void, Never>?>(nil)
    /// The most pages listening at once.
    public let maximumClients: Int

    /// Follows `library`'s changes; every 15 s a keep-alive comment tells proxies (and the server, which
    /// cannot see a page leave while its stream is parked) that the stream lives.
    public init(library: LibraryAPI, maximumClients: Int = 64, keepAliveInterval: Duration = .seconds(15)) {
        self.maximumClients = maximumClients
        let observation = library.changes.observe { [weak self] change in self?.broadcast(change) }
        subscription.withLock { $0 = observation }
        let task = Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: keepAliveInterval)
                self?.send(Array(": keep-alive\n\n".utf8))
            }
        }
        keepAlive.withLock { $0 = task }
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
        keepAlive.withLock { $0?.cancel() }
    }

    /// Waits (up to `timeout`) until every stream has ended on the server's side: the server must not
    /// stop while a parked connection is still waiting to be woken.
    public func waitUntilDisconnected(timeout: Duration = .seconds(2)) {
        let deadline = ContinuousClock.now + timeout
        while clientCount > 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    fileprivate func remove(_ client: EventClient) {
        _ = clients.withLock { $0.removeValue(forKey: ObjectIdentifier(client)) }
    }

    private func broadcast(_ change: LibraryChange) {
        send(Array("event: change\ndata: \(JSONWriter.string(WebJSON.change(change)))\n\n".utf8))
    }

    private func send(_ event: [UInt8]) {
        for client in clients.withLock({ $0.values.compactMap(\.client) }) { client.enqueue(event) }
    }
}

private struct WeakClient: Sendable {
    weak var client: EventClient?
}

/// One page's event stream: a queue the hub fills and the server drains.
public final class EventClient: WebEventStream, @unchecked Sendable {
    // @unchecked Sendable: `queue`, `finished` and `wake` are only touched under `lock`.
    private let lock = NSLock()
    private var queue: [[UInt8]] = [Array("retry: 1000\n\n".utf8)]
    private var finished = false
    private var wake: (@Sendable () -> Void)?
    private weak var hub: EventHub?

    init(hub: EventHub) {
        self.hub = hub
    }

    func enqueue(_ event: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if queue.count < 256 { queue.append(event) }
        wakeUp()
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        wakeUp()
    }

    /// Wakes a parked connection; called under `lock`, so it can never run before the park.
    private func wakeUp() {
        guard let wake else { return }
        self.wake = nil
        wake()
    }

    public func poll(park: () -> Void, wake: @escaping @Sendable () -> Void) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if finished { return nil }
        if !queue.isEmpty { return queue.removeFirst() }
        park()
        self.wake = wake
        return []
    }

    deinit { hub?.remove(self) }
}
