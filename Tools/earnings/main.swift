import EarningsTool

EarningsCommand.runMain()
