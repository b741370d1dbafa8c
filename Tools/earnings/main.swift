import ArgumentParser
import EarningsTool

EarningsCommand.main()
