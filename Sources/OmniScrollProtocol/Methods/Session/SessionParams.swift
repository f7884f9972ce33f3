import OmniScrollCore
import OmniScrollJSON

/// The schemas the session methods share (`#/components/schemas/…` in
/// `protocol/openrpc.json`) and their decoding into engine values. Every
/// failure names its JSON path.
enum SessionParams {
    /// The longest session or child id accepted, in characters (Unicode scalars, as JSON Schema counts).
    static let maxIDLength = 256
    /// The longest session id accepted, in UTF-8 bytes besides its
    /// characters: 256 four-byte characters are 1 024 bytes, which every
    /// reply of the session repeats (docs/protocol.md, Params).
    static let maxIDBytes = 256
    /// A session or child id a client names.
    static let id = Schema.string(minLength: 1, maxLength: maxIDLength)

    /// A time on the client's clock, in seconds (a physics input, `Schema.magnitude`).
    static let time = Schema.magnitude
    /// A velocity in points per second, the offset growing positive.
    static let velocity = Schema.magnitude

    static let viewport = Schema.object([
        .required("width", .positiveLength),
        .required("height", .positiveLength),
    ])
    static let insets = Schema.object([
        .optional("top", .length),
        .optional("bottom", .length),
    ])
    static let scrollPhase = Schema.enumeration(of: ScrollPhase.self)
    static let childSpec = Schema.object([
        .required("id", id),
        .required("kind", .enumeration(of: ChildKind.self)),
    ] + kindMembers + PagerParams.members)
    /// Every kind's size member (`null` while unknown) and own members, once
    /// each, in kind order: a new kind's members come from its rule.
    private static let kindMembers: [Member] = {
        var keys: [ParamKey] = []
        var members: [Member] = []
        for kind in ChildKind.allCases where kind != .pager {
            let size = ParamKey(stringLiteral: kind.sizeMember)
            if !keys.contains(size) { keys.append(size); members.append(.optional(size, .nullable(.length))) }
        }
        for kind in ChildKind.allCases {
            for member in kind.payloadMembers where !keys.contains(ParamKey(stringLiteral: member.name)) {
                let key = ParamKey(stringLiteral: member.name)
                keys.append(key)
                members.append(.optional(key, member.shape))
            }
        }
        return members
    }()
    /// The session's own `delta`, then every option the engine declares
    /// (`ContainerOptions.declarations`), each optional.
    static let options = Schema.object(
        [.optional("delta", .boolean)]
        + ContainerOptions.declarations.map { .optional(ParamKey(stringLiteral: $0.name), $0.schema) })

    static func viewport(_ object: borrowing ParamDecoder) throws(RPCError) -> Viewport {
        Viewport(width: try object.double("width"), height: try object.double("height"))
    }

    /// Insets with members defaulting to `base`'s.
    static func insets(_ object: borrowing ParamDecoder, base: Insets = .zero) throws(RPCError) -> Insets {
        try InsetsPatch(object).applied(to: base)
    }

    /// Children; more than `--max-children` is -32004 before any is read.
    static func children(_ array: ParamArray) throws(RPCError) -> [ChildSpec] {
        try checkCount(array)
        var specs: [ChildSpec] = []
        specs.reserveCapacity(array.count)
        for i in 0..<array.count {
            if let spec = UsualChildSpec.read(array.element(i)) { specs.append(spec) } else { specs.append(try child(array.object(at: i))) }
            // A huge list's tape entries go as its children are read: a
            // 1 000 000-child create's are ~170 MB (bench/create-memory).
            if i & 0xFFFF == 0xFFFF { array.discard(before: i + 1) }
        }
        return specs
    }

    static func checkCount(_ array: ParamArray) throws(RPCError) {
        if array.count > array.maxChildren {
            throw RPCError.limitExceeded(limit: "--max-children", value: array.maxChildren, path: array.path)
        }
    }

