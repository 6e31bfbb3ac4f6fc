import BenchCLI

BenchEntry.main()
