import CommandLineSupport
import EarningsTool

EarningsCommand.runMain()
