// swift-tools-version:6.0
// OmniScroll: a headless nested-scroll layout engine and its JSON-RPC worker.
// Depends on the Swift toolchain and Foundation only.
import PackageDescription

let package = Package(
    name: "OmniScroll",
    products: [
        .library(name: "OmniScrollCore", targets: ["OmniScrollCore"]),
        .library(name: "OmniScrollJSON", targets: ["OmniScrollJSON"]),
        .library(name: "OmniScrollProtocol", targets: ["OmniScrollProtocol"]),
        .executable(name: "omniscroll", targets: ["omniscroll"]),
        .library(name: "OmniScrollClient", targets: ["OmniScrollClient"]),
    ],
    targets: [
        // The pure layout engine: value types, no I/O, no JSON.
        .target(name: "OmniScrollCore"),
        // JSON value, byte-level parser and writer.
        .target(name: "OmniScrollJSON"),
        // protocol/openrpc.json embedded in the binary (rpc.discover, the contract tests).
        .target(name: "OmniScrollOpenRPC", resources: [.embedInCode("openrpc.json")]),
        // protocol/templates/*.json embedded in the binary (session.create's templates).
        .target(name: "OmniScrollTemplates",
                resources: [.embedInCode("shortContainer.json"), .embedInCode("stickyTabs.json"),
                            .embedInCode("feed.json"),
                            .embedInCode("profileTabs.json"),
                            .embedInCode("collapsingNav.json")]),
        // JSON-RPC 2.0, framing, the method table, param decoding, sessions.
        .target(name: "OmniScrollProtocol",
                dependencies: ["OmniScrollCore", "OmniScrollJSON", "OmniScrollOpenRPC", "OmniScrollTemplates"]),
        // `omniscroll trace`: runs a transcript in-process and draws it as HTML or SVG.
        // Resources/ holds the page's style and scripts; the drawing is shared with the playground (clients/python, scripts/package).
        .target(name: "OmniScrollTrace", dependencies: ["OmniScrollProtocol", "OmniScrollJSON"],
                resources: [.embedInCode("Resources/trace.css"), .embedInCode("Resources/errors.js"),
                            .embedInCode("Resources/draw.js"), .embedInCode("Resources/trace.js")]),
        // The worker executable: flags, then the protocol server on stdin/stdout.
        .executableTarget(name: "omniscroll", dependencies: ["OmniScrollProtocol", "OmniScrollTrace"]),
        // Swift client: spawns the worker and binds the session API.
        .target(name: "OmniScrollClient", dependencies: ["OmniScrollJSON"]),
        // The benchmark (bench/run): the driver and its line-echo floor. Not products.
        .executableTarget(name: "omniscroll-bench", dependencies: ["OmniScrollCore", "OmniScrollJSON"],
                          path: "bench/Sources/omniscroll-bench"),
        .executableTarget(name: "omniscroll-line-echo", path: "bench/Sources/omniscroll-line-echo"),
        // The Swift client's recovery benchmark (issue 30), beside clients/*/bench-recovery.
        .executableTarget(name: "omniscroll-client-bench", dependencies: ["OmniScrollClient"],
                          path: "bench/Sources/omniscroll-client-bench"),

        // What several test targets share (the seeded generator of the property tests).
        .target(name: "OmniScrollTestSupport", path: "Tests/Support"),
        .testTarget(name: "OmniScrollCoreTests", dependencies: ["OmniScrollCore", "OmniScrollTestSupport"]),
        .testTarget(name: "OmniScrollJSONTests", dependencies: ["OmniScrollJSON", "OmniScrollTestSupport"]),
        .testTarget(name: "OmniScrollProtocolTests", dependencies: ["OmniScrollProtocol", "OmniScrollCore", "OmniScrollJSON", "OmniScrollOpenRPC", "OmniScrollTemplates", "OmniScrollTestSupport"]),
        .testTarget(name: "OmniScrollTraceTests", dependencies: ["OmniScrollTrace", "OmniScrollJSON"]),
        .testTarget(name: "OmniScrollWorkerTests", dependencies: ["OmniScrollJSON"]),
        .testTarget(name: "OmniScrollClientTests", dependencies: ["OmniScrollClient", "OmniScrollTestSupport"]),
    ]
)