    static func child(_ object: borrowing ParamDecoder) throws(RPCError) -> ChildSpec {
        let id = try object.string("id")
        let kind = try object.enumeration("kind", among: kindNames)
        if kind == .pager { return try PagerParams.child(id: id, object) }
        let decoding = decoding(of: kind)
        let present = object.presentMembers
        // The member checks below look for members of other kinds one by one;
        // one test of the members present against the kind's own tells
        // whether any is there (a create reads 1 000 000 children).
        let foreign = present & ~decoding.ownMembers != 0
        if foreign {
            for key in PagerParams.keys where object.contains(key) {
                throw object.invalid(key, "not used by a \(kind.rawValue) child")
            }
        }
        let sizeKey = decoding.sizeKey
        if foreign {
            for other in ChildKind.allCases {
                let otherKey = ParamKey(stringLiteral: other.sizeMember)
                if otherKey != sizeKey, object.contains(otherKey) {
                    throw object.invalid(otherKey, "not used by a \(kind.rawValue) child; give its \(sizeKey)")
                }
            }
        }
        // An absent size member is told by `present`: its slot is not looked up.
        let size = present & decoding.sizeMember == 0 ? nil : try object.optionalDouble(sizeKey)
        if decoding.requiresSize, size == nil { throw object.invalid(sizeKey, "required for a \(kind.rawValue) child") }
        if let payload = decoding.payload { return ChildSpec(id: id, size: size, payload: payload) }
        var values: [OptionValue?] = []
        for member in kind.payloadMembers {
            values.append(try OptionValue.read(member.shape, ParamKey(stringLiteral: member.name), in: object))
        }
        if foreign {
            let ownKeys = kind.payloadMembers.map { ParamKey(stringLiteral: $0.name) }
            for other in ChildKind.allCases {
                for key in other.payloadMembers.map({ ParamKey(stringLiteral: $0.name) }) where !ownKeys.contains(key) && object.contains(key) {
                    throw object.invalid(key, "not used by a \(kind.rawValue) child")
                }
            }
        }
        return ChildSpec(id: id, size: size, payload: kind.payload(values))
    }

    /// Each kind by its name, for `ParamDecoder.enumeration(_:among:)`.
    private static let kindNames = EnumerationCases<ChildKind>()
    /// Each phase by its name, for `ParamDecoder.optionalEnumeration(_:among:)` (`session.scroll`'s phase).
    static let phaseNames = EnumerationCases<ScrollPhase>()

    /// What decoding a child of one kind reads, from its rule once: asked of
    /// the rule per child, these were ~100 instructions of every child of a
    /// create (issue 28, bench/scroll-instructions --workload create). The
    /// one table of the kinds: the create's fast path (`UsualChildSpec`)
    /// reads it too. @unchecked: `json` points at bytes `EnumerationCases`
    /// never frees or changes.
    struct KindDecoding: @unchecked Sendable {
        let kind: ChildKind
        /// The kind's name as a JSON string (`"page"`), `kindNames`' bytes.
        let json: UnsafeBufferPointer<UInt8>
        /// The members of `childSpec` its children may carry (`id`, `kind`,
        /// its size member, its own members), as `ParamDecoder.presentMembers` counts them.
        let ownMembers: UInt32
        /// Its size member's bit among them.
        let sizeMember: UInt32
        let sizeKey: ParamKey
        let requiresSize: Bool
        /// The payload of a kind with no members of its own (read from none).
        let payload: ChildPayload?

        init(_ kind: ChildKind, json: UnsafeBufferPointer<UInt8>) {
            func mask(_ names: [String]) -> UInt32 {
                var mask: UInt32 = 0
                for (slot, member) in SessionParams.childSpec.members.enumerated() where names.contains(member.name.description) {
                    mask |= 1 << slot
                }
                return mask
            }
            self.kind = kind
            self.json = json
            ownMembers = mask(["id", "kind", kind.sizeMember.description] + kind.payloadMembers.map(\.name.description))
            sizeMember = mask([kind.sizeMember.description])
            sizeKey = ParamKey(stringLiteral: kind.sizeMember)
            requiresSize = kind.requiresSize
            payload = kind.payloadMembers.isEmpty ? kind.payload([]) : nil
        }
    }

