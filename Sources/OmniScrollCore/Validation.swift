/// The checks a change list passes before anything is applied. Each names the
/// offending field relative to its change and says why.
enum Validation {
    static let maxLength = Bounds.maxLength
    static let maxOffset = Bounds.maxOffset
    /// The largest |time| a tick may give (seconds): `FlingRequest.maxMagnitude`,
    /// so differences of times stay exact enough for a motion's clock.
    static let maxTime = FlingRequest.maxMagnitude

    static func offset(_ value: Double, field: FieldPath, change: Int = 0) throws(ContainerError) {
        // NaN fails the comparison, so it also rules out non-finite values.
        guard abs(value) <= maxOffset else {
            throw ContainerError(.invalidValue, change: change, field: field,
                                 reason: "must be a finite number between -1e24 and 1e24")
        }
    }

    static func length(_ value: Double, field: FieldPath, change: Int = 0) throws(ContainerError) {
        guard value >= 0, value <= maxLength else {  // false for NaN and infinities
            throw ContainerError(.invalidValue, change: change, field: field,
                                 reason: "must be a finite number between 0 and 1e12")
        }
    }

    static func positiveLength(_ value: Double, field: FieldPath, change: Int = 0) throws(ContainerError) {
        guard value > 0, value <= maxLength else {  // false for NaN and infinities
            throw ContainerError(.invalidValue, change: change, field: field,
                                 reason: "must be a finite number > 0 and ≤ 1e12")
        }
    }

    static func viewport(_ viewport: Viewport, field: FieldPath, change: Int = 0) throws(ContainerError) {
        try positiveLength(viewport.width, field: field.member("width"), change: change)
        try positiveLength(viewport.height, field: field.member("height"), change: change)
    }

    static func insets(_ insets: Insets, field: FieldPath, change: Int = 0) throws(ContainerError) {
        try length(insets.top, field: field.member("top"), change: change)
        try length(insets.bottom, field: field.member("bottom"), change: change)
    }

    /// Every option against its declaration.
    static func options(_ options: ContainerOptions) throws(ContainerError) {
        try options.validate()
    }

    /// Specs to add to a stack that holds `existing` (or nothing).
    /// The most children a container holds (child indices are stored as `Int32`).
    static let maxChildren = Int(Int32.max)

    /// Answers the specs' ids indexed by their position in `specs`, which a
    /// new container's stack keeps (`ChildStack.init(_:viewportHeight:index:)`).
    @discardableResult
    static func children(_ specs: [ChildSpec], existing: ChildStack?, field: FieldPath, change: Int = 0) throws(ContainerError) -> ChildIDIndex {
        guard specs.count <= maxChildren - (existing?.count ?? 0) else {
            throw ContainerError(.invalidValue, change: change, field: field,
                                 reason: "a container holds at most \(maxChildren) children")
        }
        var ids = DeclaredIDs(specs, existing: existing)
        try specs.withUnsafeBufferPointer { specs throws(ContainerError) in
            for k in specs.indices { try child(k, of: specs, ids: &ids, field: field, change: change) }
        }
        return ids.children
    }

    /// Checks spec `k` of a list at `field`, claiming its ids in `ids`. Its
    /// path is built only for an error: a `FieldPath` element is boxed, and
    /// one per child, with a copy of each spec, was a third of this check in
    /// a 100 000-child create (issue 28, bench/scroll-instructions --workload create).
    /// The spec is read in place, a member at a time: passed as a value, it
    /// was copied for each call (`ids` might have changed it, for all the
    /// compiler knew), ~120 instructions a child.
    private static func child(_ k: Int, of specs: UnsafeBufferPointer<ChildSpec>, ids: inout DeclaredIDs, field: FieldPath,
                              change: Int) throws(ContainerError) {
        guard !specs[k].id.isEmpty else {
            throw ContainerError(.invalidValue, change: change, field: field.index(k).member("id"), reason: "must not be empty")
        }
        guard ids.claim(child: k) else {
            throw ContainerError(.duplicateID, change: change, field: field.index(k).member("id"),
                                 reason: "duplicate child id '\(specs[k].id)'", child: specs[k].id)
        }
        let rule = specs[k].kind.rule
        if let size = specs[k].size {
            guard !rule.isViewportTall else {
                throw ContainerError(.invalidValue, change: change, field: field.index(k).member(rule.sizeMember.description),
                                     reason: "a \(specs[k].kind.rawValue) child is exactly one viewport tall: give no \(rule.sizeMember)")
            }
            try length(size, field: field.index(k).member(rule.sizeMember.description), change: change)
        } else if rule.requiresSize {
            throw ContainerError(.invalidValue, change: change, field: field.index(k).member(rule.sizeMember.description),
                                 reason: "is required for a \(specs[k].kind.rawValue) child")
        }
        let members = rule.payloadMembers
        if !members.isEmpty {
            for (member, value) in zip(members, rule.values(of: specs[k].payload)) {
                // A kind's numbers are lengths (`KindMember.length`, its one number).
                if case .number = member.shape, let number = value.number {
                    try length(number, field: field.index(k).member(member.name.description), change: change)
                }
            }
        }
        try specs[k].validate(ids: &ids, field: field.index(k), change: change)
    }

