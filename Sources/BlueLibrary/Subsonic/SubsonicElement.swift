import BlueLibraryCore

/// One object of a Subsonic answer, written once and rendered as XML or JSON: scalar fields (XML
/// attributes, JSON members), an optional text value (XML text, JSON `value`), and child elements —
/// one, a list (repeated XML elements, a JSON array, even when it has one element or none) or a list of
/// scalars.
struct SubsonicElement: Sendable {
    /// A scalar field's value.
    enum Scalar: Sendable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case double(Double)
    }

    /// A child: one element, a list of them, or a list of scalars.
    enum Child: Sendable {
        case one(SubsonicElement)
        case many([SubsonicElement])
        case values([Scalar])
    }

    /// The scalar fields, in order.
    private(set) var fields: [(name: SubsonicName, value: Scalar)] = []
    /// The text value (`value` in JSON).
    var text: String?
    /// The children, in order.
    private(set) var children: [(name: SubsonicName, child: Child)] = []

    init() {}

    /// Sets a text field; `nil` leaves it out.
    mutating func set(_ name: SubsonicName, _ value: String?) {
        if let value { fields.append((name, .string(value))) }
    }

    /// Sets a text field in place of the one of that name (added when there is none).
    mutating func replace(_ name: SubsonicName, with value: String) {
        if let index = fields.firstIndex(where: { $0.0 == name }) {
            fields[index].1 = .string(value)
        } else {
            fields.append((name, .string(value)))
        }
    }

    /// Sets a whole-number field; `nil` leaves it out.
    mutating func set(_ name: SubsonicName, _ value: Int?) {
        if let value { fields.append((name, .int(value))) }
    }

    /// Sets a true-or-false field; `nil` leaves it out.
    mutating func set(_ name: SubsonicName, _ value: Bool?) {
        if let value { fields.append((name, .bool(value))) }
    }

    /// Sets a number field; `nil` leaves it out.
    mutating func set(_ name: SubsonicName, _ value: Double?) {
        if let value { fields.append((name, .double(value))) }
    }

    /// Adds one child element.
    mutating func add(_ name: SubsonicName, _ element: SubsonicElement) {
        children.append((name, .one(element)))
    }

    /// Adds a list of child elements (an array in JSON however many there are).
    mutating func add(_ name: SubsonicName, list: [SubsonicElement]) {
        children.append((name, .many(list)))
    }

    /// Adds a child of any kind.
    mutating func add(_ name: SubsonicName, child: Child) {
        children.append((name, child))
    }

    /// Adds a list of scalars.
    mutating func add(_ name: SubsonicName, values: [Scalar]) {
        children.append((name, .values(values)))
    }

    /// The value of a scalar field, if set (for tests and for reading back).
    subscript(field name: SubsonicName) -> Scalar? {
        fields.first { $0.name == name }?.value
    }

    /// The named child, if any.
    subscript(child name: SubsonicName) -> Child? {
        children.first { $0.name == name }?.child
    }

    // MARK: JSON

    /// Appends the element as a JSON object.
    func appendJSON(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        func separate(_ output: inout [UInt8]) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
        }
        for (name, value) in fields {
            separate(&output)
            JSONWriter.appendString(name.rawValue, to: &output)
            output.append(UInt8(ascii: ":"))
            Self.appendJSON(value, to: &output)
        }
        if let text {
            separate(&output)
            output.append(contentsOf: #""value":"#.utf8)
            JSONWriter.appendString(text, to: &output)
        }
        for (name, child) in children {
            separate(&output)
            JSONWriter.appendString(name.rawValue, to: &output)
            output.append(UInt8(ascii: ":"))
            switch child {
            case .one(let element): element.appendJSON(to: &output)
            case .many(let elements):
                output.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    element.appendJSON(to: &output)
                }
                output.append(UInt8(ascii: "]"))
            case .values(let values):
                output.append(UInt8(ascii: "["))
                for (index, value) in values.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    Self.appendJSON(value, to: &output)
                }
                output.append(UInt8(ascii: "]"))
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func appendJSON(_ value: Scalar, to output: inout [UInt8]) {
        switch value {
        case .string(let text): JSONWriter.appendString(text, to: &output)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .double(let number): output.append(contentsOf: number.isFinite ? String(number).utf8 : "0".utf8)
        }
    }

    // MARK: XML

    /// Appends the element as `<name …>…</name>` (or `<name …/>` when it has no content); `extra` is
    /// written first among the attributes, as is (the envelope's namespace).
    func appendXML(named name: String, extra: String = "", to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: extra.utf8)
        for (field, value) in fields {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: field.rawValue.utf8)
            output.append(contentsOf: "=\"".utf8)
            Self.appendXML(value, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        guard text != nil || !children.isEmpty else {
            output.append(contentsOf: "/>".utf8)
            return
        }
        output.append(UInt8(ascii: ">"))
        if let text { Self.appendEscaped(text, to: &output) }
        for (childName, child) in children {
            switch child {
            case .one(let element): element.appendXML(named: childName.rawValue, to: &output)
            case .many(let elements):
                for element in elements { element.appendXML(named: childName.rawValue, to: &output) }
            case .values(let values):
                for value in values {
                    output.append(contentsOf: "<\(childName.rawValue)>".utf8)
                    Self.appendXML(value, to: &output)
                    output.append(contentsOf: "</\(childName.rawValue)>".utf8)
                }
            }
        }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private static func appendXML(_ value: Scalar, to output: inout [UInt8]) {
        switch value {
        case .string(let text): appendEscaped(text, to: &output)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .double(let number): output.append(contentsOf: number.isFinite ? String(number).utf8 : "0".utf8)
        }
    }

    /// Appends text escaped for an XML attribute or text node. What XML 1.0 cannot carry at all (its
    /// `Char` production: control characters other than tab, line feed and carriage return, and the
    /// non-characters U+FFFE and U+FFFF) becomes U+FFFD, so one odd tag never makes an answer invalid.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&apos;".utf8)
            case 0x09: output.append(contentsOf: "&#9;".utf8)
            case 0x0A: output.append(contentsOf: "&#10;".utf8)
            case 0x0D: output.append(contentsOf: "&#13;".utf8)
            case 0..<0x20: output.append(contentsOf: replacement)
            case 0xEF:
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF; every other EF sequence is kept.
                var ahead = index
                if ahead < bytes.endIndex, bytes[ahead] == 0xBF {
                    bytes.formIndex(after: &ahead)
                    if ahead < bytes.endIndex, bytes[ahead] == 0xBE || bytes[ahead] == 0xBF {
                        output.append(contentsOf: replacement)
                        index = bytes.index(after: ahead)
                        continue
                    }
                }
                output.append(byte)
            default: output.append(byte)
            }
        }
    }

    /// U+FFFD, in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
