// Chain of responsibility — pass a request along a chain of handlers; each one either handles it or
// hands it to the next, and the sender does not know which one will.
//
// The book's RPG avatar wears a crystal shield in front of metal armour in front of the avatar
// itself: the shield stops magic fire, the armour stops swords, and whatever gets through hits the
// avatar. Use it when several objects may handle a request and the set or order should be easy to
// change (middleware, event responders, validation filters). Don't use it when exactly one handler is
// known up front, and make sure every chain ends somewhere, or requests vanish silently.
//
// Departs from the book's printed output, which ends its third line at "No damage from a magic fire":
// the shield here says "No damage from a magic fire attack", as the book's own code does, since the
// code is what the book's system runs.
//
// BlueLibrary: the web server's request pipeline in `WebApp` — security headers, body limit, write
// guard, then the routes; each link answers the request or passes it on. PATTERNS.md names the files.

/// An attack on the avatar; the raw value is the book's class name.
enum Attack: String, CaseIterable, Sendable {
    case sword = "SwordAttack"
    case magicFire = "MagicFireAttack"
    case lightning = "LightningAttack"
}

/// A link in the chain: handle the attack or pass it on.
protocol AttackHandler {
    /// The handler's name, used when it passes an attack on.
    var name: String { get }
    /// Where unhandled attacks go; `nil` at the end of the chain.
    var next: (any AttackHandler)? { get }
    func handle(_ attack: Attack, log: any Console)
}

extension AttackHandler {
    /// Says this handler can't deal with the attack and forwards it (the book's base class).
    func pass(_ attack: Attack, log: any Console) {
        log.print("I don't know this attack: \(name)")
        next?.handle(attack, log: log)
    }
}

/// Stops magic-fire attacks.
struct CrystalShield: AttackHandler {
    let name = "CrystalShield"
    let next: (any AttackHandler)?

    func handle(_ attack: Attack, log: any Console) {
        guard attack == .magicFire else { return pass(attack, log: log) }
        log.print("No damage from a magic fire attack")
    }
}

/// Stops sword attacks.
struct MetalArmor: AttackHandler {
    let name = "MetalArmor"
    let next: (any AttackHandler)?

    func handle(_ attack: Attack, log: any Console) {
        guard attack == .sword else { return pass(attack, log: log) }
        log.print("No damage from a sword attack")
    }
}

/// The end of the chain: hit by anything that reaches it.
struct Avatar: AttackHandler {
    let name = "Avatar"
    var next: (any AttackHandler)? { nil }

    func handle(_ attack: Attack, log: any Console) {
        log.print("Oh! I'm hit with a \(attack.rawValue)")
    }
}

/// Attacks the shielded, armoured avatar with a sword, then magic fire, then lightning.
func runChainOfResponsibilityDemo(on console: any Console) {
    let avatar = CrystalShield(next: MetalArmor(next: Avatar()))
    for attack in [Attack.sword, .magicFire, .lightning] {
        avatar.handle(attack, log: console)
    }
}
