import StarboardBench
import StarboardComponents

// The bench measures the shipped components against the `starboard` built beside it.
BenchCommandLine.main(Array(CommandLine.arguments.dropFirst()), registry: makeRegistry)
