import Testing

@testable import DesignPatterns

struct SingletonTests {
    @Test func concurrentTasksGetTheSameInstance() async {
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask { ObjectIdentifier(SerialNumberIssuer.shared) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(identities.first == ObjectIdentifier(SerialNumberIssuer.shared))
    }

    @Test func concurrentCallsNeverShareASerialNumber() async {
        let numbers = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<500 {
                group.addTask { SerialNumberIssuer.shared.next() }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(Set(numbers).count == 500, "the Mutex makes every increment atomic")
    }

    @Test func numbersIncrease() {
        let first = SerialNumberIssuer.shared.next()
        let second = SerialNumberIssuer.shared.next()
        #expect(second > first)
    }

    @Test func demoReportsOneInstanceAndDistinctNumbers() {
        #expect(
            lines(of: runSingletonDemo) == [
                "Two references to SerialNumberIssuer.shared are the same object: true",
                "1000 concurrent calls got 1000 distinct serial numbers",
            ])
    }
}
