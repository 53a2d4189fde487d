/// The reactive value at the heart of the bindings (what CwlSignal is to the original): it holds a
/// value, and everything bound to it hears each new one at once. Views are bound weakly — a view that
/// goes away stops listening — while a derived signal is kept by the signal it derives from, until it is
/// detached (its folder's list is gone).
@MainActor
final class Signal<Value> {
    private(set) var value: Value
    private var observers: [Observer] = []
    /// Set once the signal is no longer wanted: its sources let go of it at their next value.
    private(set) var isDetached = false

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

    /// Stops this signal: nothing bound to it hears another value, and the signals it derives from
    /// drop it.
    func detach() {
        isDetached = true
        observers.removeAll()
    }

    /// Feeds a derived signal until it is detached.
    private func feed<Derived>(_ derived: Signal<Derived>, _ handler: @escaping (Value) -> Void) {
        observers.append(Observer(isBound: { !derived.isDetached }, handler: handler))
    }

    /// A signal of `transform` of every value.
    func map<Result>(_ transform: @escaping (Value) -> Result) -> Signal<Result> {
        let derived = Signal<Result>(transform(value))
        feed(derived) { derived.send(transform($0)) }
        return derived
    }

    /// A signal of this one's value paired with another's, new whenever either is.
    func combine<Other>(_ other: Signal<Other>) -> Signal<(Value, Other)> {
        let derived = Signal<(Value, Other)>((value, other.value))
        feed(derived) { [weak other] value in derived.send((value, other?.value ?? derived.value.1)) }
        other.feed(derived) { [weak self] value in derived.send((self?.value ?? derived.value.0, value)) }
        return derived
    }
}
