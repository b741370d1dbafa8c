import ArgumentParser
import OptimisticTool

@main
enum OptimisticMain {
    static func main() {
        OptimisticCommand.main()
    }
}
