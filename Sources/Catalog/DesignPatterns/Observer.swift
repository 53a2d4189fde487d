// Observer — a subject keeps a list of observers, lets them subscribe and unsubscribe, and notifies
// every one of them when it changes, without knowing what they are.
//
// The book first draws the classic structure: a `Subject` with attach, detach and notify, and
// `Observer`s with `update`, which pull from the subject the state they show. Cocoa builds two
// forms on it, both here too: a notification centre (one-to-many, by name, with a payload; the
// poster knows nothing of the listeners) and key-value observation of one property (one-to-one, with
// the old and the new value). Use it when a change in one object must reach others you don't want
// to name. Don't use it for a single, known recipient (a delegate or a closure is clearer), and keep
// the chains short: cascading notifications are hard to follow. Unsubscribe when done: an observer
// that was removed must receive nothing.
//
// BlueLibrary: `Broadcaster` tells the faces that the library changed (a typed notification centre);
// PATTERNS.md names the files.

/// The book's abstract observer: told when a subject it is attached to has changed.
protocol Observer: AnyObject {
    /// Called by `subject.notify()`; the observer asks the subject for the state it needs.
    func update(_ subject: Subject)
}

/// The book's abstract subject: keeps its observers and notifies them all. It holds them strongly,
/// as the book's does: detach an observer to let it go.
class Subject {
    private var observers: [any Observer] = []

    func attach(_ observer: any Observer) {
        observers.append(observer)
    }

    func detach(_ observer: any Observer) {
        observers.removeAll { $0 === observer }
    }

    /// Calls `update` on every attached observer, in the order they were attached.
    func notify() {
        for observer in observers {
            observer.update(self)
        }
    }
}

/// A concrete subject: how often an album has been played.
final class PlayCounter: Subject {
    let album: String
    private(set) var plays = 0

    init(album: String) {
        self.album = album
    }

    func play() {
        plays += 1
        notify()
    }
}

/// A concrete observer: a chart that shows each album's play count.
final class PlayChart: Observer {
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    func update(_ subject: Subject) {
        guard let counter = subject as? PlayCounter else { return }
        console.print("Chart: \(counter.album), plays: \(counter.plays)")
    }
}

/// Another concrete observer: a status line that shows what is playing.
final class StatusLine: Observer {
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    func update(_ subject: Subject) {
        guard let counter = subject as? PlayCounter else { return }
        console.print("Status line: playing \(counter.album)")
    }
}

/// What a subscription returns: hand it back to unsubscribe.
struct SubscriptionToken: Hashable, Sendable {
    fileprivate let id: Int
}

/// A posted notification: a name and a small payload (Cocoa's `userInfo`).
struct Notice: Equatable, Sendable {
    let name: String
    let payload: [String: String]
}

/// A notification centre: observers subscribe to a name; posting a name reaches all of them, in
/// subscription order.
final class NotificationHub {
    private var observers: [(token: SubscriptionToken, name: String, handler: (Notice) -> Void)] = []
    private var lastID = 0

    func addObserver(forName name: String, handler: @escaping (Notice) -> Void) -> SubscriptionToken {
        lastID += 1
        let token = SubscriptionToken(id: lastID)
        observers.append((token, name, handler))
        return token
    }

    func removeObserver(_ token: SubscriptionToken) {
        observers.removeAll { $0.token == token }
    }

    func post(_ name: String, payload: [String: String] = [:]) {
        let notice = Notice(name: name, payload: payload)
        for observer in observers where observer.name == name {
            observer.handler(notice)
        }
    }
}

/// One change of an observed property.
struct PropertyChange<Value> {
    let old: Value
    let new: Value
}

/// A property whose changes can be observed with their old and new values (the KVO form).
final class ObservableProperty<Value> {
    private var observers: [(token: SubscriptionToken, handler: (PropertyChange<Value>) -> Void)] = []
    private var lastID = 0

    var value: Value {
        didSet {
            let change = PropertyChange(old: oldValue, new: value)
            for observer in observers {
                observer.handler(change)
            }
        }
    }

    init(_ value: Value) {
        self.value = value
    }

    func observe(_ handler: @escaping (PropertyChange<Value>) -> Void) -> SubscriptionToken {
        lastID += 1
        let token = SubscriptionToken(id: lastID)
        observers.append((token, handler))
        return token
    }

    func removeObserver(_ token: SubscriptionToken) {
        observers.removeAll { $0.token == token }
    }
}

/// The classic subject and observers; then posts notifications to two views and unsubscribes one;
/// then observes a rating change.
func runObserverDemo(on console: any Console) {
    let counter = PlayCounter(album: "Abbey Road")
    let status = StatusLine(console: console)
    counter.attach(PlayChart(console: console))
    counter.attach(status)
    counter.play()
    counter.detach(status)
    console.print("(status line detached)")
    counter.play()

    let hub = NotificationHub()
    let cover = hub.addObserver(forName: "coverDownloaded") { notice in
        console.print("Album view: show cover \(notice.payload["file"] ?? "?")")
    }
    _ = hub.addObserver(forName: "coverDownloaded") { notice in
        console.print("Status bar: cover ready for \(notice.payload["album"] ?? "?")")
    }
    hub.post("coverDownloaded", payload: ["album": "Abbey Road", "file": "abbey.png"])
    hub.removeObserver(cover)
    console.print("(album view unsubscribed)")
    hub.post("coverDownloaded", payload: ["album": "Kind of Blue", "file": "kind.png"])

    let rating = ObservableProperty(3)
    let token = rating.observe { change in
        console.print("Rating observer: \(change.old) -> \(change.new)")
    }
    rating.value = 5
    rating.removeObserver(token)
    console.print("(rating observer unsubscribed)")
    rating.value = 4
}
