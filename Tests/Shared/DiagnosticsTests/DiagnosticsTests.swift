import Diagnostics
import Testing

struct DiagnosticsTests {
    enum Code: Hashable, Sendable { case missing, damaged }
    struct Underlying: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    @Test func theExitStatusesAreTheSysexitsNumbers() {
        let numbers = Dictionary(uniqueKeysWithValues: ExitStatus.allCases.map { ($0, $0.code) })
        #expect(
            numbers == [
                .success: 0, .usage: 64, .dataError: 65, .noInput: 66, .unavailable: 69, .software: 70,
                .ioError: 74,
            ])
    }

    @Test func anErrorReadsAsItsMessageAndComparesByCodeMessageAndCause() {
        let error = CodedError(Code.missing, "/tmp/x: no such file")
        #expect("\(error)" == "/tmp/x: no such file")
        #expect(error == CodedError(.missing, "/tmp/x: no such file"))
        #expect(error != CodedError(.damaged, "/tmp/x: no such file"))
        #expect(error != CodedError(.missing, "/tmp/y: no such file"))
        let caused = CodedError(Code.missing, "/tmp/x: no such file", cause: Underlying())
        #expect(caused != error)
        #expect(caused == CodedError(.missing, "/tmp/x: no such file", cause: Underlying()))
        #expect(caused.cause.map { "\($0)" } == "disk on fire")
    }
}
