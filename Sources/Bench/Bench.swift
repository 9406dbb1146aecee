/// Starboard's benchmarks (`starboard bench`); see the README's Performance section.
public enum Bench {}
