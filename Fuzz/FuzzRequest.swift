// libFuzzer harness: the request envelope (scripts/fuzz request), compiled with the server's
// Request.swift and WorkerProtocol.swift. Whatever the edge accepts must cross the worker pipe
// intact (issue 11, item 1): encoded as the server sends it, it decodes to the same request.
import StarboardInspector

extension JSONValue {
    // Defined in SessionCore.swift and Workbench.swift, which this harness does not compile.
    var objectMembers: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard case .success(let envelope) = Envelope.parse(text) else { return 0 }
    let request: WorkerRequest
    switch envelope.request {
    case .set(let component, let values):
        request = .batch(WorkerBatch(component: component, base: values, changes: [.set(values), .set(values)]))
    case .preview(let component, let values, let environment):
        request = .preview(WorkerPreview(component: component, base: values, values: values, environment: environment))
    case .tap(let component, let tap):
        request = .batch(WorkerBatch(component: component, base: .object([]), changes: [.tap(tap)]))
    case .reset(let component, let properties):
        request = .batch(WorkerBatch(component: component, base: .object([]), changes: [.reset(properties)]))
    case .saveVariant(_, let name, _, _, _):
        // A name the edge accepts is one Save as variant can spell as a Swift literal and read back.
        guard let read = VariantSource.listedNames(in: "Variant(" + VariantSource.swiftString(name) + ")").first, read == name else {
            fatalError("a variant name does not survive its Swift literal: \(text)")
        }
        return 0
    // Nothing of these crosses the worker pipe as the client wrote it. Listed one by one, so a new
    // request type does not build here until it is thought about (`make test` runs this harness).
    case .subscribe, .unsubscribe, .audit, .undo, .redo, .history, .restore, .source:
        return 0
    }
    var reader = WorkerFraming.Reader()
    WorkerCodec.encode(request).withUnsafeBytes { reader.append($0) }
    do {
        guard let body = try reader.next() else { fatalError("no whole frame for \(text)") }
        let decoded = try WorkerCodec.decodeRequest(body)
        precondition(decoded == request, "the worker would read another request than \(text)")
    } catch {
        fatalError("the worker could not read what the edge accepted (\(error)): \(text)")
    }
    return 0
}
