import Testing
@testable import StarboardServer

@Suite("Access beyond loopback: the token, the allowed Hosts, the printed URLs")
struct AccessTokenTests {
    @Test func randomTokensAre128BitsOfHexAndDiffer() {
        let tokens = (0..<64).map { _ in AccessToken.random().value }
        for token in tokens {
            #expect(token.utf8.count == 32)
            #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        #expect(Set(tokens).count == tokens.count)
    }

    @Test func onlyTheExactTokenMatches() throws {
        let token = try AccessToken(validating: "0123456789abcdef-XYZ")
        #expect(token.matches("0123456789abcdef-XYZ"))
        #expect(!token.matches(nil))
        #expect(!token.matches(""))
        #expect(!token.matches("0123456789abcdef-XY"))
        #expect(!token.matches("0123456789abcdef-XYZ0"))
        #expect(!token.matches("0123456789abcdef-XYz"))
        #expect(!token.matches("1123456789abcdef-XYZ"))
    }

    @Test(arguments: [
        ("short", "16 to 256 characters; got 5"),
        (String(repeating: "a", count: 257), "16 to 256 characters; got 257"),
        ("0123456789abcdef&x=1", "got \"&\""),
        ("0123456789abcdef é", "got \" \""),
    ])
    func aChosenTokenNamesWhatIsWrong(text: String, expected: String) {
        #expect {
            _ = try AccessToken(validating: text)
        } throws: { error in
            String(describing: error).contains(expected)
        }
    }

    @Test func describingATokenDoesNotShowIt() throws {
        let token = try AccessToken(validating: "secret-secret-secret")
        #expect(!String(describing: token).contains("secret"))
        #expect(!RequestPolicy.tokenRefusal.contains("secret"))
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true), ("0:0:0:0:0:0:0:1", true),
        ("::ffff:127.0.0.1", true), ("0.0.0.0", false), ("::", false), ("192.0.2.2", false),
        ("fd00::2", false), ("128.0.0.1", false), ("::2", false), ("not an address", false),
    ])
    func loopbackIsOnlyThisMachinesOwnRange(address: String, loopback: Bool) {
        #expect(Listening.isLoopback(address) == loopback)
    }

    private let machine = MachineAddresses(
        names: ["studio", "studio.local"], addresses: ["192.0.2.2", "fd00::2", "fe80::1"], linkLocal: ["fe80::1"]
    )

    @Test func onLoopbackNoTokenIsAskedAndOnlyLoopbackHostsPass() {
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, webRoot: "/tmp")
        let policy = RequestPolicy(configuration: configuration, port: 4242, accessToken: nil, machine: machine)
        #expect(policy.allowsToken(nil))
        #expect(policy.allowsHost("localhost:4242"))
        #expect(!policy.allowsHost("192.0.2.2:4242"))
        #expect(!policy.allowsHost("studio:4242"))
        #expect(!policy.allowsOrigin("http://192.0.2.2:4242"))
    }

    @Test func beyondLoopbackTheTokenIsNeededAndTheMachinesNamesPass() throws {
        let token = try AccessToken(validating: "0123456789abcdef")
        let configuration = ServerConfiguration(host: "0.0.0.0", port: 0, webRoot: "/tmp")
        let policy = RequestPolicy(configuration: configuration, port: 4242, accessToken: token, machine: machine)
        #expect(!policy.allowsToken(nil))
        #expect(!policy.allowsToken("0123456789abcdeF"))
        #expect(policy.allowsToken("0123456789abcdef"))
        for host in ["192.0.2.2:4242", "[fd00::2]:4242", "[FE80::1]:4242", "studio:4242", "Studio.local:4242", "127.0.0.1:4242", "localhost:4242"] {
            #expect(policy.allowsHost(host), "\(host)")
        }
        for host in ["192.0.2.3:4242", "192.0.2.2:4243", "192.0.2.2", "evil.example:4242", "studio.example:4242"] {
            #expect(!policy.allowsHost(host), "\(host)")
        }
        #expect(policy.allowsOrigin("http://192.0.2.2:4242"))
        #expect(policy.allowsOrigin("http://studio.local:4242"))
        #expect(!policy.allowsOrigin("http://evil.example:4242"))
        #expect(!policy.allowsOrigin("http://192.0.2.2:4243"))
    }

    @Test func urlsCarryTheTokenOnlyBeyondLoopback() throws {
        let token = try AccessToken(validating: "0123456789abcdef")
        let loopback = Listening(port: 8080, address: "::1", accessToken: nil, machine: machine)
        #expect(loopback.pageURLs(shownHost: "[::1]") == ["http://[::1]:8080/"])
        #expect(loopback.pageURLs(shownHost: "localhost") == ["http://localhost:8080/"])
        let everywhere = Listening(port: 8080, address: "0.0.0.0", accessToken: token, machine: machine)
        #expect(everywhere.pageURLs(shownHost: "0.0.0.0") == [
            "http://192.0.2.2:8080/?token=0123456789abcdef",
            "http://[fd00::2]:8080/?token=0123456789abcdef",
            "http://127.0.0.1:8080/?token=0123456789abcdef",
        ])
        let one = Listening(port: 8080, address: "192.0.2.2", accessToken: token, machine: machine)
        #expect(one.pageURLs(shownHost: "studio") == ["http://192.0.2.2:8080/?token=0123456789abcdef"])
    }

    @Test func theMachinesOwnAddressesLeaveLoopbackOut() {
        let current = MachineAddresses.current()
        for address in current.addresses {
            #expect(!Listening.isLoopback(address), "\(address)")
            #expect(!address.contains("%"))
        }
        #expect(!current.names.contains("localhost"))
    }
}
