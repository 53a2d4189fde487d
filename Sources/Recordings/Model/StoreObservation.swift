/// A registration for the store's change notifications; the handler runs for as long as the caller
/// keeps this token (let it go, or call ``cancel()``, to stop hearing).
@MainActor
package final class StoreObservation {
    private var handler: ((StoreChange) -> Void)?

    init(handler: @escaping @MainActor (StoreChange) -> Void) {
        self.handler = handler
    }

    /// Stops the notifications.
    package func cancel() { handler = nil }

    /// Whether the handler still runs.
    var isActive: Bool { handler != nil }

    func deliver(_ change: StoreChange) { handler?(change) }
}
