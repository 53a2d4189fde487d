// The caretaker of the Memento example (see Memento.swift), in a file of its own on purpose: from
// here the compiler lets it keep a `ScribbleMemento` and hand it back, but not look inside one or
// make one. MementoTests checks that this stays so.

/// Keeps mementos under names without looking inside (the book's `ScribbleManager`, which files them).
struct ScribbleManager {
    private var saved: [String: ScribbleMemento] = [:]

    mutating func save(_ memento: ScribbleMemento, as name: String) {
        saved[name] = memento
    }

    func memento(named name: String) -> ScribbleMemento? {
        saved[name]
    }
}
