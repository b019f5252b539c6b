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
//     on the device"; docs/data-shapes.md): action.go, book.go; the device's
//     snapshot of them: snapshot.go.
//   - The allowlist and its envelopes (Core §7.4): allowlist.go, and the
//     checks of a new allowlist: allowlist_validate.go.
//   - Guards (decisions.md §3; Core §7.5 rule 3): guard.go.
//   - Trial plans: later steps and the undo admitted against the approved
//     plan (Core §7.5 rule 2): trial.go.
//   - Idempotency-Key (decisions.md §1): idempotency.go.
//   - Proof of presence codes (decisions.md §2; Core §4.3): presence.go.
//   - The autonomy level, Stop and Resume (decisions.md §3; Core §7.8 rule 4
//     for the brainless cap): autonomy.go.
//
// Choices made where the sources are silent:
//
//   - Decide takes the declared risk and applies "for ai, physical counts as
//     destructive" itself. The approver needs heart.admin only when the
//     declared risk is destructive, so an operator can approve an ai's
//     physical change (Core §6 example), and nobody but an admin a factory
//     reset.
//   - FromServe makes the Action ai whatever the kind given (§6.2 rule 1).
//   - A rule's physical or destructive change without adoptedPhysical is
//     refused with 403 caller-not-allowed; with it, the table's "same" holds.
//   - Book.Submit refuses (500) a run verdict for anything that counts as
//     destructive, unless a rule asks or it carries approvedBy: a safety net
//     should a caller ever pass a wrong verdict.
//   - Every presence refusal is 403 presence-required, with no hint which
//     way a code was wrong; five wrong codes in a row end every live code.
//   - The Core's token holds read, operate, tend and admin, a ceiling and
//     never authority: see demo.go and Tokens.CheckScope.
//   - Allowlist targets match exactly: a short name could widen an entry.
//
// The package is pure: no I/O, no goroutines. Time comes from a clock.Clock
// and ids and randomness from injected functions. Every store is bounded.
// Errors are *api.Problem with the codes of core/api.
package gate
