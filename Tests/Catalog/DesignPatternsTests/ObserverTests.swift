import Testing

@testable import DesignPatterns

struct ObserverTests {
    /// A test twin observer: logs, on each update, the play count it pulls from the subject, and
    /// remembers which subject told it.
    final class RecordingObserver: Observer {
        let name: String
        let log: RecordingConsole
        private(set) var subjects: [ObjectIdentifier] = []

        init(_ name: String, log: RecordingConsole) {
            self.name = name
            self.log = log
        }

        func update(_ subject: Subject) {
            subjects.append(ObjectIdentifier(subject))
            log.print("\(name) sees plays: \((subject as? PlayCounter)?.plays ?? -1)")
        }
    }

    @Test func notifyUpdatesEveryAttachedObserverInOrderWithTheSubject() {
        let log = RecordingConsole()
        let counter = PlayCounter(album: "Help!")
        let subject: Subject = counter  // attach, detach and notify belong to the abstract subject
        let first = RecordingObserver("first", log: log)
        let second = RecordingObserver("second", log: log)
        subject.attach(first)
        subject.attach(second)
        subject.notify()
        counter.play()
        #expect(
            log.lines == [
                "first sees plays: 0", "second sees plays: 0", "first sees plays: 1", "second sees plays: 1",
            ])
        #expect(first.subjects == [ObjectIdentifier(counter), ObjectIdentifier(counter)])
    }

    @Test func aDetachedObserverIsNotUpdated() {
        let log = RecordingConsole()
        let counter = PlayCounter(album: "Help!")
        let first = RecordingObserver("first", log: log)
        counter.attach(first)
        counter.attach(RecordingObserver("second", log: log))
        counter.play()
        counter.detach(first)
        counter.play()
        #expect(log.lines == ["first sees plays: 1", "second sees plays: 1", "second sees plays: 2"])
    }

    @Test func postingReachesEverySubscriberInOrderWithThePayload() {
        let hub = NotificationHub()
        var received: [String] = []
        _ = hub.addObserver(forName: "changed") { received.append("first \($0.payload["id"] ?? "")") }
        _ = hub.addObserver(forName: "changed") { received.append("second \($0.payload["id"] ?? "")") }
        _ = hub.addObserver(forName: "other") { _ in received.append("wrong name") }
        hub.post("changed", payload: ["id": "7"])
        #expect(received == ["first 7", "second 7"])
    }

    @Test func unsubscribedNotificationObserverReceivesNothing() {
        let hub = NotificationHub()
        var removedCalls = 0
        var keptCalls = 0
        let removed = hub.addObserver(forName: "changed") { _ in removedCalls += 1 }
        _ = hub.addObserver(forName: "changed") { _ in keptCalls += 1 }
        hub.post("changed")
        hub.removeObserver(removed)
        hub.post("changed")
        hub.post("changed")
        #expect(removedCalls == 1)
        #expect(keptCalls == 3)
    }

    @Test func propertyObserverGetsOldAndNewValues() {
        let rating = ObservableProperty(3)
        var changes: [String] = []
        _ = rating.observe { changes.append("\($0.old)->\($0.new)") }
        rating.value = 5
        rating.value = 1
        #expect(changes == ["3->5", "5->1"])
    }

    @Test func unsubscribedPropertyObserverReceivesNothing() {
        let title = ObservableProperty("Help!")
        var removedCalls = 0
        var keptCalls = 0
        let token = title.observe { _ in removedCalls += 1 }
        _ = title.observe { _ in keptCalls += 1 }
        title.removeObserver(token)
        title.value = "Revolver"
        #expect(removedCalls == 0)
        #expect(keptCalls == 1)
    }

    @Test func demoOutput() {
        #expect(
            lines(of: runObserverDemo) == [
                "Chart: Abbey Road, plays: 1",
                "Status line: playing Abbey Road",
                "(status line detached)",
                "Chart: Abbey Road, plays: 2",
                "Album view: show cover abbey.png",
                "Status bar: cover ready for Abbey Road",
                "(album view unsubscribed)",
                "Status bar: cover ready for Kind of Blue",
                "Rating observer: 3 -> 5",
                "(rating observer unsubscribed)",
            ])
    }
}
