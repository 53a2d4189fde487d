import BlueLibraryServices
import Foundation
import Testing

struct ProcessEnvironmentTests {
    /// The fast reader sees what Foundation sees: every name, and values that hold `=` whole.
    @Test func readsWhatFoundationReads() {
        let ours = ProcessEnvironment.current()
        #expect(ours == ProcessInfo.processInfo.environment)
        #expect(!ours.isEmpty)
        #expect(ours["PATH"] == String(cString: getenv("PATH")))
    }
}
