/// The `grid.*` methods, one declaration each in `Methods/Grid/`: create an
/// endless tile grid, scroll it, change its viewport, forward a finger and
/// advance its fling. The `session.*`
/// methods that serve every engine (get, list, destroy, snapshot, restore)
/// serve grids too.
enum GridMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register(GridCreateMethod.self)
        registry.register(GridScrollMethod.self)
        registry.register(GridUpdateMethod.self)
        registry.register(GridPointerMethod.self)
        registry.register(GridTickMethod.self)
    }
}
