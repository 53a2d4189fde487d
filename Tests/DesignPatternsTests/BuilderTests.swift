import Testing

@testable import DesignPatterns

struct BuilderTests {
    /// A test twin that records the order in which the director calls the steps.
    struct StepRecorder: CharacterBuilder {
        var steps: [String] = []
        mutating func buildStrength(_ value: Int) { steps.append("strength") }
        mutating func buildStamina(_ value: Int) { steps.append("stamina") }
        mutating func buildIntelligence(_ value: Int) { steps.append("intelligence") }
        mutating func buildAgility(_ value: Int) { steps.append("agility") }
        mutating func buildAggressiveness(_ value: Int) { steps.append("aggressiveness") }
        func build() -> [String] { steps }
    }

    @Test func directorRunsTheSameStepsInTheSameOrder() {
        let game = ChasingGame()
        let order = ["strength", "stamina", "intelligence", "agility", "aggressiveness"]
        #expect(game.makePlayer(using: StepRecorder()) == order)
        #expect(game.makeEnemy(using: StepRecorder()) == order)
    }

    @Test func twoBuildersGiveDifferentProductsFromOneDirector() {
        let game = ChasingGame()
        let character: GameCharacter = game.makePlayer(using: StandardCharacterBuilder())
        let sheet: [String] = game.makePlayer(using: CharacterSheetBuilder())
        #expect(character == GameCharacter(protection: 65, power: 122))
        #expect(sheet == ["strength 50", "stamina 25", "intelligence 75", "agility 65", "aggressiveness 35"])
    }

    @Test func directorRecipesDiffer() {
        let game = ChasingGame()
        let player = game.makePlayer(using: StandardCharacterBuilder())
        let enemy = game.makeEnemy(using: StandardCharacterBuilder())
        #expect(enemy == GameCharacter(protection: 70, power: 192))
        #expect(player != enemy)
    }

    @Test func eachBuildStartsFromAFreshBuilder() {
        let builder = StandardCharacterBuilder()
        let game = ChasingGame()
        #expect(
            game.makePlayer(using: builder) == game.makePlayer(using: builder),
            "builders are values: no leftovers")
    }
}
