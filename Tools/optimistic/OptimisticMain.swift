import CommandLineSupport
import OptimisticTool

@main
enum OptimisticMain {
    static func main() {
        OptimisticCommand.runMain()
    }
}
