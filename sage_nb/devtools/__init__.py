"""Development tooling, not imported by the library: the offline docs builder and the benchmarks behind `sage-bench`."""
