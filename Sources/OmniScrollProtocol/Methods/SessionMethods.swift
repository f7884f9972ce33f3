/// The `session.*` methods, one declaration each in `Methods/Session/`:
/// create a container, feed it sizes, offsets and phases, read its layout
/// and events back. Every method that changes a session answers with a
/// Layout (see `LayoutEncoding`); a failed call changes nothing.
enum SessionMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register(CreateMethod.self)
        registry.register(ScrollMethod.self)
        registry.register(SetContentHeightMethod.self)
        registry.register(UpdateMethod.self)
        registry.register(SetViewportMethod.self)
        registry.register(SetInsetsMethod.self)
        registry.register(InsertChildrenMethod.self)
        registry.register(RemoveChildrenMethod.self)
        registry.register(ScrollToChildMethod.self)
        registry.register(SelectPageMethod.self)
        registry.register(ScrollPagerMethod.self)
        registry.register(EndPagerDraggingMethod.self)
        registry.register(BeginDraggingMethod.self)
        registry.register(DragMethod.self)
        registry.register(EndDraggingMethod.self)
        registry.register(TickMethod.self)
        registry.register(PointerMethod.self)
        registry.register(EndScrollingMethod.self)
        registry.register(EndRefreshingMethod.self)
        registry.register(EndLoadingMoreMethod.self)
        registry.register(GetMethod.self)
        registry.register(ListMethod.self)
        registry.register(DestroyMethod.self)
        registry.register(SnapshotMethod.self)
        registry.register(RestoreMethod.self)
        registry.register(DefineTemplateMethod.self)
        registry.register(TemplatesMethod.self)
    }
}
