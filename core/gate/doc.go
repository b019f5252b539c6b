// Package gate is the gate of HEART, in one place (decisions.md §1 "Gate in
// one place"): the device simulator uses it as the authority for its own
// Actions, and the Core uses it to pre-check and, at the edge, as the
// authority for delegated small devices.
//
// What lives here, and where it comes from:
//
//   - Tokens, kinds, scopes and clearance (decisions.md §2): token.go,
//     clearance.go, demo.go. The Core's token and why it holds the scopes it
//     does: demo.go.
//   - Who an Action is from (decisions.md §1 "How the Core calls the
//     device"): initiator.go. Heart-Initiator and friends are trusted only
//     from the Core's token.
//   - Risk, the ai rule "physical counts as destructive" (Core §6.2 rule 1),
//     and the modes of the autonomy level (Core §7.4 rule 1): risk.go.
//   - The gate table (decisions.md §3, standing in for API Standard 6.3):
//     decide.go.
//   - Digests over RFC 8785 canonical JSON (decisions.md §3; Core §7.5 rule
//     2): digest.go.
//   - Actions, their lifecycle and approvals (decisions.md §1 "Approvals live
//     on the device"; docs/data-shapes.md): action.go, book.go.
//   - The allowlist and its envelopes (Core §7.4): allowlist.go.
//   - Guards (decisions.md §3; Core §7.5 rule 3): guard.go.
//   - Trial plans: later steps and the undo admitted against the approved
//     plan (Core §7.5 rule 2): trial.go.
//   - Idempotency-Key (decisions.md §1): idempotency.go.
//   - Proof of presence codes (decisions.md §2; Core §4.3): presence.go.
//   - The autonomy level, Stop and Resume (decisions.md §3; Core §7.8 rule 4
//     for the brainless cap): autonomy.go.
//
// The package is pure: no I/O, no goroutines. Time comes from a clock.Clock
// and ids and randomness from injected functions. Every store is bounded.
// Errors are *api.Problem with the codes of core/api.
package gate
