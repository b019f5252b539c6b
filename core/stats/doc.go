// Package stats computes the statistics of signals that HEART Core §7.2
// defines once and uses everywhere (features in a Consultation, `feature` in
// checks, signal tables): value, min, max, mean, stddev, trend, overshoot and
// count. It is pure Go with no I/O, so the simulator's getVitalFeatures and
// the Core compute the same numbers (decisions.md §1, "Who evaluates what").
package stats
