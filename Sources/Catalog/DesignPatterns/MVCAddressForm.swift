// Model–View–Controller — the model holds the data, the view shows it and takes input, and the
// controller sits between them: it updates the view when the model changes and turns user actions
// into model changes. The model and the view never know each other.
//
// From the MVC notes: an address form. Setting the controller's `address` (the model) refreshes the
// label; "Update" builds an address only when all four fields are filled in; "Clear" sets it to
// `nil`, which the label shows as an empty message. Use MVC for any UI; keep controllers thin by
// moving logic into the model, or they become "massive view controllers".
//
// BlueLibrary: the UI-agnostic controller, `LibraryController`, sits between the album models and
// the terminal and web views; PATTERNS.md names the files.

/// The model: a postal address.
struct Address: Equatable, Sendable {
    var street: String
    var city: String
    var state: String
    var zipCode: String
}

/// A one-line editable text field.
final class TextField {
    var text = ""
}

/// A read-only, possibly multi-line label.
final class Label {
    var text = ""
}

/// The view: four text fields and a label; it knows nothing about addresses.
final class AddressView {
    let streetField = TextField()
    let cityField = TextField()
    let stateField = TextField()
    let zipCodeField = TextField()
    let label = Label()
}

/// The controller: owns the view and the model, and keeps them in step.
final class AddressViewController {
    /// What the label says when there is no address.
    static let emptyMessage = "address is empty"

    let view: AddressView

    /// The model; every change refreshes the label.
    var address: Address? {
        didSet { updateLabel() }
    }

    init(view: AddressView = AddressView()) {
        self.view = view
        updateLabel()
    }

    /// The "Update" button: builds an address only when all four fields are non-empty.
    /// - Returns: whether the address was accepted.
    @discardableResult
    func updateButtonClicked() -> Bool {
        let fields = [view.streetField, view.cityField, view.stateField, view.zipCodeField].map(\.text)
        guard fields.allSatisfy({ !$0.isEmpty }) else { return false }
        address = Address(street: fields[0], city: fields[1], state: fields[2], zipCode: fields[3])
        return true
    }

    /// The "Clear" button: removes the address.
    func clearButtonClicked() {
        address = nil
    }

    private func updateLabel() {
        guard let address else {
            view.label.text = Self.emptyMessage
            return
        }
        view.label.text = """
            street: \(address.street)
            city: \(address.city)
            state: \(address.state)
            zipCode: \(address.zipCode)
            """
    }
}

/// Fills the form partly, then fully, then clears it, showing the label each time.
func runMVCDemo(on console: any Console) {
    let controller = AddressViewController()
    let view = controller.view
    let show = { (action: String) in
        console.print("\(action):")
        for line in view.label.text.split(separator: "\n") {
            console.print("  \(line)")
        }
    }
    show("At start")
    view.streetField.text = "1 Infinite Loop"
    view.cityField.text = "Cupertino"
    let accepted = controller.updateButtonClicked()
    show("Update with two of four fields (accepted: \(accepted))")
    view.stateField.text = "CA"
    view.zipCodeField.text = "95014"
    controller.updateButtonClicked()
    show("Update with all four fields")
    controller.clearButtonClicked()
    show("Clear")
}
