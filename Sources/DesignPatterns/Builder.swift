// Builder — separate the construction of a complex object from its representation, so the same
// sequence of build steps (run by a director) can produce different products.
//
// Use it when a product is assembled in several steps whose order the director owns, and more than
// one representation is wanted from them (a playable character and a printable character sheet).
// Don't use it for an object that memberwise initialization or default arguments build in one line;
// Swift's initializers already cover the "telescoping constructor" problem.
//
// BlueLibrary: catalog only — the app's models have memberwise initializers.

/// The steps the director calls, in its own order; the product is returned at the end.
protocol CharacterBuilder {
    associatedtype Product
    mutating func buildStrength(_ value: Int)
    mutating func buildStamina(_ value: Int)
    mutating func buildIntelligence(_ value: Int)
    mutating func buildAgility(_ value: Int)
    mutating func buildAggressiveness(_ value: Int)
    /// The finished product.
    func build() -> Product
}

/// A playable character: what the game engine needs.
struct GameCharacter: Equatable, Sendable {
    var protection = 0
    var power = 0
}

/// Turns attributes into protection and power (the book's `StandardCharacterBuilder`).
struct StandardCharacterBuilder: CharacterBuilder {
    private var character = GameCharacter()

    mutating func buildStrength(_ value: Int) {
        character.power += value
        character.protection += value / 2
    }

    mutating func buildStamina(_ value: Int) { character.protection += value }

    mutating func buildIntelligence(_ value: Int) { character.power += value / 2 }

    mutating func buildAgility(_ value: Int) { character.protection += value / 2 }

    mutating func buildAggressiveness(_ value: Int) {
        character.power += value
        character.protection -= value / 2
    }

    func build() -> GameCharacter { character }
}

/// Records the same steps as a printable sheet: a second representation from the same director.
struct CharacterSheetBuilder: CharacterBuilder {
    private var lines: [String] = []

    mutating func buildStrength(_ value: Int) { lines.append("strength \(value)") }
    mutating func buildStamina(_ value: Int) { lines.append("stamina \(value)") }
    mutating func buildIntelligence(_ value: Int) { lines.append("intelligence \(value)") }
    mutating func buildAgility(_ value: Int) { lines.append("agility \(value)") }
    mutating func buildAggressiveness(_ value: Int) { lines.append("aggressiveness \(value)") }

    func build() -> [String] { lines }
}

/// The director: knows which steps make a player or an enemy, not what is being built.
struct ChasingGame {
    func makePlayer<Builder: CharacterBuilder>(using builder: Builder) -> Builder.Product {
        construct(builder, strength: 50, stamina: 25, intelligence: 75, agility: 65, aggressiveness: 35)
    }

    func makeEnemy<Builder: CharacterBuilder>(using builder: Builder) -> Builder.Product {
        construct(builder, strength: 80, stamina: 65, intelligence: 35, agility: 25, aggressiveness: 95)
    }

    private func construct<Builder: CharacterBuilder>(
        _ builder: Builder,
        strength: Int,
        stamina: Int,
        intelligence: Int,
        agility: Int,
        aggressiveness: Int
    ) -> Builder.Product {
        var builder = builder
        builder.buildStrength(strength)
        builder.buildStamina(stamina)
        builder.buildIntelligence(intelligence)
        builder.buildAgility(agility)
        builder.buildAggressiveness(aggressiveness)
        return builder.build()
    }
}

/// One director, two builders, two different products.
func runBuilderDemo(on console: any Console) {
    let game = ChasingGame()
    let player = game.makePlayer(using: StandardCharacterBuilder())
    let enemy = game.makeEnemy(using: StandardCharacterBuilder())
    console.print("Player character: protection \(player.protection), power \(player.power)")
    console.print("Enemy character: protection \(enemy.protection), power \(enemy.power)")
    let sheet = game.makePlayer(using: CharacterSheetBuilder())
    console.print("Player sheet: \(sheet.joined(separator: ", "))")
}
