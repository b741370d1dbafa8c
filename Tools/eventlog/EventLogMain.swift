import CommandLineSupport
import EventLogTool

@main
enum EventLogMain {
    static func main() async {
        await EventLogCommand.runMain()
    }
}
