// Strategy — a family of interchangeable algorithms behind one interface; the context holds one
// and can be given another at run time.
//
// The book's text fields validate their input with a validator object — numeric or alphabetic —
// instead of an if/else chain on the field's kind. Use it when one job has several algorithms that
// callers pick or swap (validation, sorting orders, pricing rules). Don't build a protocol and a type
// per algorithm when the algorithm is one expression: Swift lets a closure be the strategy (the last
// validator below shows that form).
//
// BlueLibrary: the terminal's colours — `ColorStrategy`, with `TrueColor`, `Palette256` and `NoColor`
// picked once from the environment; PATTERNS.md lists this and the app's other strategies, with their
// files.

/// Why input was rejected: a machine-readable code and a message that names the input.
struct InputValidationError: Error, Equatable {
    enum Code: Sendable {
        case empty
        case notNumeric
        case notAlphabetic
        case tooLong
    }

    let code: Code
    let message: String
}

/// The strategy interface: accept the input or say why not.
protocol InputValidator {
    func validate(_ input: String) throws(InputValidationError)
}

/// Accepts only digits.
struct NumericInputValidator: InputValidator {
    func validate(_ input: String) throws(InputValidationError) {
        guard !input.isEmpty else { throw InputValidationError(code: .empty, message: "the input is empty") }
        guard input.allSatisfy(\.isNumber) else {
            throw InputValidationError(
                code: .notNumeric, message: "'\(input)' is not a number: only digits are allowed")
        }
    }
}

/// Accepts only letters.
struct AlphaInputValidator: InputValidator {
    func validate(_ input: String) throws(InputValidationError) {
        guard !input.isEmpty else { throw InputValidationError(code: .empty, message: "the input is empty") }
        guard input.allSatisfy(\.isLetter) else {
            throw InputValidationError(
                code: .notAlphabetic, message: "'\(input)' has characters that are not letters")
        }
    }
}

/// The closure form: a one-off strategy without a named type.
struct ClosureInputValidator: InputValidator {
    let rule: (String) -> InputValidationError?

    func validate(_ input: String) throws(InputValidationError) {
        if let error = rule(input) { throw error }
    }
}

/// The context: a text field that delegates validation to whichever strategy it holds (the book's
/// `CustomTextField`).
struct ValidatingTextField {
    var text = ""
    var validator: any InputValidator

    /// `nil` when the text is valid, otherwise why it is not.
    func validationError() -> InputValidationError? {
        do {
            try validator.validate(text)
            return nil
        } catch {
            return error
        }
    }
}

/// Validates some input with each strategy, swapping the strategy on the same field.
func runStrategyDemo(on console: any Console) {
    var field = ValidatingTextField(validator: NumericInputValidator())
    let shortRule = ClosureInputValidator { input in
        input.count > 5 ? InputValidationError(code: .tooLong, message: "'\(input)' is longer than 5") : nil
    }
    let strategies: [(String, any InputValidator)] = [
        ("numeric", NumericInputValidator()), ("alphabetic", AlphaInputValidator()), ("at most 5", shortRule),
    ]
    for (label, validator) in strategies {
        field.validator = validator
        for text in ["2024", "Abbey", "Road66"] {
            field.text = text
            let verdict = field.validationError().map { "rejected: \($0.message)" } ?? "accepted"
            console.print("\(label) field, '\(text)': \(verdict)")
        }
    }
}
