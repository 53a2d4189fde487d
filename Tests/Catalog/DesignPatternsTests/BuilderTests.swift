import Testing

@testable import DesignPatterns

struct BuilderTests {
    /// A test twin that records the order in which the director calls the steps.
    struct StepRecorder: CharacterBuilder {
        var result: [String] = []
        mutating func buildNewCharacter() { result.append("new") }
        mutating func buildStrength(_ value: Int) { result.append("strength") }
        mutating func buildStamina(_ value: Int) { result.append("stamina") }
        mutating func buildIntelligence(_ value: Int) { result.append("intelligence") }
        mutating func buildAgility(_ value: Int) { result.append("agility") }
        mutating func buildAggressiveness(_ value: Int) { result.append("aggressiveness") }
    }

    @Test func directorRunsTheSameStepsInTheSameOrder() async {
        let game = ChasingGame()
        let order = ["new", "strength", "stamina", "intelligence", "agility", "aggressiveness"]
        var player = StepRecorder()
        game.makePlayer(using: &player)
        var enemy = StepRecorder()
        game.makeEnemy(using: &enemy)
        #expect(player.result == order)
        #expect(enemy.result == order)
    }

    @Test func theClientGetsTheResultFromTheBuilderNotTheDirector() async {
        var builder = StandardCharacterBuilder()
        // Typed as Void: this compiles only while the director returns nothing.
        let _: Void = ChasingGame().makePlayer(using: &builder)
        let expected = GameCharacter(protection: 65, power: 122)
        #expect(builder.result == expected, "the steps ran on the caller's builder")
    }

    @Test func twoBuildersGiveDifferentProductsFromOneDirector() async {
        let game = ChasingGame()
        var character = StandardCharacterBuilder()
        var sheet = CharacterSheetBuilder()
        game.makePlayer(using: &character)
        game.makePlayer(using: &sheet)
        #expect(character.result == GameCharacter(protection: 65, power: 122))
        #expect(
            sheet.result == [
                "strength 50", "stamina 25", "intelligence 75", "agility 65", "aggressiveness 35",
            ])
    }

    @Test func directorRecipesDiffer() async {
        let game = ChasingGame()
        var builder = StandardCharacterBuilder()
        game.makeEnemy(using: &builder)
        #expect(builder.result == GameCharacter(protection: 70, power: 192))
    }

    @Test func eachProductStartsFromANewCharacter() async {
        let game = ChasingGame()
        var reused = StandardCharacterBuilder()
        game.makePlayer(using: &reused)
        game.makeEnemy(using: &reused)
        var fresh = StandardCharacterBuilder()
        game.makeEnemy(using: &fresh)
        #expect(reused.result == fresh.result, "buildNewCharacter leaves nothing of the player behind")
    }

    @Test func demoOutput() async {
        #expect(
            lines(of: runBuilderDemo) == [
                "Player character: protection 65, power 122",
                "Enemy character: protection 70, power 192",
                "Player sheet: strength 50, stamina 25, intelligence 75, agility 65, aggressiveness 35",
            ])
    }
}
