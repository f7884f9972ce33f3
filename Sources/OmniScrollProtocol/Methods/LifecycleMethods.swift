/// `initialize`, `shutdown`, `exit` and `rpc.discover`: the LSP-style
/// lifecycle, one declaration each in `Methods/Lifecycle/`.
///
/// Protocol notifications (`$/cancelRequest` and any other `$/…`) are
/// accepted and ignored by the dispatcher; a `$/…` request gets -32601.
enum LifecycleMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register(InitializeMethod.self)
        registry.register(ShutdownMethod.self)
        registry.register(ExitMethod.self)
        registry.register(DiscoverMethod.self)
    }
}
