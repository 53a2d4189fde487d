/// The reactive value at the heart of the bindings (what CwlSignal is to the original): it holds a
/// value, and everything bound to it hears each new one at once. Views are bound weakly — a view that
/// goes away stops listening — while a derived signal is kept by the signal it derives from.
@MainActor
final class Signal<Value> {
    private(set) var value: Value
    private var observers: [Observer] = []

    private struct Observer {
        let isBound: () -> Bool
        let handler: (Value) -> Void
    }

    init(_ value: Value) {
        self.value = value
    }

    /// Sets a new value and tells every observer.
    func send(_ newValue: Value) {
        value = newValue
        observers.removeAll { !$0.isBound() }
        for observer in observers { observer.handler(newValue) }
    }

    /// Changes the value in place.
    func update(_ change: (inout Value) -> Void) {
        var copy = value
        change(&copy)
        send(copy)
    }

    /// Calls `handler` with the value now and with every new one, while `owner` exists.
    func bind<Owner: AnyObject>(_ owner: Owner, _ handler: @escaping (Owner, Value) -> Void) {
        observers.append(
            Observer(
                isBound: { [weak owner] in owner != nil },
                handler: { [weak owner] value in if let owner { handler(owner, value) } }))
        handler(owner, value)
    }

    /// Feeds a derived signal for as long as this one lives.
    private func feed(_ handler: @escaping (Value) -> Void) {
        observers.append(Observer(isBound: { true }, handler: handler))
    }

    /// A signal of `transform` of every value.
    func map<Result>(_ transform: @escaping (Value) -> Result) -> Signal<Result> {
        let derived = Signal<Result>(transform(value))
        feed { derived.send(transform($0)) }
        return derived
    }

    /// A signal of this one's value paired with another's, new whenever either is.
    func combine<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        let derived = Signal<(Value, Other)>((value, other.value))
        feed { [weak other] value in derived.send((value, other?.value ?? derived.value.1)) }
        other.feed { [weak self] value in derived.send((self?.value ?? derived.value.0, value)) }
        return derived
    }
}
