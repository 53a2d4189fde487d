import Testing

@testable import DesignPatterns

struct ProxyTests {
    @Test func realServiceIsCreatedOnlyWhenFirstNeeded() {
        let console = RecordingConsole()
        var created = 0
        let proxy = CachingCoverProxy(console: console) {
            created += 1
            return RemoteCoverService(console: console)
        }
        #expect(created == 0)
        #expect(!proxy.isConnected)
        _ = proxy.cover(for: "Help!")
        _ = proxy.cover(for: "Revolver")
        #expect(created == 1)
        #expect(proxy.isConnected)
    }

    @Test func repeatedRequestsAreAnsweredFromTheCache() {
        let console = RecordingConsole()
        let real = RemoteCoverService(console: console)
        let covers: any CoverSource = CachingCoverProxy(console: console) { real }
        let first = covers.cover(for: "Help!")
        let again = covers.cover(for: "Help!")
        _ = covers.cover(for: "Revolver")
        #expect(first == again)
        #expect(first == "<cover of Help!>")
        #expect(real.downloads == 2)
    }

    @Test func demoOutput() {
        #expect(
            lines(of: runProxyDemo) == [
                "Proxy ready; real service created yet: false",
                "RemoteCoverService: connected",
                "RemoteCoverService: download cover of Abbey Road",
                "Client got <cover of Abbey Road>",
                "RemoteCoverService: download cover of Kind of Blue",
                "Client got <cover of Kind of Blue>",
                "CachingCoverProxy: cache hit for Abbey Road",
                "Client got <cover of Abbey Road>",
            ])
    }
}
