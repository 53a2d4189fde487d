import Testing

@testable import DesignPatterns

struct MVCAddressFormTests {
    func fill(_ view: AddressView, _ street: String, _ city: String, _ state: String, _ zipCode: String) {
        view.streetField.text = street
        view.cityField.text = city
        view.stateField.text = state
        view.zipCodeField.text = zipCode
    }

    @Test func labelShowsTheEmptyMessageForNil() {
        let controller = AddressViewController()
        #expect(controller.address == nil)
        #expect(controller.view.label.text == "address is empty")
    }

    @Test func updateWithAllFourFieldsShowsFourLines() {
        let controller = AddressViewController()
        fill(controller.view, "1 Infinite Loop", "Cupertino", "CA", "95014")
        #expect(controller.updateButtonClicked())
        #expect(
            controller.address
                == Address(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zipCode: "95014"))
        #expect(
            controller.view.label.text
                == "street: 1 Infinite Loop\ncity: Cupertino\nstate: CA\nzipCode: 95014")
    }

    @Test(arguments: [0, 1, 2, 3])
    func updateRefusesIncompleteInput(emptyField: Int) {
        let controller = AddressViewController()
        var values = ["1 Infinite Loop", "Cupertino", "CA", "95014"]
        values[emptyField] = ""
        fill(controller.view, values[0], values[1], values[2], values[3])
        #expect(!controller.updateButtonClicked())
        #expect(controller.address == nil)
        #expect(controller.view.label.text == "address is empty")
    }

    @Test func incompleteInputKeepsThePreviousAddress() {
        let controller = AddressViewController()
        let previous = Address(street: "10 Downing St", city: "London", state: "LDN", zipCode: "SW1A")
        controller.address = previous
        fill(controller.view, "", "Paris", "IDF", "75001")
        #expect(!controller.updateButtonClicked())
        #expect(controller.address == previous)
        #expect(controller.view.label.text.hasPrefix("street: 10 Downing St"))
    }

    @Test func clearSetsTheAddressToNilAndShowsTheEmptyMessage() {
        let controller = AddressViewController()
        controller.address = Address(street: "a", city: "b", state: "c", zipCode: "d")
        #expect(controller.view.label.text == "street: a\ncity: b\nstate: c\nzipCode: d")
        controller.clearButtonClicked()
        #expect(controller.address == nil)
        #expect(controller.view.label.text == "address is empty")
    }
}
