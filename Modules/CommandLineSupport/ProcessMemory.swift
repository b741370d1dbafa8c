import Foundation

/// This process's memory, from Linux's `/proc/self` (tools and benchmarks only; 0 elsewhere).
public enum ProcessMemory {
    /// Resident set size now, in bytes.
    public static var residentBytes: Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Peak resident set size of this process image, in bytes (`VmHWM`: unlike `ru_maxrss` it
    /// does not carry the parent's peak across fork and exec).
    public static var peakResidentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1_024
    }
}
