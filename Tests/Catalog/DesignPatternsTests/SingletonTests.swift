import Testing

@testable import DesignPatterns

/// The demo's output depends on whether this process has used the singleton before, so the laziness
/// it shows ("Issuers before first use: 0") is checked in a fresh process, by
/// `PatternsCommandTests.runSingletonCreatesOneInstanceLazilyEvenUnderConcurrentFirstUse`.
struct SingletonTests {
    @Test func manyTasksReachingForTheInstanceAtOnceShareOneCreatedOnce() async {
        // The tasks keep the instances they got, so a fresh instance per access could not hide
        // behind a reused address.
        let issuers = await withTaskGroup(of: SerialNumberIssuer.self) { group in
            for _ in 0..<200 {
                group.addTask { SerialNumberIssuer.shared }
            }
            return await group.reduce(into: [SerialNumberIssuer]()) { $0.append($1) }
        }
        #expect(issuers.count == 200)
        #expect(issuers.allSatisfy { $0 === SerialNumberIssuer.shared })
        #expect(SerialNumberIssuer.instancesCreated == 1, "however many asked, one issuer was made")
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
}
