import Synchronization

/// A typed, thread-safe notification centre for one kind of event: the Observer pattern.
///
/// The tutorial posts untyped `NSNotification`s by string name; here each channel is a value of its
/// own type (`Broadcaster<LibraryChange>`), so names cannot be misspelt and payloads need no casts.
/// Handlers run synchronously on the posting thread, outside the lock, in subscription order.
package final class Broadcaster<Event: Sendable>: Sendable {
    private struct Observers {
        var nextID = 0
        var handlers: [(id: Int, handler: @Sendable (Event) -> Void)] = []
    }

    private let observers = Mutex(Observers())

    /// Creates a channel with no observers.
    package init() {}

    /// Calls `handler` for every event posted from now on, until the returned ``Subscription`` is
    /// cancelled or released.
    package func observe(_ handler: @escaping @Sendable (Event) -> Void) -> Subscription {
        let id = observers.withLock { observers in
            observers.nextID += 1
            observers.handlers.append((observers.nextID, handler))
            return observers.nextID
        }
        return Subscription { [weak self] in
            self?.observers.withLock { $0.handlers.removeAll { $0.id == id } }
        }
    }

    /// Delivers `event` to every current observer.
    package func post(_ event: Event) {
        let handlers = observers.withLock { $0.handlers.map(\.handler) }
        for handler in handlers { handler(event) }
    }

    /// The events posted from now on, as an async sequence that ends when the consumer stops.
    package func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Event.self, bufferingPolicy: .bufferingNewest(256))
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// How many observers are subscribed (for tests and diagnostics).
    package var observerCount: Int { observers.withLock { $0.handlers.count } }
}

/// A subscription to a ``Broadcaster``; cancelled when cancelled explicitly or when released.
package final class Subscription: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Stops delivery; calling it again does nothing.
    package func cancel() {
        let cancel = cancellation.withLock { slot in
            defer { slot = nil }
            return slot
        }
        cancel?()
    }

    deinit { cancel() }
}
