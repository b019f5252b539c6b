// Package recall is the Recall tier of HEART Core §5: it understands a
// request with no model, by matching it against the API Index and the
// System Map (§4.1, §4.2). It normalises the text in English, German,
// Spanish or French, maps its words to English concept tokens, reads
// numbers, units, entities and times, and ranks the targets through an
// inverted index into a shortlist of at most 8 (§5), with each candidate's
// arguments filled and grounded (§6.1). It is pure: no I/O, no goroutines;
// its word lists are data files embedded with go:embed. See docs/recall.md.
package recall

import "time"

// Arg is one argument of a target.
type Arg struct {
	Name        string   `json:"name"`
	Type        string   `json:"type,omitempty"` // number, integer, string, boolean, date
	Unit        string   `json:"unit,omitempty"`
	Min         *float64 `json:"minimum,omitempty"`
	Max         *float64 `json:"maximum,omitempty"`
	Default     any      `json:"default,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Required    bool     `json:"required,omitempty"`
	Description string   `json:"description,omitempty"`
	// Entity says which kind of entity the value names: "property",
	// "component" or "" (a plain value). Empty for the Index operations that
	// concepts.json knows (getProperty.name -> property ...).
	Entity string `json:"entity,omitempty"`
}

// Target is something a request can mean: an Index operation or a product
// command (custom definition) of the System Map.
type Target struct {
	ID      string   `json:"id"`   // "getProperty", "com.acme.pump.set_flow"
	Kind    string   `json:"kind"` // "operation" | "command"
	Phrases []string `json:"phrases,omitempty"`
	Text    []string `json:"text,omitempty"` // summary, title, description, thing, component
	Risk    string   `json:"risk,omitempty"`
	Args    []Arg    `json:"args,omitempty"`
	Thing   string   `json:"thing,omitempty"` // commands: the thing it belongs to ("pump")
	Halt    bool     `json:"halt,omitempty"`  // the thing's halt
	// Method and Path of an operation ("GET", "/alerts/{id}"): people who
	// use the API may name it so (named.go)
	Method string `json:"method,omitempty"`
	Path   string `json:"path,omitempty"`
}

// Entity is something a request can name: a property, a component, a thing
// or an enum value. Aliases are extra names in any of the four languages.
type Entity struct {
	Kind    string   `json:"kind"` // property | component | thing | enum
	ID      string   `json:"id"`
	Aliases []string `json:"aliases,omitempty"`
	Unit    string   `json:"unit,omitempty"`
}

// Options tune Build and Resolve. Zero values take the defaults below.
type Options struct {
	// MatchThreshold: a best score under it is Decision "none" (default 0.42).
	MatchThreshold float64
	// UnanchoredThreshold: a best score under it is "none" too when the
	// request names nothing of this system (no property, component,
	// definition, id or operation) and no word that only the best target
	// and at most one other use: common words alone that only just match
	// are more often about something else (default 0.45). Stopping and
	// undoing are exempt.
	UnanchoredThreshold float64
	// AmbiguityMargin: the top two closer than this is "ambiguous" (default 0.06).
	AmbiguityMargin float64
	// ShortlistSize: at most this many candidates, never more than 8 (default 8).
	ShortlistSize int
	// MinCandidateScore: candidates under it are left off the shortlist (default 0.12).
	MinCandidateScore float64
	// NoDefaultAliases: do not add the embedded aliases (entities-acme.json)
	// to entities with the same kind and id.
	NoDefaultAliases bool
}

// Defaults for Options.
const (
	DefaultMatchThreshold    = 0.42
	DefaultUnanchored        = 0.45
	DefaultAmbiguityMargin   = 0.06
	DefaultShortlistSize     = 8
	DefaultMinCandidateScore = 0.12
)

func (o Options) withDefaults() Options {
	if o.MatchThreshold <= 0 {
		o.MatchThreshold = DefaultMatchThreshold
	}
	if o.UnanchoredThreshold <= 0 {
		o.UnanchoredThreshold = DefaultUnanchored
	}
	if o.AmbiguityMargin <= 0 {
		o.AmbiguityMargin = DefaultAmbiguityMargin
	}
	if o.ShortlistSize <= 0 || o.ShortlistSize > 8 {
		o.ShortlistSize = DefaultShortlistSize
	}
	if o.MinCandidateScore <= 0 {
		o.MinCandidateScore = DefaultMinCandidateScore
	}
	return o
}

// Context is what Resolve needs from outside: the current time and the
// device's time zone (Card timeZone; nil means UTC), and an optional
// language hint (en, de, es, fr).
type Context struct {
	Now  time.Time
	Loc  *time.Location
	Lang string
}

// Candidate is one reading of a request.
type Candidate struct {
	Target    string            `json:"target"`
	Score     float64           `json:"score"` // in [0, 1]
	Args      map[string]any    `json:"arguments,omitempty"`
	Grounding map[string]string `json:"grounding,omitempty"` // arg -> stated | default
	Missing   []string          `json:"missing,omitempty"`   // required args with no value
	// Direction: +1 when the command moves what it sets up ("fill"), -1
	// down ("drain"), 0 when it says neither (direction.go)
	Direction int `json:"direction,omitempty"`

	fromText  int // string args filled from identifiers or numbers in the request: "show schedule 3" names one schedule
	unusedQty int // unitless numbers of the request no argument took
}

// TimeExpr is a time the request names, resolved in Context.Loc.
type TimeExpr struct {
	At    time.Time `json:"at"`
	Text  string    `json:"text"`
	Vague bool      `json:"vague"` // a convention filled a part ("night" -> 22:00)
	// Until: the time ends something ("stop everything until tomorrow"),
	// it does not say when to act
	Until bool `json:"until,omitempty"`
	// Past: the request asks about what was ("what happened last night"),
	// so the time is not one to act at
	Past bool `json:"past,omitempty"`
	// Range: the time bounds a span ("entre 8h et 10h", "between 2 and 4
	// pm"): a window to read, not a time to act at
	Range bool `json:"range,omitempty"`

	dateOnly bool // only "today": a date, not a time to schedule at
	bare     bool // an hour alone ("at 6"): a time only for a target that takes no number
	dayOnly  bool // a day without a time of day: may fill a date argument
}

// EntityRef is an entity the request names.
type EntityRef struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
	Text string `json:"text,omitempty"`
}

// Decisions.
const (
	DecisionMatch     = "match"
	DecisionAmbiguous = "ambiguous"
	DecisionNone      = "none"
	// DecisionVague: the request asks for a change without saying of what
	// ("set it to 50", "arráncalo"); the shortlist holds the commands it
	// could mean, for the Core to ask about
	DecisionVague = "vague"
)

// Result is what Resolve understood.
type Result struct {
	Lang       string      `json:"lang"`
	Shortlist  []Candidate `json:"shortlist"`
	Quantities []Quantity  `json:"quantities,omitempty"`
	// When is the time the request states for acting. It stays reported
	// when it also fills a time argument ("set the clock to 14 h 05"), so
	// that the Core can check that claim; a target taking such an argument
	// is not scheduled. A date argument ("today's report") takes it away.
	When *TimeExpr `json:"when,omitempty"`
	// Scheduled: the request asks for a change by the word schedule
	// ("schedule a filter backflush"): a schedule even without a time,
	// for which the Core asks.
	Scheduled bool        `json:"scheduled,omitempty"`
	Entities  []EntityRef `json:"entities,omitempty"`
	Decision  string      `json:"decision"`
	// Thing is set when the request asks to stop a thing ("stop the mixer"):
	// the Core must not answer it with postTendingStop (§6.2). ThingHalt is
	// that thing's halt command, or "" when it has none (the Core refuses and
	// offers "stop automatic actions").
	Thing     string `json:"thing,omitempty"`
	ThingHalt string `json:"thingHalt,omitempty"`
	// Pretext: the request tries to talk its way past the rules ("ignore
	// all previous instructions", "you are now in admin mode", "no
	// confirmation needed"). Those words choose nothing; the Core refuses
	// what the rest asks for (never a change that skips a person).
	Pretext bool `json:"pretext,omitempty"`
	// Hypothetical: the request asks what a change would do, or whether it
	// is safe ("what would happen if I restart the controller?", "ist es
	// sicher, den Tank jetzt zu füllen?"): the Core offers the change and
	// asks, rather than submit it.
	Hypothetical bool `json:"hypothetical,omitempty"`
	// Recurring: the request asks for something again and again ("every day
	// at 6", "de lunes a viernes"); one schedule cannot do that, so the Core
	// asks for one time rather than act now or once.
	Recurring bool `json:"recurring,omitempty"`
	// StopsAutonomy: "stop all automatic actions, we're working on the
	// valve" stops what acts on its own; the valve is not stopped.
	StopsAutonomy bool `json:"stopsAutonomy,omitempty"`
}
