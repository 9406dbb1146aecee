/// The options of `starboard serve`.
public struct ServeOptions: Equatable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var webRoot: String?
    public var stateFile = ".starboard/state.json"
    public var open = false
    public var allowedOrigins: [String] = []
    public var originCheck = true
    /// Run component code in the server process instead of a worker.
    public var inProcess = false
    /// Rebuild and reload component code when sources change.
    public var watch = false
    /// Seconds a `--watch` rebuild may take before it is stopped and reported.
    public var buildLimit: Double = 300

    public init() {}
}

/// `starboard serve [options]`, also what `starboard` with no arguments does.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Start the live preview server (the default with no arguments)"
    static let usage = """
        USAGE: starboard serve [--host HOST] [--port PORT] [--web DIR] [--state FILE] [--open]
                               [--allow-origin ORIGIN]... [--no-origin-check] [--no-worker] [--watch]
                               [--build-limit SECONDS]

        Serves the inspector page and the websocket protocol (docs/protocol.md). The page's
        "Save as variant" writes into the Swift sources of the package this runs in (Package.swift
        in the current folder or above it); outside a package it says so and writes nothing.

        OPTIONS:
          --host HOST            Address or name to listen on (default 127.0.0.1; [::1] for IPv6;
                                 a name such as localhost is resolved, IPv4 first). An address
                                 that is not this machine's, or a name that does not resolve,
                                 exits with status 1 and the reason. Anything but loopback
                                 (0.0.0.0, ::, a LAN address) needs a token: see below.
          --port PORT            Port (default 8080); 0 picks any free port and prints it.
          --web DIR              Folder served at / (default: the page Starboard ships as a
                                 resource beside this executable).
          --state FILE           Where the values you changed are kept, never the defaults
                                 (default .starboard/state.json). A file that exists but
                                 cannot be read stops the server (it is never replaced); one
                                 that cannot be written is reported at start-up and on the
                                 page. /dev/null keeps nothing.
          --open                 Open the page in the default browser (xdg-open).
          --allow-origin ORIGIN  Also accept websocket clients from this Origin (repeatable).
          --no-origin-check      Accept websocket clients with any or no Origin. For scripts
                                 only: any web page you visit could then drive this server.
          --watch                Watch the package's Sources/ (and Components/); on a save, rebuild
                                 this executable's own product (swift build --product NAME, with
                                 the scratch path and configuration it was built with) and swap
                                 the new component code in without dropping a connection or a
                                 value. Build errors show in the page while the last good code
                                 keeps serving. Run it in your package (or a folder inside it).
                                 When only the contents of Swift files the last build compiled
                                 changed, it runs the compile of their module(s) and the link as
                                 SwiftPM planned them (.build/debug.yaml), skipping SwiftPM's
                                 planning; a new or removed file, a resource, or a changed
                                 Package.swift or Package.resolved gets a full swift build. A
                                 change during a build stops it and starts again; stopping the
                                 server stops the build and every compiler it started.
          --build-limit SECONDS  With --watch: stop a rebuild that takes longer than this and
                                 report it as failed (default 300).
          --no-worker            Run component code in the server process: a little faster, but a
                                 component that traps takes the server down with it. By default
                                 it runs in a worker process that is restarted after a crash or
                                 after 2 s without an answer.

        LISTENING BEYOND LOOPBACK (--host 0.0.0.0, ::, or one of this machine's addresses):
          Every device that can reach the port can connect, so the server makes a random token
          (128 bits, new at each start) and prints the page's URL with it (?token=...), one per
          address of this machine. The page and the websocket (/ws?token=...) need the token;
          without it they get 403. The page's scripts, styles and fonts are served without it.
          Whoever has the token can read every component's values, previews and history, change
          them, and save variants into this package's sources (values as Swift literals, never
          code of their own; with --watch that starts a rebuild). The traffic is plain HTTP, not encrypted: anyone who can watch the network
          can read the token and everything sent. This machine's own names and addresses are
          accepted as Host and Origin.
          STARBOARD_TOKEN=TEXT   Use this token instead of a random one (16 to 256 characters of
                                 A-Z a-z 0-9 - . _ ~), so the URL stays the same across restarts.
                                 On loopback no token is needed and none is asked for.
        """

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
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
                guard let v = value(), !v.isEmpty else { return .output(.usage("--host needs an address", help: usage)) }
                options.host = v
            case "--port":
                guard let v = value(), let port = Int(v), (0...65535).contains(port) else {
                    return .output(.usage("--port needs a number from 0 to 65535", help: usage))
                }
                options.port = port
            case "--web":
                guard let v = value() else { return .output(.usage("--web needs a folder", help: usage)) }
                options.webRoot = v
            case "--state":
                guard let v = value() else { return .output(.usage("--state needs a file name", help: usage)) }
                options.stateFile = v
            case "--open":
                options.open = true
            case "--allow-origin":
                guard let v = value(), v.hasPrefix("http://") || v.hasPrefix("https://") else {
                    return .output(.usage("--allow-origin needs an origin like http://example.test:3000", help: usage))
                }
                options.allowedOrigins.append(v)
            case "--no-origin-check":
                options.originCheck = false
            case "--no-worker":
                options.inProcess = true
            case "--watch":
                options.watch = true
            case "--build-limit":
                guard let v = value(), let seconds = Double(v), seconds > 0, seconds.isFinite else {
                    return .output(.usage("--build-limit needs a number of seconds above 0", help: usage))
                }
                options.buildLimit = seconds
            default:
                return .output(.usage("unknown option \"\(argument)\"", help: usage))
            }
            index += 1
        }
        return .serve(options)
    }
}
