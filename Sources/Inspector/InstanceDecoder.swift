/// Makes a component instance with chosen property values.
///
/// A component's synthesized `init(from:)` asks for each stored property by name; for every
/// `@Inspectable` one this decoder hands back a ready-made wrapper holding the wanted value.
/// That fills stored properties of a value type from outside without reflection-based writes
/// (Swift has none) and without a dictionary inside component code.
struct InstanceDecoder: Decoder {
    let component: String
    let wrappers: [String: any InspectableProperty]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(component: component, wrappers: wrappers))
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
        let wrappers: [String: any InspectableProperty]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { wrappers.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { wrappers[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { wrappers[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let wrapper = wrappers[key.stringValue] as? T else {
                throw DecodingError.keyNotFound(key, .init(
                    codingPath: [key],
                    debugDescription: "\(component).\(key.stringValue) is a stored property that is not @Inspectable; make it `let`, `static`, optional, or inspectable"
                ))
            }
            return wrapper
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "nested containers are not used"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "nested containers are not used"))
        }

        func superDecoder() throws -> any Decoder { InstanceDecoder(component: component, wrappers: wrappers) }
        func superDecoder(forKey key: Key) throws -> any Decoder { InstanceDecoder(component: component, wrappers: wrappers) }
    }
}
