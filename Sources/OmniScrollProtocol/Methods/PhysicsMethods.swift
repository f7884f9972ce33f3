/// The `physics.*` methods, one declaration each in `Methods/Physics/`:
/// stateless motion math (docs/design.md#physics-and-motion) for clients that run their own
/// scroll views but want the worker's fling, rubber band and snapping.
enum PhysicsMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register(FlingMethod.self)
    }
}