    static func child(_ id: String, in stack: ChildStack, field: FieldPath, change: Int) throws(ContainerError) -> Int {
        guard let i = stack.index(of: id) else {
            throw ContainerError(.unknownChild, change: change, field: field, reason: "no child '\(id)' in this session", child: id)
        }
        return i
    }

    /// Checks what the list alone tells; answers whether it holds a tick or a
    /// command, which the behaviors check against their state too.
    static func changes(_ changes: some Collection<ContainerChange>, stack: ChildStack) throws(ContainerError) -> Bool {
        var behaviorsCheck = false
        for (n, change) in changes.enumerated() {
            switch change {
            case .offset(let value):
                try offset(value, field: "offset", change: n)
            case .tick(let time):
                guard abs(time) <= maxTime else {  // false for NaN
                    throw ContainerError(.invalidValue, change: n, field: "time", reason: "must be a finite number between -1e15 and 1e15")
                }
                behaviorsCheck = true
            case .phase:
                break
            case .size(let id, let value):
                var payload: ChildPayload?
                if stack.page(of: id) == nil {
                    let i = try child(id, in: stack, field: "child", change: n)
                    let rule = stack.payloads[i].kind.rule
                    guard rule.takesSize else {
                        throw ContainerError(.invalidValue, change: n, field: "child", reason: rule.sizeRefusal(child: id))
                    }
                    payload = stack.payloads[i]
                }
                try length(value, field: "contentHeight", change: n)
                // A header's maxHeight stays at least its minHeight, as at its
                // creation (docs/protocol.md, Children): else its snapshot would not restore.
                if case .collapsing(let header)? = payload, value < header.minHeight {
                    throw ContainerError(.invalidValue, change: n, field: "contentHeight",
                                         reason: "must not be less than the collapsing child's minHeight (\(CSSNumber.text(header.minHeight)))")
                }
            case .viewport(let value):
                try viewport(value, field: "viewport", change: n)
            case .insets(let value):
                try insets(value, field: "insets", change: n)
            case .insert(let specs, let index):
                guard changes.count == 1 else {
                    throw ContainerError(.invalidValue, change: n, field: "children", reason: "must be the only change in its list")
                }
                guard (0...stack.count).contains(index) else {
                    throw ContainerError(.invalidValue, change: n, field: "index", reason: "must be between 0 and \(stack.count)")
                }
                try children(specs, existing: stack, field: "children", change: n)
            case .remove(let ids):
                guard changes.count == 1 else {
                    throw ContainerError(.invalidValue, change: n, field: "children", reason: "must be the only change in its list")
                }
                var seen = Set<String>()
                for (k, id) in ids.enumerated() {
                    _ = try child(id, in: stack, field: FieldPath("children").index(k), change: n)
                    guard seen.insert(id).inserted else {
                        throw ContainerError(.duplicateID, change: n, field: FieldPath("children").index(k), reason: "duplicate child id '\(id)'", child: id)
                    }
                }
            case .command(let command):
                var named: Int?
                if let id = command.child { named = try child(id, in: stack, field: "child", change: n) }
                try command.validate(against: CommandChildren(stack: stack, child: named), change: n)
                behaviorsCheck = true
            }
        }
        return behaviorsCheck
    }
}
