import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import Synchronization

/// Server-sent events: every change to the library — from a page, the terminal UI, the command line or
/// any other process — reaches every open page as `event: change` with the new state; a change to one
/// person's own data (a star, a rating, a play, a playlist, from a phone or a page) reaches the pages
/// that person is signed in on as `event: mine` — no one else's.
///
/// A service of `serve`: ``run()`` sends a keep-alive comment every 15 s (proxies, and the server, which
/// cannot see a page leave while its stream is parked, learn that the stream lives) until cancelled,
/// and then closes every stream. Connecting and closing take the same lock, so a page connecting while
/// the hub closes is either refused or ended — never left open.
///
/// Streams are long-lived, so they are limited twice: in all (a share of the server's connections,
/// leaving the rest to ordinary requests) and per client address (one client cannot take them all).
/// A stream's slot is freed as soon as its page goes: the server closes the streams whose client has
/// hung up within a quarter of a second, and a page that finds the hub full frees the slots of streams
/// whose clients have gone before it is refused (a page reloaded a few times in a row keeps its updates).
package final class EventHub: Service {
    private struct State {
        var clients: [ObjectIdentifier: EventClient] = [:]
        var perAddress: [String: Int] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    private let subscription: Subscription
    private let personal: Subscription
    private let keepAliveInterval: Duration
    /// The most pages listening at once.
    package let maximumClients: Int
    /// The most pages listening at once from one client address.
    package let maximumClientsPerAddress: Int

    /// Follows `library`'s changes from now on.
    package init(
        library: LibraryAPI, maximumClients: Int = 64, maximumClientsPerAddress: Int = 16,
        keepAliveInterval: Duration = .seconds(15)
    ) {
        self.maximumClients = maximumClients
        self.maximumClientsPerAddress = maximumClientsPerAddress
        self.keepAliveInterval = keepAliveInterval
        let relay = WeakHubReference()
        subscription = library.changes.observe { change in relay.hub?.broadcast(change) }
        personal = library.personalChanges.observe { user in relay.hub?.tell(user) }
        relay.hub = self
    }

    /// A new stream for one page, or `nil` when too many are open (in all, or from `address`) or the
    /// hub is closed.
    /// - Parameters:
    ///   - user: the id of the user signed in on the page, who is told of changes to their own data.
    ///   - hasGone: whether this page's client has left (its connection closed); asked of the open
    ///     streams when the hub is full, so that the streams of pages that left free their slots.
    package func connect(
        from address: String? = nil, user: String? = nil, hasGone: @escaping @Sendable () -> Bool = { false }
    ) -> EventClient? {
        let key = address ?? ""
        if let client = admit(key, user, hasGone) { return client }
        // Full: close the streams whose clients have gone (outside the lock: closing takes it), then try
        // once more.
        let candidates = state.withLock { state in
            state.closed
                ? []
                : state.clients.values.filter { state.clients.count >= maximumClients || $0.address == key }
        }
        let gone = candidates.filter { $0.hasGone() }
        guard !gone.isEmpty else { return nil }
        for client in gone { client.close() }
        return admit(key, user, hasGone)
    }

    private func admit(_ key: String, _ user: String?, _ hasGone: @escaping @Sendable () -> Bool)
        -> EventClient?
    {
        state.withLock { state -> EventClient? in
            guard !state.closed, state.clients.count < maximumClients else { return nil }
            guard state.perAddress[key, default: 0] < maximumClientsPerAddress else { return nil }
            let client = EventClient(hub: self, address: key, user: user, hasGone: hasGone)
            state.clients[ObjectIdentifier(client)] = client
            state.perAddress[key, default: 0] += 1
            return client
        }
    }

    /// How many pages are listening.
    package var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sends keep-alives until cancelled, then closes every stream.
    package func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: keepAliveInterval)
            if !Task.isCancelled { send(Array(": keep-alive\n\n".utf8)) }
        }
        close()
    }

    /// Ends every stream and refuses new ones (the server is shutting down).
    package func close() {
        let all = state.withLock { state in
            state.closed = true
            defer {
                state.clients.removeAll()
                state.perAddress.removeAll()
            }
            return Array(state.clients.values)
        }
        subscription.cancel()
        personal.cancel()
        for client in all { client.close() }
    }

    fileprivate func remove(_ client: EventClient) {
        state.withLock { state in
            guard state.clients.removeValue(forKey: ObjectIdentifier(client)) != nil else { return }
            state.perAddress[client.address, default: 1] -= 1
            if state.perAddress[client.address] == 0 { state.perAddress[client.address] = nil }
        }
    }

    private func broadcast(_ change: LibraryChange) {
        send(Array("event: change\ndata: \(JSONWriter.string(WebJSON.change(change)))\n\n".utf8))
    }

    /// Tells the pages `user` is signed in on that their own data changed.
    private func tell(_ user: String) {
        send(Array("event: mine\ndata: {}\n\n".utf8)) { $0.user == user }
    }

    private func send(_ event: [UInt8], to chosen: (EventClient) -> Bool = { _ in true }) {
        for client in state.withLock({ Array($0.clients.values) }) where chosen(client) {
            client.enqueue(event)
        }
    }
}

/// Lets the hub's subscription reach the hub without keeping it alive.
// @unchecked Sendable: `hub` is written once, in EventHub.init, before any change can be posted to it.
private final class WeakHubReference: @unchecked Sendable {
    weak var hub: EventHub?
}

/// One page's event stream: a queue the hub fills and the server drains.
package final class EventClient: WebEventStream {
    private struct State {
        var queue: [[UInt8]] = [Array("retry: 1000\n\n".utf8)]
        var finished = false
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    private weak let hub: EventHub?
    /// The client address it was opened from (empty when unknown).
    fileprivate let address: String
    /// The id of the user signed in on its page, if any.
    fileprivate let user: String?
    /// Whether its page's client has left.
    fileprivate let hasGone: @Sendable () -> Bool

    init(hub: EventHub, address: String, user: String?, hasGone: @escaping @Sendable () -> Bool) {
        self.hub = hub
        self.address = address
        self.user = user
        self.hasGone = hasGone
    }

    func enqueue(_ event: [UInt8]) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            if state.queue.count < 256 { state.queue.append(event) }
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    package func close() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.finished = true
            defer { state.wake = nil }
            return state.wake
        }
        hub?.remove(self)
        wake?()
    }

    package func poll(park: () -> Void, wake: @escaping @Sendable () -> Void) -> [UInt8]? {
        state.withLock { state -> [UInt8]? in
            if state.finished { return nil }
            if !state.queue.isEmpty { return state.queue.removeFirst() }
            // Parked under the lock, so a wake-up can never come before the park.
            park()
            state.wake = wake
            return []
        }
    }
}
