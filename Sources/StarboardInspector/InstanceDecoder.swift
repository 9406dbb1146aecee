import StarboardUI

/// Makes a component instance with chosen property values.
///
/// A component's synthesized `init(from:)` asks for each stored property by name; for every
/// `@Inspectable` one this decoder hands back a ready-made wrapper holding the wanted value.
/// That fills stored properties of a value type from outside without reflection-based writes
/// (Swift has none) and without a dictionary inside component code.
///
/// This runs on every render, so the properties are a short list in declaration order (the order
/// `init(from:)` asks for them) rather than a dictionary, and each wrapper is filled only when
/// asked for, straight into the type `init(from:)` wants, with no existential box in between.
struct InstanceDecoder: Decoder {
    /// One `@Inspectable` property: its name, its declared wrapper and the value to fill it with.
    struct Field {
        let name: String
        let wrapper: any InspectableProperty
        let value: PropertyValue
    }

    let component: String
    let fields: [Field]
    /// The default instance's other stored properties (`@State`, constants held in `var`s), by
    /// name: a fresh instance takes them as declared.
    let others: [String: Any]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(component: component, fields: fields, others: others))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw unsupported("a component must be a struct of @Inspectable properties")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw unsupported("a component must be a struct of @Inspectable properties")
    }

    func unsupported(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "\(component): \(message)"))
    }

    struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let component: String
        let fields: [Field]
        let others: [String: Any]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { fields.compactMap { Key(stringValue: $0.name) } }

        /// Where the property named by `key` is; an index, so finding it copies no wrapper.
        func index(_ key: Key) -> Int? {
            let name = key.stringValue
            return fields.indices.first { fields[$0].name == name }
        }

        func contains(_ key: Key) -> Bool { index(key) != nil || others[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { index(key) == nil && others[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let index = index(key) else {
                // Not inspectable: as declared, with storage of its own for `@State`.
                if let declared = others[key.stringValue] {
                    if let property = declared as? any DynamicProperty, let fresh = property._freshCopy() as? T { return fresh }
                    if let value = declared as? T { return value }
                }
                throw notInspectable(key)
            }
            do throws(NotFillable) {
                return try fields[index].wrapper.filled(with: fields[index].value, as: T.self)
            } catch .wrongKind {
                // Checked here, as each property is filled, rather than in a pass of its own before
                // decoding: init(from:) asks in declaration order, so the first wrong one is reported.
                throw PropertyError(component: component, property: fields[index].name, message: "value of the wrong kind")
            } catch {
                throw notInspectable(key)
            }
        }

        func notInspectable(_ key: Key) -> DecodingError {
            DecodingError.keyNotFound(key, .init(
                codingPath: [key],
                debugDescription: "\(component).\(key.stringValue) is a stored property that is not @Inspectable; make it `let`, `static`, optional, or inspectable"
            ))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "nested containers are not used"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "nested containers are not used"))
        }

        func superDecoder() throws -> any Decoder { InstanceDecoder(component: component, fields: fields, others: others) }
        func superDecoder(forKey key: Key) throws -> any Decoder { InstanceDecoder(component: component, fields: fields, others: others) }
    }
}