    /// Every kind's decoding, in `ChildKind`'s order.
    static let kindDecodings = kindNames.cases.map { KindDecoding($0.value, json: $0.json) }

    private static func decoding(of kind: ChildKind) -> KindDecoding {
        for entry in kindDecodings where entry.kind == kind { return entry }
        preconditionFailure("every kind has its entry")
    }

    /// Options over `base` (a template's); members not given keep `base`'s.
    static func options(_ object: borrowing ParamDecoder, base: ContainerOptions, baseDelta: Bool) throws(RPCError) -> (ContainerOptions, delta: Bool) {
        try OptionsPatch(object).applied(to: base, delta: baseDelta)
    }

    /// The JSON path of the param a `ContainerError` is about, for methods whose
    /// param names match the engine's field names (`children[2].id`, `offset`…).
    static func path(of error: ContainerError) -> String { render(error.field, under: "params") }

    /// The JSON path of a `ContainerError` for methods that take an object's
    /// members as their own params (`session.setViewport {width, height}`
    /// for the change's `viewport`).
    static func flattenedPath(of error: ContainerError) -> String {
        error.field.belowTop.map { render($0, under: "params") } ?? "params"
    }

    /// `field` as a JSON path below `base` (`params.children[2].id`): the one
    /// place an engine field becomes protocol text.
    static func render(_ field: FieldPath, under base: String) -> String {
        switch field {
        case .top(let name): return "\(base).\(name)"
        case .member(let parent, let name): return "\(render(parent, under: base)).\(name)"
        case .index(let parent, let i): return "\(render(parent, under: base))[\(i)]"
        }
    }

    /// The protocol error for an engine error at `path`.
    static func rpcError(_ error: ContainerError, path: String) -> RPCError {
        switch error.kind {
        case .unknownChild:
            return RPCError.childNotFound(error.child ?? "", path: path)
        case .invalidValue, .duplicateID:
            return RPCError.invalidParams(path: path, reason: error.reason)
        }
    }
}

/// Insets given member by member: the members not given keep the session's.
struct InsetsPatch {
    let top: Double?
    let bottom: Double?

    init(_ object: borrowing ParamDecoder) throws(RPCError) {
        top = try object.optionalDouble("top")
        bottom = try object.optionalDouble("bottom")
    }

    func applied(to base: Insets) -> Insets {
        Insets(top: top ?? base.top, bottom: bottom ?? base.bottom)
    }
}

extension Member {
    /// `session`: the id of the session a method works on.
    static let session = Member.required("session", .string())
}

extension SessionParams {
    /// `session` as a declared param (a stored constant: built at each read,
    /// it cost a retain and a release).
    static let session = Param<String>(Member.session)
}

/// Options given member by member, decoded before the options they go over
/// are known (a template's, resolved when the call applies): the members
/// not given keep the base's.
struct OptionsPatch {
    private var values: [(name: StaticString, value: OptionValue)] = []
    private var delta: Bool?

    init(_ object: borrowing ParamDecoder) throws(RPCError) {
        delta = try object.optionalBool("delta")
        for declaration in ContainerOptions.declarations {
            if let value = try OptionValue.read(declaration.schema, ParamKey(stringLiteral: declaration.name), in: object) {
                values.append((declaration.name, value))
            }
        }
    }

    func applied(to base: ContainerOptions, delta baseDelta: Bool) -> (ContainerOptions, delta: Bool) {
        var options = base
        for (name, value) in values { options[name] = value }
        return (options, delta ?? baseDelta)
    }
}
