// Package brain is the Core's brain module (standard §7.8): the brain lease
// and its clock, the cut, the brainless transition, restore with the
// owner's approval, and auto mode for lost links.
//
// It holds state only. Every method takes the time from the caller (the
// Core's one injected clock), so the lease is counted on the same clock as
// every other timeout and tests move time by hand. What a brainless
// transition must do on the device (cancel waiting brain Actions, lower
// autonomy, raise the alert) is returned as a Transition for the Core to
// carry out: this package does no I/O.
//
// The Core has no model in its Model Slot in this build, so it never
// consults: Allows is the check every future consultation must pass
// (rule 1), and answer digests (rule 3) have nothing to check yet.
package brain
