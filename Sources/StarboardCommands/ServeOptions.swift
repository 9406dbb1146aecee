/// The options of `starboard serve`.
public struct ServeOptions: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var webRoot: String?
    public var stateFile = ".starboard/state.json"
    public var open = false
    public var allowedOrigins: [String] = []
    public var originCheck = true

    public init() {}
}

extension StarboardCommand {
    static func parseServe(_ arguments: [String]) -> Action {
        var options = ServeOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            func value() -> String? {
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            switch argument {
            case "--host":
                guard let v = value(), !v.isEmpty else { return .output(.usage("--host needs an address", help: Subcommand.serve.usage)) }
                options.host = v
            case "--port":
                guard let v = value(), let port = Int(v), (0...65535).contains(port) else {
                    return .output(.usage("--port needs a number from 0 to 65535", help: Subcommand.serve.usage))
                }
                options.port = port
            case "--web":
                guard let v = value() else { return .output(.usage("--web needs a folder", help: Subcommand.serve.usage)) }
                options.webRoot = v
            case "--state":
                guard let v = value() else { return .output(.usage("--state needs a file name", help: Subcommand.serve.usage)) }
                options.stateFile = v
            case "--open":
                options.open = true
            case "--allow-origin":
                guard let v = value(), v.hasPrefix("http://") || v.hasPrefix("https://") else {
                    return .output(.usage("--allow-origin needs an origin like http://example.test:3000", help: Subcommand.serve.usage))
                }
                options.allowedOrigins.append(v)
            case "--no-origin-check":
                options.originCheck = false
            default:
                return .output(.usage("unknown option \"\(argument)\"", help: Subcommand.serve.usage))
            }
            index += 1
        }
        return .serve(options)
    }
}
