import Observation
import Synchronization

/// Binds a view to view-model properties with Swift's Observation: `apply` reads the properties it
/// needs and sets the widgets; when any of them changes, the binding is marked stale and runs again
/// at the next ``refresh()`` — the view controller's "layout if needed" before each frame.
@MainActor
final class ObservedUpdate {
    private let apply: @MainActor () -> Void
    private let stale = StaleFlag()

    init(_ apply: @escaping @MainActor () -> Void) {
        self.apply = apply
    }

    /// Runs `apply` if something it read has changed since it last ran (or it never ran).
    func refresh() {
        guard stale.take() else { return }
        let stale = stale
        withObservationTracking {
            apply()
        } onChange: {
            stale.raise()
        }
    }
}

/// Set by Observation (from whichever thread changed a property), taken by the next refresh.
private final class StaleFlag: Sendable {
    private let flag = Atomic<Bool>(true)

    func raise() { flag.store(true, ordering: .relaxed) }
    func take() -> Bool { flag.exchange(false, ordering: .relaxed) }
}
