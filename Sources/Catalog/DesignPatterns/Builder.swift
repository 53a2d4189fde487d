// Builder — separate the construction of a complex object from its representation, so the same
// sequence of build steps (run by a director) can produce different products.
//
// The book's chasing game is the director: it runs the steps for a player or an enemy on whatever
// character builder it is given, and the client then asks that builder for the result. Use it when a product is assembled in several steps whose order the
// director owns, and more than one representation is wanted from them (a playable character and a
// printable character sheet). Don't use it for an object that memberwise initialization or default
// arguments build in one line; Swift's initializers already cover the "telescoping constructor"
// problem.
//
// Departs from the book: its sample code has the director return `[builder character]`; here the
// client asks the builder, as the book's structure (`getResult`) has it, so the director is only the
// steps. Its builder multiplies float attributes into protection and power; here whole numbers are
// added, so the demo prints exact results.
//
// BlueLibrary: catalog only — the app's models are built in one step by memberwise initializers.

/// The steps the director calls, in its own order; the client asks for the product at the end.
protocol CharacterBuilder {
    associatedtype Product
    /// Forgets any earlier product and starts a new one (the book's `buildNewCharacter`).
    mutating func buildNewCharacter()
    mutating func buildStrength(_ value: Int)
    mutating func buildStamina(_ value: Int)
    mutating func buildIntelligence(_ value: Int)
    mutating func buildAgility(_ value: Int)
    mutating func buildAggressiveness(_ value: Int)
    /// The product built so far, which the client asks for (the book's `getResult`).
    var result: Product { get }
}

/// A playable character: what the game engine needs.
struct GameCharacter: Equatable, Sendable {
    var protection = 0
    var power = 0
}

/// Turns attributes into protection and power (the book's `StandardCharacterBuilder`).
struct StandardCharacterBuilder: CharacterBuilder {
    private(set) var result = GameCharacter()

    mutating func buildNewCharacter() { result = GameCharacter() }

    mutating func buildStrength(_ value: Int) {
        result.power += value
        result.protection += value / 2
    }

    mutating func buildStamina(_ value: Int) { result.protection += value }

    mutating func buildIntelligence(_ value: Int) { result.power += value / 2 }

    mutating func buildAgility(_ value: Int) { result.protection += value / 2 }

    mutating func buildAggressiveness(_ value: Int) {
        result.power += value
        result.protection -= value / 2
    }
}

/// Records the same steps as a printable sheet: a second representation from the same director.
struct CharacterSheetBuilder: CharacterBuilder {
    private(set) var result: [String] = []

    mutating func buildNewCharacter() { result = [] }
    mutating func buildStrength(_ value: Int) { result.append("strength \(value)") }
    mutating func buildStamina(_ value: Int) { result.append("stamina \(value)") }
    mutating func buildIntelligence(_ value: Int) { result.append("intelligence \(value)") }
    mutating func buildAgility(_ value: Int) { result.append("agility \(value)") }
    mutating func buildAggressiveness(_ value: Int) { result.append("aggressiveness \(value)") }
}

/// The director (the book's `ChasingGame`): knows which steps make a player or an enemy, not what
/// is being built, and hands nothing back — the product stays with the builder.
struct ChasingGame {
    /// Runs the player's steps on `builder` (the book's `createPlayer:`).
    func makePlayer<Builder: CharacterBuilder>(using builder: inout Builder) {
        construct(&builder, strength: 50, stamina: 25, intelligence: 75, agility: 65, aggressiveness: 35)
    }

    /// Runs the enemy's steps on `builder` (the book's `createEnemy:`).
    func makeEnemy<Builder: CharacterBuilder>(using builder: inout Builder) {
        construct(&builder, strength: 80, stamina: 65, intelligence: 35, agility: 25, aggressiveness: 95)
    }

    private func construct<Builder: CharacterBuilder>(
        _ builder: inout Builder,
        strength: Int,
        stamina: Int,
        intelligence: Int,
        agility: Int,
        aggressiveness: Int
    ) {
        builder.buildNewCharacter()
        builder.buildStrength(strength)
        builder.buildStamina(stamina)
        builder.buildIntelligence(intelligence)
        builder.buildAgility(agility)
        builder.buildAggressiveness(aggressiveness)
    }
}

/// One director, two builders, two different products; the client asks each builder for its result.
func runBuilderDemo(on console: any Console) {
    let game = ChasingGame()
    var builder = StandardCharacterBuilder()
    game.makePlayer(using: &builder)
    let player = builder.result
    game.makeEnemy(using: &builder)
    let enemy = builder.result
    console.print("Player character: protection \(player.protection), power \(player.power)")
    console.print("Enemy character: protection \(enemy.protection), power \(enemy.power)")
    var sheet = CharacterSheetBuilder()
    game.makePlayer(using: &sheet)
    console.print("Player sheet: \(sheet.result.joined(separator: ", "))")
}
