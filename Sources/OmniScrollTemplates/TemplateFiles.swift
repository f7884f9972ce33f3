/// The `session.create` templates (`protocol/templates/<name>.json`, the only
/// copies), embedded in the binary by SwiftPM (`.embedInCode`) as
/// `protocol/openrpc.json` is. Each `.json` here is a symbolic link to its
/// file there (SwiftPM takes resources from inside the target's folder only).
/// A new template is its file, its link, its line in `Package.swift` and its
/// line below; a test holds the list equal to the folder and to the
/// `template` enum of `protocol/openrpc.json`.
public enum TemplateFiles {
    /// Every template's name (its file name without `.json`) and bytes, in the
    /// order of the `template` enum.
    public static let all: [(name: String, bytes: [UInt8])] = [
        ("shortContainer", PackageResources.shortContainer_json),
        ("stickyTabs", PackageResources.stickyTabs_json),
        ("feed", PackageResources.feed_json),
        ("profileTabs", PackageResources.profileTabs_json),
        ("collapsingNav", PackageResources.collapsingNav_json),
    ]
}
