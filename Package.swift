// swift-tools-version:6.1
import PackageDescription

// MARK: - Helpers

/// A library module under `Modules/<name>`. Release builds let client modules inline and
/// specialize its code (its generic code runs unspecialized otherwise: a generic metadata look-up
/// on every use of a generic type).
func module(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Modules/\(name)",
        swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    )
}

/// The test target for a module, under `Tests/<name>Tests`.
func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: dependencies, path: "Tests/\(name)Tests")
}

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let grdbSQLite: Target.Dependency = .product(name: "GRDBSQLite", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let collections: Target.Dependency = .product(name: "Collections", package: "swift-collections")

let package = Package(
    name: "MobilePlatform",
    products: [
        .library(name: "Zstd", targets: ["Zstd"]),
        .library(name: "PlatformKit", targets: ["PlatformKit"]),
        .library(name: "EventLog", targets: ["EventLog"]),
        .library(name: "EventLogSQLite", targets: ["EventLogSQLite"]),
        .library(name: "LedgerDemo", targets: ["LedgerDemo"]),
        .executable(name: "eventlog", targets: ["eventlog"]),
        .executable(name: "platform", targets: ["platform"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // MARK: - System libraries
        .systemLibrary(
            name: "CZstd",
            path: "Modules/CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(name: "CJemalloc", path: "Modules/CJemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "CJemallocSettings", path: "Modules/CJemallocSettings"),
        .target(name: "CMemoryHints", path: "Modules/CMemoryHints"),

        // MARK: - Shared core (no SQLite)
        module("Zstd", ["CZstd"]),
        module("PlatformKit", ["CMemoryHints"]),
        module("EventLog", ["PlatformKit"]),
        module("LedgerDemo", ["EventLog"]),

        // MARK: - Storage
        module("EventLogSQLite", ["EventLog", "PlatformKit", "Zstd", grdb, grdbSQLite, crypto]),
        module("CommandLineSupport", ["EventLogSQLite", "PlatformKit", argumentParser]),
        module("EventLogTool", ["CommandLineSupport", "EventLog", "EventLogSQLite", "PlatformKit", "LedgerDemo", "CitySimulation", "OnboardingHarness", argumentParser]),

        // MARK: - Feature: Onboarding (issue 3)
        module("OnboardingContract", ["PlatformKit"]),
        module("OnboardingService", ["OnboardingContract", "EventLog", "PlatformKit", crypto, collections]),
        module("Onboarding", ["OnboardingContract", "EventLog", "PlatformKit"]),
        module("OnboardingHarness", ["Onboarding", "OnboardingService", "OnboardingContract", "EventLog", "PlatformKit"]),
        module("OnboardingTool", ["CommandLineSupport", "OnboardingHarness", "Onboarding", "OnboardingService", "OnboardingContract", "EventLog", "EventLogSQLite", "PlatformKit", argumentParser]),
        .executableTarget(name: "onboarding", dependencies: ["CommandLineSupport", "OnboardingTool"], path: "Tools/onboarding"),
        .executableTarget(name: "onboarding-bench", dependencies: ["OnboardingHarness", "OnboardingService", "OnboardingContract", "EventLog", "PlatformKit"], path: "Tools/onboarding-bench"),
        tests("OnboardingService", ["OnboardingService", "OnboardingContract", "EventLog", "EventLogTestSupport", "PlatformKit", crypto]),
        tests("Onboarding", ["Onboarding", "OnboardingHarness", "OnboardingService", "OnboardingContract", "EventLog", "PlatformKit", "EventLogTestSupport"]),
        tests("OnboardingTool", ["OnboardingTool", "EventLogSQLite", "EventLog", "PlatformKit", "EventLogTestSupport", argumentParser]),

        // MARK: - Feature: Optimistic sync (issue 4)
        module("OptimisticSync", ["EventLog", "PlatformKit"]),
        module("TripContract", ["OptimisticSync", "EventLog", "PlatformKit"]),
        module("DriverTrips", ["OptimisticSync", "TripContract", "EventLog", "PlatformKit"]),
        module("TripService", ["OptimisticSync", "TripContract", "EventLog", "PlatformKit"]),
        module("OptimisticTool", ["CommandLineSupport", "DriverTrips", "TripService", "TripContract", "OptimisticSync", "EventLog", "EventLogSQLite", "PlatformKit", argumentParser]),
        .executableTarget(name: "optimistic", dependencies: ["CommandLineSupport", "OptimisticTool"], path: "Tools/optimistic"),
        .executableTarget(name: "optimistic-bench", dependencies: ["OptimisticSync", "DriverTrips", "TripService", "TripContract", "EventLog", "PlatformKit"], path: "Tools/optimistic-bench"),
        tests("OptimisticSync", ["OptimisticSync", "EventLog", "EventLogTestSupport", "PlatformKit"]),
        tests("OptimisticTool", ["OptimisticTool", "EventLogTestSupport"]),
        tests("DriverTrips", ["DriverTrips", "TripService", "TripContract", "OptimisticTool", "OptimisticSync", "EventLog", "EventLogTestSupport", "PlatformKit"]),

        // MARK: - Feature: Action cards (issue 5)
        module("ActionCards", ["EventLog", "PlatformKit"]),
        module("MembershipContract", ["ActionCards", "PlatformKit"]),
        module("MembershipService", ["MembershipContract", "ActionCards", "EventLog", "PlatformKit"]),
        module("Membership", ["MembershipContract", "ActionCards", "EventLog", "PlatformKit"]),
        module("MembershipSimulation", ["Membership", "MembershipService", "MembershipContract", "ActionCards", "EventLog", "PlatformKit"]),
        module("ActionCardsTool", ["CommandLineSupport", "ActionCards", "Membership", "MembershipService", "MembershipContract", "MembershipSimulation", "EventLog", "EventLogSQLite", "PlatformKit", argumentParser]),
        .executableTarget(name: "actioncards", dependencies: ["CommandLineSupport", "ActionCardsTool"], path: "Tools/actioncards"),
        .executableTarget(
            name: "actioncards-bench",
            dependencies: ["ActionCards", "Membership", "MembershipContract", "MembershipSimulation", "EventLog", "PlatformKit"],
            path: "Tools/actioncards-bench"
        ),
        tests("ActionCardsTool", ["ActionCards", "MembershipSimulation", "EventLog", "EventLogSQLite", "EventLogTestSupport", "PlatformKit"]),
        tests("ActionCards", ["ActionCards", "EventLogTestSupport", "Membership", "MembershipService", "MembershipContract", "MembershipSimulation", "EventLog", "PlatformKit"]),

        // MARK: - Feature: Out-of-app surfaces (issue 6)
        module("OutOfAppDSL", ["PlatformKit"]),
        module("OOAService", ["OutOfAppDSL", "EventLog", "PlatformKit"]),
        module("OOATool", ["CommandLineSupport", "OOAService", "OutOfAppDSL", "EventLog", "EventLogSQLite", "PlatformKit", argumentParser]),
        .executableTarget(name: "ooa", dependencies: ["CommandLineSupport", "OOATool"], path: "Tools/ooa"),
        .executableTarget(name: "ooa-bench", dependencies: ["CommandLineSupport", "OOAService", "EventLog", "PlatformKit"], path: "Tools/ooa-bench"),
        tests("OutOfAppDSL", ["OutOfAppDSL", "PlatformKit"]),
        tests("OOAService", ["OOAService", "OutOfAppDSL", "EventLog", "EventLogTestSupport", "PlatformKit"]),
        tests("OOATool", ["OOATool", "EventLogTestSupport", "EventLog", "EventLogSQLite", "PlatformKit"]),

        // MARK: - Feature: Earnings tracker (issue 7)
        module("RealtimeAPI", ["EventLog", "PlatformKit"]),
        module("Earnings", ["RealtimeAPI", "EventLog", "PlatformKit"]),
        module("EarningsService", ["RealtimeAPI", "EventLog", "PlatformKit"]),
        module("EarningsPlatform", ["Earnings", "EarningsService", "RealtimeAPI", "EventLog", "PlatformKit"]),
        module("EarningsTool", ["CommandLineSupport", "EarningsPlatform", "Earnings", "EarningsService", "RealtimeAPI", "EventLog", "EventLogSQLite", "PlatformKit", argumentParser]),
        .executableTarget(name: "earnings", dependencies: ["CommandLineSupport", "EarningsTool"], path: "Tools/earnings"),
        .executableTarget(name: "earnings-bench", dependencies: ["Earnings", "EarningsPlatform", "RealtimeAPI", "PlatformKit"], path: "Tools/earnings-bench"),
        tests("Earnings", ["Earnings", "EarningsService", "EarningsPlatform", "RealtimeAPI", "EventLog", "PlatformKit", "EventLogTestSupport"]),

        // MARK: - Apps and tools
        module("CitySimulation", [
            "EventLog", "PlatformKit", collections,
            "OnboardingHarness", "Onboarding", "OnboardingService", "OnboardingContract",
            "MembershipSimulation", "Membership", "MembershipContract", "MembershipService", "ActionCards",
            "OOAService", "OutOfAppDSL", "OptimisticSync", "DriverTrips", "TripContract", "TripService",
            "EarningsPlatform", "EarningsService", "Earnings", "RealtimeAPI",
        ]),
        .executableTarget(name: "platform", dependencies: ["CJemalloc", "CJemallocSettings", "CitySimulation", "CommandLineSupport", "EventLogSQLite", "LedgerDemo", "EventLog", "PlatformKit", argumentParser], path: "Apps/platform"),
        .executableTarget(name: "eventlog", dependencies: ["CommandLineSupport", "EventLogTool"], path: "Tools/eventlog"),
        .executableTarget(
            name: "eventlog-bench",
            dependencies: ["CommandLineSupport", "EventLog", "EventLogSQLite", "PlatformKit", "Zstd", "LedgerDemo", grdbSQLite, argumentParser],
            path: "Tools/eventlog-bench"
        ),
        .executableTarget(name: "eventlog-crash-writer", dependencies: ["EventLogSQLite", "EventLog", "PlatformKit", "LedgerDemo"], path: "Tools/eventlog-crash-writer"),

        // MARK: - Tests
        .target(name: "EventLogTestSupport", dependencies: ["EventLog", "PlatformKit", "LedgerDemo"], path: "Tests/EventLogTestSupport"),
        tests("Zstd", ["Zstd", "PlatformKit"]),
        tests("PlatformKit", ["PlatformKit"]),
        tests("EventLog", ["EventLog", "PlatformKit", "EventLogTestSupport", "LedgerDemo"]),
        tests("EventLogSQLite", ["EventLogSQLite", "EventLog", "PlatformKit", "Zstd", "EventLogTestSupport", "LedgerDemo", grdb, crypto]),
        tests("EventLogTool", ["EventLogTool", "CommandLineSupport", "EventLogSQLite", "EventLog", "PlatformKit", "EventLogTestSupport", "LedgerDemo"]),
        tests("CitySimulation", ["CitySimulation", "OnboardingHarness", "OnboardingService", "OOAService", "EventLog", "EventLogSQLite", "PlatformKit", "EventLogTestSupport", grdb]),
    ]
)

// MARK: - Shared settings
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        // Release builds skip the run-time exclusivity checks (debug builds and tests keep them):
        // they cost ~3 % of the simulation's instructions, ~6 % once code is specialized across modules.
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    ]
}
// Release builds link the Swift runtime and libraries statically into each executable (what
// `swift build --static-swift-stdlib` does: every module is compiled for it too, so that its
// objects name the static libraries' own dependencies). A call into them (a retain or release, a
// hash, a string operation: a third of the simulation thread's samples) is then direct, not
// through the dynamic linker's tables, and their thread-local state is read without
// `__tls_get_addr`: side by side, 2.5–3.8 % less CPU per event for the large city. lld links
// them (the default linker warns about Foundation's use of `mktemp` at every link). Test support
// stays out of it: XCTest has no static library.
let staticStdlib: [String] = ["-static-stdlib"]
for target in package.targets where target.type != .system && target.type != .test && target.path?.hasPrefix("Tests/") != true {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticStdlib, .when(configuration: .release))]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(staticStdlib + ["-use-ld=lld"], .when(configuration: .release))]
    }
}
