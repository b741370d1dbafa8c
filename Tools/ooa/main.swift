import CommandLineSupport
import OOATool

OOACommand.runMain()
