import Testing

@testable import DesignPatterns

struct StrategyTests {
    @Test(arguments: [
        ("2024", nil), ("", InputValidationError.Code.empty), ("12a", .notNumeric), ("Abbey", .notNumeric),
    ])
    func numericValidator(input: String, expected: InputValidationError.Code?) {
        let field = ValidatingTextField(text: input, validator: NumericInputValidator())
        #expect(field.validationError()?.code == expected)
    }

    @Test(arguments: [
        ("Abbey", nil), ("", InputValidationError.Code.empty), ("Road66", .notAlphabetic),
        ("42", .notAlphabetic),
    ])
    func alphabeticValidator(input: String, expected: InputValidationError.Code?) {
        let field = ValidatingTextField(text: input, validator: AlphaInputValidator())
        #expect(field.validationError()?.code == expected)
    }

    @Test func swappingTheStrategyChangesTheVerdictForTheSameText() {
        var field = ValidatingTextField(text: "2024", validator: NumericInputValidator())
        #expect(field.validationError() == nil)
        field.validator = AlphaInputValidator()
        #expect(field.validationError()?.code == .notAlphabetic)
    }

    @Test func errorMessageNamesTheInput() throws {
        let error = try #require(
            ValidatingTextField(text: "x1", validator: NumericInputValidator()).validationError())
        #expect(error.message.contains("'x1'"))
    }

    @Test func closureStrategyPlugsInLikeTheOthers() {
        let noSpaces = ClosureInputValidator { input in
            input.contains(" ")
                ? InputValidationError(code: .notAlphabetic, message: "space in '\(input)'") : nil
        }
        #expect(
            ValidatingTextField(text: "a b", validator: noSpaces).validationError()?.message
                == "space in 'a b'")
        #expect(ValidatingTextField(text: "ab", validator: noSpaces).validationError() == nil)
    }
}
