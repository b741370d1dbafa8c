import ArgumentParser
import OOATool

OOACommand.main()
