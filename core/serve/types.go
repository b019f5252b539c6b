// Package serve is the /serve pipeline of HEART Core §6: UNDERSTAND (a tier
// produces candidates), GROUND (§6.1: one known target, every value
// accounted for and checked), CHECK (scope, callers, schema, mode), ACT (the
// device's HEART API, as ai on behalf of the caller: reads run, everything
// else is submitted and waits for a person, §6.2) and EXPLAIN (core/explain).
//
// The package is pure: the device, the tier, the clock and the Core's own
// Stop come in through Env, so it runs natively, under js/wasm and in tests.
package serve

import (
	"time"
)

// Outcomes of §6.
const (
	Done               = "done"
	PendingApproval    = "pending-approval"
	NeedsClarification = "needs-clarification"
	Refused            = "refused"
	NotUnderstood      = "not-understood"
)

// Groundings of §6.1 rule 3.
const (
	Stated      = "stated"
	Default     = "default"
	SystemState = "system-state"
)

// Reasons given with a refused outcome. Problem codes of decisions.md §3
// where one exists.
const (
	ReasonCallerNotAllowed = "caller-not-allowed"
	ReasonOutOfRange       = "out-of-range"
	ReasonAutonomyStopped  = "autonomy-stopped"
	ReasonPersonOnly       = "person-only"     // the target's callers exclude ai
	ReasonNoHalt           = "no-halt"         // a thing with no halt capability
	ReasonUngrounded       = "ungrounded"      // a claim that cannot be checked
	ReasonNotServable      = "not-servable"    // never a /serve target
	ReasonInvalid          = "invalid-request" // the device or the schema refused the shape
	ReasonGuardFailed      = "guard-failed"
	ReasonDevice           = "device-refused"
	ReasonCore             = "core-refused" // the Core itself refused one of its own operations
	ReasonNotFound         = "not-found"    // the thing the request names does not exist
	ReasonPretext          = "pretext"      // the request tries to talk its way past the rules
)

// Request is the body of POST /heart/v1/serve. Text is data: it is matched
// against the Map and never executed or spliced into anything executed.
type Request struct {
	Text   string `json:"text"`
	Lang   string `json:"lang,omitempty"`
	Device string `json:"device,omitempty"`
	Choice string `json:"choice,omitempty"`
}

// Response is the answer of POST /heart/v1/serve (serve.schema.json).
type Response struct {
	Outcome   string      `json:"outcome"`
	Intent    *Intent     `json:"intent,omitempty"`
	ActionID  string      `json:"actionId,omitempty"`
	Answer    string      `json:"answer"`
	Question  string      `json:"question,omitempty"`
	Reason    string      `json:"reason,omitempty"`
	Shortlist []ShortItem `json:"shortlist"`
	Choices   []Choice    `json:"choices,omitempty"`
	// Result is the device's answer to a read, for a UI to show in full. It
	// is not part of serve.schema.json, so it is never sent on the wire.
	Result any `json:"-"`
}

// Intent is what a request means (intent.schema.json).
type Intent struct {
	Target     string            `json:"target"`
	Arguments  map[string]any    `json:"arguments"`
	Grounding  map[string]string `json:"grounding"`
	Tier       string            `json:"tier,omitempty"`
	Confidence float64           `json:"confidence"`
}

// ShortItem is one entry of the shortlist (at most 8).
type ShortItem struct {
	Target string  `json:"target"`
	Score  float64 `json:"score"`
}

// Choice is one reading the caller may pick to answer a question.
type Choice struct {
	ID        string         `json:"id"`
	Target    string         `json:"target"`
	Label     string         `json:"label"`
	Arguments map[string]any `json:"arguments,omitempty"`
}

// Understanding is what a tier made of a request's text: candidates best
// first, the time expression if any, the entities it names.
type Understanding struct {
	Lang       string
	Candidates []Candidate
	When       *When
	Entities   []Entity
	// Decision is the tier's own verdict: "match", "ambiguous" or "none".
	Decision string
	// Quantities is how many numbers (with or without a unit) the request
	// states: a reading that uses none of them leaves them unexplained.
	Quantities int
	// Thing is set when the request asks to stop a thing ("stop the
	// mixer"): it means that thing's halt, never Stop (§6.2).
	Thing string
	// Scheduled: the request asks in words for a schedule ("schedule a
	// filter backflush", "Plane einen Neustart ein"), with or without a time.
	Scheduled bool
	// Pretext: the request tries to talk its way past the rules ("ignore
	// all previous instructions", "no confirmation needed").
	Pretext bool
	// Hypothetical: the request asks what a change would do or whether it
	// is safe ("what would happen if I restart the controller?").
	Hypothetical bool
	// Recurring: the request asks for something again and again ("every
	// day at 6"); a schedule runs once.
	Recurring bool
	// StopsAutonomy: the request stops what acts on its own ("stop all
	// automatic actions, we're working on the valve"): the things it names
	// are not what is stopped.
	StopsAutonomy bool
}

// Candidate is one possible target with the arguments the tier filled and
// where it says each came from. The pipeline checks every claim.
type Candidate struct {
	Target    string
	Score     float64
	Args      map[string]any
	Grounding map[string]string
	Missing   []string
	// Direction: +1 when the command moves what it sets up ("fill"), -1
	// down ("drain"), 0 when the tier cannot say
	Direction int
}

// When is a time expression found in the request, resolved in the device's
// time zone. Vague is true when a convention (night 22:00) fixed the time.
type When struct {
	At    time.Time
	Text  string
	Vague bool
	Until bool // "until tomorrow": when something ends, not when to act
	Past  bool // the request asks about what was ("what happened last night")
	Range bool // the time bounds a span ("between 8 and 10"): a window, not a time to act at
}

// Entity is a thing of the Map the request names: a property, a component
// or an enum value.
type Entity struct {
	Kind string // "property", "component", "thing", "value"
	ID   string
}

// Margin is how close to the best score another reading must come for
// "two remain" (§6.1 rule 2).
const Margin = 0.02

// Context is what a tier needs besides the text.
type Context struct {
	Now  time.Time
	Loc  *time.Location
	Lang string
}

// Resolver is a tier that understands text against the live Map. The
// Recall tier implements it (adapted in package core); a model tier would too.
type Resolver interface {
	Resolve(text string, ctx Context) Understanding
}

// ResolverFunc lets a function be a Resolver.
type ResolverFunc func(text string, ctx Context) Understanding

// Resolve calls f.
func (f ResolverFunc) Resolve(text string, ctx Context) Understanding { return f(text, ctx) }
